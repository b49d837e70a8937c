import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { AssociatedAccount, AssociationChange, AssociationList } from '../../contract/schemas/association.ts';
import type { Db } from '../db/schema.ts';
import { checkPassword } from './accounts.ts';
import { DomainError } from './errors.ts';
import type { LoginGuard } from './login-throttle.ts';
import { permissionsFor } from './permissions.ts';
import type { AccountRow } from './users.ts';

/**
 * Account association (issue 11, SPEC §4 Association, §6, §8; docs/decisions/association.md).
 * A full member associates one of their old student accounts by proving its password; the
 * student account then has that one active association until the member removes it.
 */

/** The account the association pages act for. */
export type AssociationActor = Pick<AccountRow, 'id' | 'category'>;

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

/** What an association attempt is checked with: the student account's login ID and password as typed, and the browser's. */
export interface AssociateInput {
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
async function provenAccount(db: Db, input: AssociateInput, now: Date, guard: LoginGuard): Promise<AccountRow> {
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
 * POST /api/users/associate. Only after the password is proven does the answer say anything
 * about the account (not a student, associated already). One INSERT decides between parallel
 * requests: the partial unique index allows one active association per student account.
 */
export async function associateAccount(db: Db, actor: AssociationActor, input: AssociateInput, now: Date, guard: LoginGuard = {}): Promise<AssociationChange> {
  assertFullMember(actor);
  const account = await provenAccount(db, input, now, guard);
  // The member's own account is no old student account of theirs (migration 0017 refuses it too).
  if (account.id === actor.id) throw new DomainError('invalid_relationship_nature');
  if (account.category !== 'STUDENT') throw new DomainError('notStudent');
  const id = randomUUID();
  const inserted = await sql<Row>`INSERT INTO user_relationships (id, member_id, associate_id, nature, created_at)
    VALUES (${id}, ${actor.id}, ${account.id}, 'OLD_STUDENT_ACCOUNT', ${now})
    ON CONFLICT (associate_id) WHERE removed_at IS NULL DO NOTHING
    RETURNING id, created_at`.execute(db);
  const row = inserted.rows[0];
  if (!row) {
    const holder = await db
      .selectFrom('user_relationships')
      .select('member_id')
      .where('associate_id', '=', account.id)
      .where('removed_at', 'is', null)
      .executeTakeFirst();
    // Associated with this member already: SPEC's 'Cannot be associated repeatedly'.
    if (!holder || holder.member_id === actor.id) throw new DomainError('duplicated_relationship_nature');
    throw new DomainError('alreadyHasActiveAssociation');
  }
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
