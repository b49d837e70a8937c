import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { AssociatedAccount, AssociationChange, AssociationList, AssociationTicket } from '../../contract/schemas/association.ts';
import type { Db } from '../db/schema.ts';
import { checkPassword } from './accounts.ts';
import { DomainError } from './errors.ts';
import type { LoginGuard } from './login-throttle.ts';
import { permissionsFor } from './permissions.ts';
import { randomToken, sha256 } from './tokens.ts';
import type { AccountRow } from './users.ts';

/**
 * Account association (issue 11, SPEC §4 Association, §6, §8; docs/decisions/association.md).
 * A full member associates one of their old student accounts by proving its password; the
 * student account then has that one active association until the member removes it.
 */

/** The account the association pages act for, and the hash of the session it asks from (a ticket is that session's). */
export type AssociationActor = Pick<AccountRow, 'id' | 'category'> & { sessionHash: string };

/** How long a checked association may wait for the member's confirmation. */
export const ASSOCIATION_TICKET_MS = 5 * 60_000;

/** SPEC §6: account association is for full members only. */
function assertFullMember(actor: AssociationActor): void {
  if (!permissionsFor(actor.category, { schoolAllowsQrLogin: null }).includes('fullMember')) throw new DomainError('non_full_member');
}

interface Row {
  id: string;
  login_id: string;
  display_name: string;
  created_at: Date | string;
}

function toAssociated(row: Row): AssociatedAccount {
  return { id: row.id, cityId: row.login_id, displayName: row.display_name, associatedAt: new Date(row.created_at).toISOString() };
}

async function activeAssociations(db: Db, memberId: string): Promise<AssociatedAccount[]> {
  const result = await sql<Row>`SELECT r.id, u.login_id, u.display_name, r.created_at
    FROM user_relationships r JOIN users u ON u.id = r.associate_id
    WHERE r.member_id = ${memberId} AND r.removed_at IS NULL
    ORDER BY r.created_at, r.id`.execute(db);
  return result.rows.map(toAssociated);
}

/** What an association check is made with: the student account's login ID and password as typed, and the browser's. */
export interface AssociationCheckInput {
  cityId: string;
  password: string;
  /** The client address (the login's per-address delays). */
  address: string;
  /** The browser's device cookie: a browser the student account signed in from is not asked for the challenge. */
  deviceCookie?: string | undefined;
  /** The reCAPTCHA token, once `loginChallengeRequired` was answered. */
  recaptchaToken?: string | undefined;
}

/** GET /api/users/associate/get. */
export async function listAssociations(db: Db, actor: AssociationActor): Promise<AssociationList> {
  assertFullMember(actor);
  return { associations: await activeAssociations(db, actor.id) };
}

/**
 * The student account's password, checked by the login's own path (accounts.ts `checkPassword`):
 * the same argon2id verification, the same per-(account, address) delays, the same dummy hash for
 * unknown login IDs. So this form guesses no faster than the login page does, and answers one code
 * for an unknown account, a wrong password and an account that cannot sign in: it tells nothing
 * the login page would not. The login's guard too (`loginGuard`: its refusal memory and reCAPTCHA
 * verifier): an account over its budget of wrong passwords asks for the challenge here as there,
 * and a solved one (`recaptchaToken`) lets the owner through (never a lockout).
 */
async function provenAccount(db: Db, input: AssociationCheckInput, now: Date, guard: LoginGuard): Promise<AccountRow> {
  try {
    return await checkPassword(
      db,
      { loginId: input.cityId, password: input.password, address: input.address, deviceCookie: input.deviceCookie, recaptchaToken: input.recaptchaToken },
      now,
      guard,
    );
  } catch (error) {
    if (error instanceof DomainError && (error.code === 'loginFailed' || error.code === 'accountInactive')) {
      throw new DomainError('wrongPasswordOrUserNotFound');
    }
    throw error;
  }
}

/**
 * Why `account` cannot be associated with the member now, if it cannot: the member's own
 * account, not a student account, or associated already (with this member or another).
 */
async function associationRefusal(db: Db, actor: AssociationActor, account: Pick<AccountRow, 'id' | 'category'>): Promise<DomainError | null> {
  // The member's own account is no old student account of theirs (migration 0017 refuses it too).
  if (account.id === actor.id) return new DomainError('invalid_relationship_nature');
  if (account.category !== 'STUDENT') return new DomainError('notStudent');
  const holder = await db.selectFrom('user_relationships').select('member_id').where('associate_id', '=', account.id).where('removed_at', 'is', null).executeTakeFirst();
  if (!holder) return null;
  // Associated with this member already: SPEC's 'Cannot be associated repeatedly'.
  return new DomainError(holder.member_id === actor.id ? 'duplicated_relationship_nature' : 'alreadyHasActiveAssociation');
}

/**
 * POST /api/users/associate/check. Only after the password is proven does the answer say
 * anything about the account (not a student, associated already). A student account that can be
 * associated gets a ticket: random, single-use, 5 minutes, for this member's session only; the
 * database keeps only its hash. The answer names the account (login ID and category) for the
 * confirmation; the browser forgets the password.
 */
export async function checkAssociation(db: Db, actor: AssociationActor, input: AssociationCheckInput, now: Date, guard: LoginGuard = {}): Promise<AssociationTicket> {
  assertFullMember(actor);
  const account = await provenAccount(db, input, now, guard);
  const refused = await associationRefusal(db, actor, account);
  if (refused) throw refused;
  const ticket = randomToken();
  // Lapsed tickets go as new ones come: the table holds only minutes of them.
  await db.deleteFrom('association_tickets').where('expires_at', '<=', now).execute();
  await db
    .insertInto('association_tickets')
    .values({ ticket_hash: sha256(ticket), session_hash: actor.sessionHash, member_id: actor.id, associate_id: account.id, expires_at: new Date(now.getTime() + ASSOCIATION_TICKET_MS) })
    .execute();
  return { ticket, cityId: account.login_id, category: account.category };
}

/**
 * POST /api/users/associate. One DELETE spends the ticket (alive, this member's, from this
 * session): of parallel uses of one ticket exactly one goes on. The account is checked again (it
 * may have changed in the minutes since the check), then one INSERT decides between parallel
 * associations: the partial unique index allows one active association per student account.
 */
export async function associateAccount(db: Db, actor: AssociationActor, input: { ticket: string }, now: Date): Promise<AssociationChange> {
  assertFullMember(actor);
  const spent = await db
    .deleteFrom('association_tickets')
    .where('ticket_hash', '=', sha256(input.ticket))
    .where('session_hash', '=', actor.sessionHash)
    .where('member_id', '=', actor.id)
    .where('expires_at', '>', now)
    .returning('associate_id')
    .executeTakeFirst();
  if (!spent) throw new DomainError('associationTicketInvalid');
  const account = await db.selectFrom('users').select(['id', 'category', 'login_id', 'display_name']).where('id', '=', spent.associate_id).executeTakeFirstOrThrow();
  const refused = await associationRefusal(db, actor, account);
  if (refused) throw refused;
  const id = randomUUID();
  const inserted = await sql<Row>`INSERT INTO user_relationships (id, member_id, associate_id, nature, created_at)
    VALUES (${id}, ${actor.id}, ${account.id}, 'OLD_STUDENT_ACCOUNT', ${now})
    ON CONFLICT (associate_id) WHERE removed_at IS NULL DO NOTHING
    RETURNING id, created_at`.execute(db);
  const row = inserted.rows[0];
  // Another ticket for the same account was spent in the meantime.
  if (!row) throw (await associationRefusal(db, actor, account)) ?? new DomainError('alreadyHasActiveAssociation');
  return {
    account: toAssociated({ id: row.id, login_id: account.login_id, display_name: account.display_name, created_at: row.created_at }),
    associations: await activeAssociations(db, actor.id),
  };
}

/**
 * POST /api/users/associate/remove. One UPDATE under the row lock: of parallel removals one
 * succeeds and the others find the association inactive. Another member's id answers as an
 * unknown one.
 */
export async function removeAssociation(db: Db, actor: AssociationActor, input: { id: string }, now: Date): Promise<AssociationChange> {
  assertFullMember(actor);
  const removed = await sql<Row>`UPDATE user_relationships r SET removed_at = ${now}
    FROM users u
    WHERE r.id = ${input.id} AND r.member_id = ${actor.id} AND r.removed_at IS NULL AND u.id = r.associate_id
    RETURNING r.id, u.login_id, u.display_name, r.created_at`.execute(db);
  const row = removed.rows[0];
  if (!row) {
    const known = await db.selectFrom('user_relationships').select('id').where('id', '=', input.id).where('member_id', '=', actor.id).executeTakeFirst();
    // SPEC's 'Cannot unassociate': the association was this member's but is no longer active.
    throw new DomainError(known ? 'inactiveAssociateAccount' : 'not_exist_user_relationship');
  }
  return { account: toAssociated(row), associations: await activeAssociations(db, actor.id) };
}
