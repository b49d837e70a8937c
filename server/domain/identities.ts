import { sql } from 'kysely';
import type { LinkedIdentity, LoginInfo, MemberLink, SignInChoice, ThirdPartyProvider } from '../../contract/schemas/third-party.ts';
import type { Db } from '../db/schema.ts';
import { checkPassword, type PasswordLoginInput } from './accounts.ts';
import type { LoginGuard } from './login-throttle.ts';
import { DomainError, uniqueViolation } from './errors.ts';
import { queueSecurityEmail, securityEmailUser } from './security-emails.ts';
import { hmacSha256, randomToken, isTokenShape } from './tokens.ts';
import { ACCOUNT_COLUMNS, type AccountRow } from './users.ts';

/**
 * Third-party identities (issue 10 part A, SPEC §1, §2, §8 Third-party link;
 * docs/decisions/third-party.md). Each rule is one small function, so the sign-in history
 * and the security emails can be wired to it in one line each.
 */

/** A third-party identity as the relying party verified it (issuer, id_token and all). */
export interface VerifiedIdentity {
  provider: ThirdPartyProvider;
  /** The provider's stable subject (`sub`): never the email, which can change hands. */
  subject: string;
  email: string | null;
}

/** Where a security notice's links point and whom it names for help. */
export interface NoticeSettings {
  supportEmail: string;
  publicUrl: string;
}

const PROVIDER_NAMES: Record<ThirdPartyProvider, string> = { google: 'Google' };

/** Tells the account's owner, in the change's transaction, that a third-party account was linked or unlinked. */
async function noticeOf(tx: Db, userId: string, kind: 'thirdPartyLinked' | 'thirdPartyUnlinked', provider: ThirdPartyProvider, notice: NoticeSettings, now: Date) {
  const user = await securityEmailUser(tx, userId);
  if (user) await queueSecurityEmail(tx, user, kind, { at: now, provider: PROVIDER_NAMES[provider], ...notice });
}

/** How long an unlinked identity waits at /third-party-link for its login name and password. */
export const PENDING_IDENTITY_MS = 10 * 60_000;

function pendingHash(secret: string, token: string): string {
  return hmacSha256(secret, `pending-identity:${token}`);
}

/** The account a sign-in with the identity opens (its owner's, or the associated account chosen), or null. */
async function accountOfIdentity(db: Db, identity: Pick<VerifiedIdentity, 'provider' | 'subject'>): Promise<AccountRow | null> {
  // The account chosen on /profile/login-info while its association is active; else the owner's.
  const result = await sql<AccountRow>`SELECT ${ACCOUNT_COLUMNS}
    FROM user_identities i
    LEFT JOIN user_relationships r ON r.member_id = i.user_id AND r.associate_id = i.opens_user_id AND r.removed_at IS NULL
    JOIN users u ON u.id = COALESCE(r.associate_id, i.user_id)
    LEFT JOIN schools sc ON sc.code = u.school_code
    WHERE i.provider = ${identity.provider} AND i.subject = ${identity.subject}`.execute(db);
  return result.rows[0] ?? null;
}

export type IdentitySignIn = { status: 'account'; account: AccountRow } | { status: 'unlinked'; pendingToken: string };

/**
 * A verified identity signs in: the account it is linked to (the caller starts the session, or
 * the second factor for school administrators), or, when linked to none, a pending identity
 * whose token the browser keeps for /third-party-link.
 */
export async function signInWithIdentity(db: Db, identity: VerifiedIdentity, secret: string, now: Date): Promise<IdentitySignIn> {
  const account = await accountOfIdentity(db, identity);
  if (account) {
    if (account.status !== 'active') throw new DomainError('accountInactive');
    return { status: 'account', account };
  }
  const pendingToken = randomToken();
  await db
    .insertInto('pending_identities')
    .values({
      id_hash: pendingHash(secret, pendingToken),
      provider: identity.provider,
      subject: identity.subject,
      email: identity.email,
      created_at: now,
      expires_at: new Date(now.getTime() + PENDING_IDENTITY_MS),
      used_at: null,
    })
    .execute();
  return { status: 'unlinked', pendingToken };
}

/**
 * Links an identity to an account. `identifierUsed` when it already opens another account; linking
 * it again to the same account changes nothing. An account holds one identity per provider: a new
 * one replaces the old.
 */
export async function linkIdentity(db: Db, userId: string, identity: VerifiedIdentity, notice: NoticeSettings, now: Date): Promise<void> {
  await db.transaction().execute(async (tx) => {
    const owner = await tx
      .selectFrom('user_identities')
      .select('user_id')
      .where('provider', '=', identity.provider)
      .where('subject', '=', identity.subject)
      .executeTakeFirst();
    if (owner && owner.user_id !== userId) throw new DomainError('identifierUsed');
    if (owner) return;
    await tx.deleteFrom('user_identities').where('user_id', '=', userId).where('provider', '=', identity.provider).execute();
    try {
      await tx
        .insertInto('user_identities')
        .values({ provider: identity.provider, subject: identity.subject, user_id: userId, email: identity.email, linked_at: now })
        .execute();
    } catch (error) {
      // Another request linked the same identity between the read and the insert.
      if (uniqueViolation(error) !== null) throw new DomainError('identifierUsed');
      throw error;
    }
    await noticeOf(tx, userId, 'thirdPartyLinked', identity.provider, notice, now);
  });
}

/**
 * /third-party-link: the login name and password of an existing account (throttled and held as
 * password login is, through `checkPassword`) attach the pending identity to it. The pending
 * identity is consumed atomically: a second attempt with the same cookie finds nothing
 * (`thirdPartyFailed`). A wrong password leaves it waiting, so the person can try again.
 */
export async function attachPendingIdentity(
  db: Db,
  input: PasswordLoginInput & { pendingToken: string | undefined },
  secret: string,
  notice: NoticeSettings,
  now: Date,
  guard: LoginGuard = {},
): Promise<{ account: AccountRow; identity: VerifiedIdentity }> {
  const token = input.pendingToken;
  if (!token || !isTokenShape(token)) throw new DomainError('thirdPartyFailed');
  const idHash = pendingHash(secret, token);
  const pending = await db
    .selectFrom('pending_identities')
    .select(['provider', 'subject', 'email', 'expires_at'])
    .where('id_hash', '=', idHash)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  if (!pending || pending.expires_at.getTime() <= now.getTime()) throw new DomainError('thirdPartyFailed');
  const { pendingToken: _token, ...attempt } = input;
  const account = await checkPassword(db, attempt, now, guard);
  const identity: VerifiedIdentity = { provider: pending.provider as ThirdPartyProvider, subject: pending.subject, email: pending.email };
  const consumed = await db
    .updateTable('pending_identities')
    .set({ used_at: now })
    .where('id_hash', '=', idHash)
    .where('used_at', 'is', null)
    .returning('id_hash')
    .executeTakeFirst();
  if (!consumed) throw new DomainError('thirdPartyFailed');
  await linkIdentity(db, account.id, identity, notice, now);
  return { account, identity };
}

/**
 * The accounts the account's identities may open: its own, then its active associations (old
 * student accounts, issue 11). Only the own account when it has none.
 */
async function signInChoices(db: Db, userId: string): Promise<SignInChoice[]> {
  const result = await sql<{ id: string; login_id: string; display_name: string; own: boolean }>`
    SELECT u.id, u.login_id, u.display_name, true AS own, NULL::timestamptz AS created_at, '' AS rid FROM users u WHERE u.id = ${userId}
    UNION ALL
    SELECT u.id, u.login_id, u.display_name, false AS own, r.created_at, r.id AS rid
    FROM user_relationships r JOIN users u ON u.id = r.associate_id
    WHERE r.member_id = ${userId} AND r.removed_at IS NULL
    ORDER BY own DESC, created_at, rid`.execute(db);
  return result.rows.map((row) => ({ userId: row.id, loginId: row.login_id, displayName: row.display_name, own: Boolean(row.own) }));
}

/**
 * The links the student-member upgrade's "link" choice recorded (`upgrades.data.linkedUserId` of a
 * completed upgrade): the member account this account was linked to, and the student member
 * accounts linked to this one.
 */
async function memberLinks(db: Db, userId: string): Promise<MemberLink[]> {
  const result = await sql<{ side: 'member' | 'student'; login_id: string; display_name: string; completed_at: Date }>`
    SELECT 'member' AS side, u.login_id, u.display_name, g.completed_at
    FROM upgrades g JOIN users u ON u.id::text = g.data->>'linkedUserId'
    WHERE g.user_id = ${userId} AND g.kind = 'studentMember' AND g.completed_at IS NOT NULL
    UNION ALL
    SELECT 'student' AS side, u.login_id, u.display_name, g.completed_at
    FROM upgrades g JOIN users u ON u.id = g.user_id
    WHERE g.data->>'linkedUserId' = ${userId}::text AND g.kind = 'studentMember' AND g.completed_at IS NOT NULL
    ORDER BY completed_at, login_id`.execute(db);
  return result.rows.map((row) => ({ side: row.side, loginId: row.login_id, displayName: row.display_name, linkedAt: new Date(row.completed_at).toISOString() }));
}

/**
 * The identities linked to an account, whether unlinking would leave a way to sign in, and, when
 * a Google identity is linked and the account has associations, the accounts its sign-in may open
 * and the one it opens now (the owner's when the chosen association was removed since).
 */
export async function listIdentities(db: Db, userId: string): Promise<LoginInfo> {
  const rows = await db
    .selectFrom('user_identities')
    .select(['provider', 'email', 'linked_at', 'opens_user_id'])
    .where('user_id', '=', userId)
    .orderBy('linked_at')
    .execute();
  const user = await db.selectFrom('users').select('password_hash').where('id', '=', userId).executeTakeFirst();
  const google = rows.find((row) => row.provider === 'google');
  const all = google ? await signInChoices(db, userId) : [];
  const choices = all.length > 1 ? all : [];
  const opensUserId = choices.length ? (choices.find((choice) => choice.userId === google?.opens_user_id)?.userId ?? userId) : null;
  return {
    identities: rows.map((row) => ({ provider: row.provider as ThirdPartyProvider, email: row.email, linkedAt: row.linked_at.toISOString() })),
    memberLinks: await memberLinks(db, userId),
    hasPassword: Boolean(user?.password_hash),
    choices,
    opensUserId,
  };
}

/**
 * Chooses the account the account's identity of a provider opens: its own (stored as null) or one
 * of its active associations (`signInChoiceInvalid` otherwise: another person's account, a removed
 * association). `identityNotLinked` when no identity of the provider is linked.
 */
export async function chooseSignInAccount(db: Db, userId: string, provider: ThirdPartyProvider, chosenId: string): Promise<LoginInfo> {
  let opens: string | null = null;
  if (chosenId !== userId) {
    const association = await db
      .selectFrom('user_relationships')
      .select('associate_id')
      .where('member_id', '=', userId)
      .where('associate_id', '=', chosenId)
      .where('removed_at', 'is', null)
      .executeTakeFirst();
    if (!association) throw new DomainError('signInChoiceInvalid');
    opens = association.associate_id;
  }
  const updated = await db
    .updateTable('user_identities')
    .set({ opens_user_id: opens })
    .where('user_id', '=', userId)
    .where('provider', '=', provider)
    .returning('subject')
    .executeTakeFirst();
  if (!updated) throw new DomainError('identityNotLinked');
  return listIdentities(db, userId);
}

/**
 * Unlinks the account's identity of a provider. Refused (`lastSignInMethod`) when it is the only
 * way left to sign in: no password and no other identity. `identityNotLinked` when none is linked.
 * Returns the unlinked identity (for the security email).
 */
export async function unlinkIdentity(db: Db, userId: string, provider: ThirdPartyProvider, notice: NoticeSettings, now: Date): Promise<LinkedIdentity> {
  return db.transaction().execute(async (tx) => {
    // Lock the account's row: two unlinks at once cannot each see the other's identity as the one left.
    const user = await tx.selectFrom('users').select('password_hash').where('id', '=', userId).forUpdate().executeTakeFirst();
    const rows = await tx.selectFrom('user_identities').select(['provider', 'email', 'linked_at']).where('user_id', '=', userId).execute();
    const target = rows.find((row) => row.provider === provider);
    if (!target) throw new DomainError('identityNotLinked');
    if (!user?.password_hash && rows.length <= 1) throw new DomainError('lastSignInMethod');
    await tx.deleteFrom('user_identities').where('user_id', '=', userId).where('provider', '=', provider).execute();
    await noticeOf(tx, userId, 'thirdPartyUnlinked', provider, notice, now);
    return { provider, email: target.email, linkedAt: target.linked_at.toISOString() };
  });
}

/** The third-party links the basic profile lists (SPEC §2 Basic profile). */
export async function thirdPartyLinksOf(db: Db, userId: string): Promise<{ provider: ThirdPartyProvider; label: string }[]> {
  const rows = await db.selectFrom('user_identities').select(['provider', 'email', 'subject']).where('user_id', '=', userId).orderBy('linked_at').execute();
  return rows.map((row) => ({ provider: row.provider as ThirdPartyProvider, label: row.email ?? row.subject }));
}
