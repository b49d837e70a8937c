import type { Db } from '../schema.ts';
import { DEMO_SCHOOL, seedOnce, type DemoAccount } from './demo-accounts.ts';

/** The demo accounts of issue 2 (README lists them). All use DEMO_PASSWORD. */
export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  ...Array.from({ length: 8 }, (_, i): DemoAccount => ({
    loginId: `demo_public${i + 1}`,
    email: `public${i + 1}@demo.test`,
    category: 'PUBLIC',
    displayName: `Demo Public ${i + 1}`,
  })),
  { loginId: 'demo_student1', email: null, category: 'STUDENT', displayName: 'Demo Student 1', school: DEMO_SCHOOL },
  { loginId: 'demo_studentmember1', email: 'studentmember1@demo.test', category: 'STUDENT_MEMBER', displayName: 'Demo Student Member 1' },
  { loginId: 'demo_fullmember1', email: 'fullmember1@demo.test', category: 'FULL_MEMBER', displayName: 'Demo Full Member 1' },
  { loginId: 'demo_teacher1', email: 'teacher1@demo.test', category: 'SCHOOL_BASED_TEACHER', displayName: 'Demo Teacher 1', school: DEMO_SCHOOL },
  { loginId: 'demo_iteacher1', email: 'iteacher1@demo.test', category: 'INDIVIDUAL_TEACHER', displayName: 'Demo Individual Teacher 1' },
  // Seeded without a two-factor email (users.mfa_email, issue 9): its first login sets one up.
  {
    loginId: 'demo_schooladmin1',
    email: 'schooladmin1@demo.test',
    category: 'SCHOOL_ADMINISTRATOR',
    displayName: 'Demo School Administrator 1',
    school: DEMO_SCHOOL,
  },
  { loginId: 'demo_school1', email: null, category: 'SCHOOL', displayName: 'Demo Primary School', school: DEMO_SCHOOL },
];

/** The demo school and the accounts of issue 2, once. */
export function seedDemoAccounts(db: Db, now: Date): Promise<boolean> {
  return seedOnce(db, 'demo_seeded_at', now, ({ insertAccounts }) => insertAccounts(DEMO_ACCOUNTS));
}
