import type { EmailChangeKind, SchoolInfo } from '../../contract/index.ts';
import type { Db } from '../db/schema.ts';
import type { AccountRow } from './users.ts';

/** Who is asking, from the session. */
export type ProfileActor = Pick<AccountRow, 'id' | 'category' | 'school_code' | 'allow_qr_login'>;

export async function schoolOf(db: Db, schoolCode: string | null): Promise<SchoolInfo | null> {
  if (!schoolCode) return null;
  const row = await db.selectFrom('schools').select(['code', 'name', 'chinese_name']).where('code', '=', schoolCode).executeTakeFirst();
  return row ? { code: row.code, name: row.name, chineseName: row.chinese_name ?? null } : null;
}

/** The newest change of that kind still waiting for its link (S2 writes these rows). */
export async function pendingEmail(db: Db, userId: string, kind: EmailChangeKind, now: Date): Promise<string | null> {
  const row = await db
    .selectFrom('email_changes')
    .select('email')
    .where('user_id', '=', userId)
    .where('kind', '=', kind)
    .where('used_at', 'is', null)
    .where('superseded_at', 'is', null)
    .where('expires_at', '>', now)
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row?.email ?? null;
}

