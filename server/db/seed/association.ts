import { randomUUID } from 'node:crypto';
import type { Db } from '../schema.ts';
import { DEMO_SCHOOL, seedOnce, type DemoAccount } from './demo-accounts.ts';

/**
 * Issue 11: old student accounts for account association (README "Try it"), in a step of their
 * own so databases seeded before get them once. `demo_oldstudent2` is associated with
 * `demo_fullmember1`; `demo_oldstudent1` is free to associate. Both use DEMO_PASSWORD.
 */
export const DEMO_OLD_STUDENTS: readonly DemoAccount[] = ['Demo Old Student 1', 'Demo Old Student 2'].map((displayName, i) => ({
  loginId: `demo_oldstudent${i + 1}`,
  email: null,
  category: 'STUDENT',
  displayName,
  school: DEMO_SCHOOL,
  columns: { roles: ['STUDENT'] },
}));
export const DEMO_ASSOCIATION = { member: 'demo_fullmember1', student: 'demo_oldstudent2' } as const;

export function seedDemoAssociations(db: Db, now: Date): Promise<boolean> {
  return seedOnce(db, 'demo_associations_seeded_at', now, async ({ tx, insertAccounts }) => {
    await insertAccounts(DEMO_OLD_STUDENTS);
    const member = await tx.selectFrom('users').select(['id', 'category']).where('login_id', '=', DEMO_ASSOCIATION.member).executeTakeFirst();
    const student = await tx.selectFrom('users').select(['id', 'category']).where('login_id', '=', DEMO_ASSOCIATION.student).executeTakeFirst();
    if (member?.category === 'FULL_MEMBER' && student?.category === 'STUDENT') {
      await tx
        .insertInto('user_relationships')
        .values({ id: randomUUID(), member_id: member.id, associate_id: student.id, nature: 'OLD_STUDENT_ACCOUNT', created_at: now, removed_at: null })
        .onConflict((oc) => oc.column('associate_id').where('removed_at', 'is', null).doNothing())
        .execute();
    }
  });
}
