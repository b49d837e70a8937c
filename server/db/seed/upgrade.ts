import type { Db } from '../schema.ts';
import { DEMO_SCHOOL, seedOnce, type DemoAccount } from './demo-accounts.ts';

/**
 * Issue 11: students of DEMO01 who can take the student-member upgrade (two, so one can be
 * upgraded by hand while the other stays for the journeys), seeded once, also on a database
 * seeded before.
 */
const DEMO_UPGRADE_ACCOUNTS: readonly DemoAccount[] = [
  { loginId: 'demo_student2', email: null, category: 'STUDENT', displayName: 'Demo Student 2', school: DEMO_SCHOOL },
  { loginId: 'demo_student3', email: null, category: 'STUDENT', displayName: 'Demo Student 3', school: DEMO_SCHOOL },
];

export function seedUpgradeAccounts(db: Db, now: Date): Promise<boolean> {
  return seedOnce(db, 'demo_upgrade_seeded_at', now, ({ insertAccounts }) => insertAccounts(DEMO_UPGRADE_ACCOUNTS));
}

/**
 * Issue 11, second part: a public member kept for trying the full-member upgrade by hand
 * (demo_public9: the other public demo accounts serve other journeys and examples), and a
 * student of DEMO01 whose journey links the student-member upgrade to an existing member account
 * (demo_student4). Seeded once, also on a database seeded before.
 */
const DEMO_FULL_UPGRADE_ACCOUNTS: readonly DemoAccount[] = [
  { loginId: 'demo_public9', email: 'public9@demo.test', category: 'PUBLIC', displayName: 'Demo Public 9' },
  { loginId: 'demo_student4', email: null, category: 'STUDENT', displayName: 'Demo Student 4', school: DEMO_SCHOOL },
];

export function seedFullUpgradeAccounts(db: Db, now: Date): Promise<boolean> {
  return seedOnce(db, 'demo_full_upgrade_seeded_at', now, ({ insertAccounts }) => insertAccounts(DEMO_FULL_UPGRADE_ACCOUNTS));
}
