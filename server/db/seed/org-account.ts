import type { Db } from '../schema.ts';
import { DEMO_SCHOOL, seedOnce, type DemoAccount } from './demo-accounts.ts';

/**
 * Issue 12: an account of DEMO01 that may read the school email list but not change it (the
 * SCHOOL category holds org_account.read only, server/domain/permissions.ts), for its read-only
 * mode. `demo_schooladmin1` has write permission.
 */
const DEMO_ORG_READER: DemoAccount = { loginId: 'demo_schoolreader1', email: null, category: 'SCHOOL', displayName: 'Demo School Reader 1', school: DEMO_SCHOOL };

export function seedOrgAccountReader(db: Db, now: Date): Promise<boolean> {
  return seedOnce(db, 'demo_org_reader_seeded_at', now, ({ insertAccounts }) => insertAccounts([DEMO_ORG_READER]));
}

/**
 * Issue 12: a second demo school with its own administrator (write permission, two-factor email
 * already set), so the school email list's imports and the school settings can be tried (and their
 * journeys run) without changing `DEMO01`, whose domains and QR-code login other journeys rely on.
 * Seeded once; the school starts with QR-code login off, one teacher email domain and an empty list.
 */
export const DEMO_ORG_SCHOOL = { code: 'DEMO02', name: 'Demo Secondary School', chinese_name: '示範中學', allow_qr_login: false } as const;
export const DEMO_ORG_SCHOOL_DOMAINS = ['demo-secondary.edu.hk'] as const;
const DEMO_ORG_ADMIN = { loginId: 'demo_orgadmin1', email: 'orgadmin1@demo.test', mfaEmail: 'orgadmin1.mfa@demo.test' } as const;

export function seedOrgSchoolAdmin(db: Db, now: Date): Promise<boolean> {
  return seedOnce(db, 'demo_org_admin_seeded_at', now, async ({ tx, insertAccounts }) => {
    await insertAccounts([
      {
        loginId: DEMO_ORG_ADMIN.loginId,
        email: DEMO_ORG_ADMIN.email,
        category: 'SCHOOL_ADMINISTRATOR',
        displayName: 'Demo School Administrator 3',
        school: DEMO_ORG_SCHOOL,
        columns: { mfa_email: DEMO_ORG_ADMIN.mfaEmail, english_given_name: 'Wing Sze', english_surname: 'Ho', chinese_surname: '何', chinese_given_name: '詠詩' },
      },
    ]);
    await tx
      .insertInto('school_email_domains')
      .values(DEMO_ORG_SCHOOL_DOMAINS.map((domain) => ({ school_code: DEMO_ORG_SCHOOL.code, domain })))
      .onConflict((oc) => oc.column('domain').doNothing())
      .execute();
  });
}
