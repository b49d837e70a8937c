import type { Db } from '../schema.ts';
import { DEMO_SCHOOL, seedOnce } from './demo-accounts.ts';

/**
 * Issue 12: a second administrator of DEMO01 whose two-factor email is already set, so the
 * single sign-on export can be tried (and its journey run) without touching demo_schooladmin1,
 * whose first login sets two-factor up (README, the two-factor journey). Seeded once.
 */
const DEMO_SSO_ADMIN = { loginId: 'demo_ssoadmin1', email: 'ssoadmin1@demo.test', mfaEmail: 'ssoadmin1.mfa@demo.test' } as const;

export function seedSsoExportAdmin(db: Db, now: Date): Promise<boolean> {
  return seedOnce(db, 'demo_sso_admin_seeded_at', now, ({ insertAccounts }) =>
    insertAccounts([
      {
        loginId: DEMO_SSO_ADMIN.loginId,
        email: DEMO_SSO_ADMIN.email,
        category: 'SCHOOL_ADMINISTRATOR',
        displayName: 'Demo School Administrator 2',
        school: DEMO_SCHOOL,
        columns: { mfa_email: DEMO_SSO_ADMIN.mfaEmail, english_given_name: 'Siu Wai', english_surname: 'Ma', chinese_surname: '馬', chinese_given_name: '小慧', roles: ['TEACHER'] },
      },
    ]),
  );
}
