import { randomUUID } from 'node:crypto';
import type { AccountCategory } from '../../contract/index.ts';
import { hashPassword } from '../domain/passwords.ts';
import type { Db } from './schema.ts';

export const DEMO_PASSWORD = 'Portal-Demo-2026';
export const DEMO_SCHOOL = { code: 'DEMO01', name: 'Demo Primary School', allow_qr_login: true };

interface DemoAccount {
  loginId: string;
  email: string | null;
  category: AccountCategory;
  displayName: string;
  school?: boolean;
}

/** The demo accounts of issue 2 (README lists them). All use DEMO_PASSWORD. */
export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  ...Array.from({ length: 8 }, (_, i): DemoAccount => ({
    loginId: `demo_public${i + 1}`,
    email: `public${i + 1}@demo.test`,
    category: 'PUBLIC',
    displayName: `Demo Public ${i + 1}`,
  })),
  { loginId: 'demo_student1', email: null, category: 'STUDENT', displayName: 'Demo Student 1', school: true },
  { loginId: 'demo_studentmember1', email: 'studentmember1@demo.test', category: 'STUDENT_MEMBER', displayName: 'Demo Student Member 1' },
  { loginId: 'demo_fullmember1', email: 'fullmember1@demo.test', category: 'FULL_MEMBER', displayName: 'Demo Full Member 1' },
  { loginId: 'demo_teacher1', email: 'teacher1@demo.test', category: 'SCHOOL_BASED_TEACHER', displayName: 'Demo Teacher 1', school: true },
  { loginId: 'demo_iteacher1', email: 'iteacher1@demo.test', category: 'INDIVIDUAL_TEACHER', displayName: 'Demo Individual Teacher 1' },
  {
    loginId: 'demo_schooladmin1',
    email: 'schooladmin1@demo.test',
    category: 'SCHOOL_ADMINISTRATOR',
    displayName: 'Demo School Administrator 1',
    school: true,
  },
  { loginId: 'demo_school1', email: null, category: 'SCHOOL', displayName: 'Demo Primary School', school: true },
];

const SEEDED_KEY = 'demo_seeded_at';

/**
 * Development only: seeds the demo school and accounts once (a marker row remembers it, so
 * deleting a demo account is not undone by the next start). One hash serves all accounts.
 * Returns whether it seeded.
 */
export async function seedDemoData(db: Db, now: Date): Promise<boolean> {
  const done = await db.selectFrom('app_meta').select('value').where('key', '=', SEEDED_KEY).executeTakeFirst();
  if (done) return false;
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  return db.transaction().execute(async (tx) => {
    const inserted = await tx
      .insertInto('app_meta')
      .values({ key: SEEDED_KEY, value: now.toISOString() })
      .onConflict((oc) => oc.column('key').doNothing())
      .returning('key')
      .execute();
    if (inserted.length === 0) return false;
    await tx.insertInto('schools').values(DEMO_SCHOOL).onConflict((oc) => oc.column('code').doNothing()).execute();
    await tx
      .insertInto('users')
      .values(
        DEMO_ACCOUNTS.map((account) => ({
          id: randomUUID(),
          login_id: account.loginId,
          login_email: account.email,
          contact_email: account.email,
          category: account.category,
          display_name: account.displayName,
          school_code: account.school ? DEMO_SCHOOL.code : null,
          password_hash: passwordHash,
          status: 'active' as const,
          language: 'zh_hant' as const,
          created_at: now,
          activated_at: now,
        })),
      )
      .onConflict((oc) => oc.column('login_id').doNothing())
      .execute();
    return true;
  });
}
