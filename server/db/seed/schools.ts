import type { Db } from '../schema.ts';
import { DEMO_SCHOOL, seedOnce } from './demo-accounts.ts';
import { DEMO_ORG_SCHOOL } from './org-account.ts';

/**
 * The demo schools' Chinese names (migration 0032), for a database seeded before schools had
 * one: new databases get them with the schools (DEMO_SCHOOL, DEMO_ORG_SCHOOL).
 */
export function seedSchoolChineseNames(db: Db, now: Date): Promise<boolean> {
  return seedOnce(db, 'demo_school_chinese_names_seeded_at', now, async ({ tx }) => {
    for (const school of [DEMO_SCHOOL, DEMO_ORG_SCHOOL]) {
      await tx.updateTable('schools').set({ chinese_name: school.chinese_name }).where('code', '=', school.code).where('chinese_name', 'is', null).execute();
    }
  });
}
