import { sql } from 'kysely';
import type { SignedInSession } from '../../contract/schemas/security.ts';
import type { Db } from '../db/schema.ts';
import { DomainError } from './errors.ts';
import { endUserSessions, SESSION_ABSOLUTE_MS, SESSION_IDLE_MS } from './sessions.ts';
import { describeUserAgent } from './user-agents.ts';

/** Whose sessions: the signed-in user and the session the request came with. */
export interface SessionOwner {
  userId: string;
  currentIdHash: string;
}

/** The user's live sessions, the current one first, then the most recently seen. */
export async function listSessions(db: Db, owner: SessionOwner, now: Date): Promise<SignedInSession[]> {
  const idleCutoff = new Date(now.getTime() - SESSION_IDLE_MS);
  const absoluteCutoff = new Date(now.getTime() - SESSION_ABSOLUTE_MS);
  const rows = await db
    .selectFrom('sessions')
    .select(['public_id', 'created_at', 'last_seen_at', 'user_agent', sql<boolean>`id_hash = ${owner.currentIdHash}`.as('current')])
    .where('user_id', '=', owner.userId)
    .where('last_seen_at', '>', idleCutoff)
    .where('created_at', '>', absoluteCutoff)
    .orderBy(sql`id_hash = ${owner.currentIdHash}`, 'desc')
    .orderBy('last_seen_at', 'desc')
    .execute();
  return rows.map((row) => {
    const described = describeUserAgent(row.user_agent);
    return {
      id: row.public_id,
      browser: described.browser,
      system: described.system,
      signedInAt: row.created_at.toISOString(),
      lastSeenAt: row.last_seen_at.toISOString(),
      current: row.current,
    };
  });
}

/**
 * Signs out one of the user's sessions by its public id. Another user's session, an unknown id
 * and one already ended are all `sessionNotFound` (nothing tells them apart); the current session
 * is `sessionIsCurrent` (signing out here is the menu's "Log out"). The browser signed out hears
 * `sessionSignedOut` at its next request.
 */
export async function signOutSession(db: Db, owner: SessionOwner, publicId: string): Promise<void> {
  if ((await endUserSessions(db, owner.userId, 'signedOutElsewhere', { publicId, exceptIdHash: owner.currentIdHash })) > 0) return;
  const current = await db
    .selectFrom('sessions')
    .select('public_id')
    .where('id_hash', '=', owner.currentIdHash)
    .where('public_id', '=', publicId)
    .executeTakeFirst();
  throw new DomainError(current ? 'sessionIsCurrent' : 'sessionNotFound');
}

/** Signs out every session of the user but the current one; answers how many ended. */
export async function signOutOtherSessions(db: Db, owner: SessionOwner): Promise<number> {
  return endUserSessions(db, owner.userId, 'signedOutElsewhere', { exceptIdHash: owner.currentIdHash });
}
