import { sql } from 'kysely';
import type { EmailVerifyResult, LoginAnswer, User } from '../../contract/index.ts';
import type { MfaStatus } from '../../contract/schemas/mfa-login.ts';
import type { Db } from '../db/schema.ts';
import { enqueueEmail } from '../mail/outbox.ts';
import { renderMfaLink } from '../mail/templates.ts';
import { startSession } from './accounts.ts';
import { queueSecurityEmail, securityEmailUser } from './security-emails.ts';
import { recordRefusedSignIn, recordSignIn, type SignInClient, type SignInMethod } from './sign-in-history.ts';
import { DISPOSABLE_DOMAINS, domainOf, isAcceptedEmailDomain } from './email-domains.ts';
import { maskEmail } from './email-verification.ts';
import { DomainError, uniqueViolation } from './errors.ts';
import { clearAttempts, currentHold, reserveAttempt, type HoldKey } from './holds.ts';
import { hmacSha256, isTokenShape, randomToken } from './tokens.ts';
import { findAccountById, type AccountRow } from './users.ts';
import { emailLink } from './email-links.ts';

/** The cookie naming a pending two-factor sign-in (HttpOnly, SameSite=Lax, path /auth). */
export const MFA_COOKIE = 'portal_mfa';
/** The whole second step (set up, follow the link, complete) must be done within this of the password. */
export const MFA_CHALLENGE_MS = 10 * 60_000;
/** A new confirmation email may be asked for this long after the previous one. */
export const MFA_RESEND_WAIT_MS = 60_000;
/**
 * The hold kind of two-factor addresses tried (holds.ts): each address a pending sign-in sends a
 * link to, or has refused, counts; more than HOLD_MAX_ATTEMPTS + 1 within 24 hours hold two-factor
 * login. 'Completed verification' pressed before the link was followed is not counted: it gives
 * whoever has the password nothing (issue 26).
 */
export const MFA_HOLD_KIND = 'mfa';

export interface MfaSettings {
  sessionSecret: string;
  publicUrl: string;
  supportEmail: string;
  /** Accept `*.test` addresses (outside production: the demo accounts use them). */
  allowTestDomains: boolean;
}

/** SPEC §6: school administrators sign in with a password and a second factor. */
export function needsSecondFactor(account: Pick<AccountRow, 'category'>): boolean {
  return account.category === 'SCHOOL_ADMINISTRATOR';
}

export interface ChallengeRow {
  id_hash: string;
  user_id: string;
  created_at: Date;
  expires_at: Date;
  email: string | null;
  sent_at: Date | null;
  confirmed_at: Date | null;
  mfa_email: string | null;
  login_email: string | null;
  login_id: string;
  language: AccountRow['language'];
}

function challengeHash(secret: string, token: string): string {
  return hmacSha256(secret, `mfa:${token}`);
}

function linkHash(secret: string, token: string): string {
  return hmacSha256(secret, `mfa-link:${token}`);
}

function holdKey(userId: string): HoldKey {
  return { subject: userId, kind: MFA_HOLD_KIND };
}

const expiredChallenge = () => new DomainError('mfaExpired');

/**
 * Emails a new confirmation link for the challenge, replacing any earlier link (which stops
 * working), with the outbox row in the same transaction.
 */
async function sendLink(tx: Db, challenge: Pick<ChallengeRow, 'id_hash' | 'expires_at' | 'login_id' | 'language'>, email: string, settings: MfaSettings, now: Date): Promise<void> {
  const token = randomToken();
  await tx
    .updateTable('mfa_challenges')
    .set({ email, link_hash: linkHash(settings.sessionSecret, token), sent_at: now, confirmed_at: null })
    .where('id_hash', '=', challenge.id_hash)
    .execute();
  const message = await renderMfaLink(challenge.language, {
    to: email,
    loginId: challenge.login_id,
    link: emailLink(settings.publicUrl, challenge.language, 'mfa', { code: token }),
    expiresAt: challenge.expires_at,
    supportEmail: settings.supportEmail,
  });
  await enqueueEmail(tx, { to: email, ...message }, now);
}

/** The first step that led to a pending sign-in, for the sign-in history. */
export interface FirstStep {
  method: Extract<SignInMethod, 'password' | 'google'>;
  client?: SignInClient | undefined;
}

/**
 * After the right password of an administrator: a pending sign-in instead of a session. Earlier
 * pending sign-ins of the account end. When the account already has its two-factor address, the
 * confirmation link is emailed to it at once. Returns the raw token for the cookie.
 *
 * The sign-in history gets a row "first step right, second step not completed" at the password's
 * time (issue 26: a right password nobody finished is how a stolen password shows); completing
 * the sign-in removes it (its own success row says the rest).
 */
export async function startMfaChallenge(
  db: Db,
  account: AccountRow,
  settings: MfaSettings,
  now: Date,
  first: FirstStep = { method: 'password' },
): Promise<{ token: string; answer: Extract<LoginAnswer, { status: 'secondFactor' }> }> {
  const token = randomToken();
  const expiresAt = new Date(now.getTime() + MFA_CHALLENGE_MS);
  const setupNeeded = await db.transaction().execute(async (tx) => {
    await tx.deleteFrom('mfa_challenges').where('user_id', '=', account.id).execute();
    const idHash = challengeHash(settings.sessionSecret, token);
    await tx
      .insertInto('mfa_challenges')
      .values({ id_hash: idHash, user_id: account.id, created_at: now, expires_at: expiresAt, email: null, link_hash: null, sent_at: null, confirmed_at: null, completed_at: null })
      .execute();
    await recordSignIn(tx, { userId: account.id, method: first.method, outcome: 'secondStepNotCompleted', ...(first.client ? { client: first.client } : {}), at: now });
    const user = await tx.selectFrom('users').select('mfa_email').where('id', '=', account.id).executeTakeFirstOrThrow();
    // With an authenticator app (issue 23) the administrator chooses the factor on /mfa-login: a
    // link is emailed only when asked for (POST /auth/mfa/resend).
    const authenticator = await tx.selectFrom('authenticators').select('user_id').where('user_id', '=', account.id).where('confirmed_at', 'is not', null).executeTakeFirst();
    if (authenticator) return false;
    if (user.mfa_email === null) return true;
    await sendLink(tx, { id_hash: idHash, expires_at: expiresAt, login_id: account.login_id, language: account.language }, user.mfa_email, settings, now);
    return false;
  });
  return { token, answer: { status: 'secondFactor', setupNeeded, expiresAt: expiresAt.toISOString() } };
}

/** The live, not yet completed challenge behind a cookie value; `mfaExpired` otherwise (04: log in again). */
export async function findChallenge(db: Db, token: string | undefined, settings: MfaSettings, now: Date): Promise<ChallengeRow> {
  if (!token || !isTokenShape(token)) throw expiredChallenge();
  const result = await sql<ChallengeRow>`SELECT c.id_hash, c.user_id, c.created_at, c.expires_at, c.email, c.sent_at, c.confirmed_at,
      u.mfa_email, u.login_email, u.login_id, u.language
    FROM mfa_challenges c JOIN users u ON u.id = c.user_id
    WHERE c.id_hash = ${challengeHash(settings.sessionSecret, token)} AND c.completed_at IS NULL AND u.status = 'active'`.execute(db);
  const row = result.rows[0];
  if (!row || row.expires_at.getTime() <= now.getTime()) throw expiredChallenge();
  return row;
}

async function assertNotHeld(db: Db, userId: string, now: Date): Promise<void> {
  const holdUntil = await currentHold(db, holdKey(userId), now);
  if (holdUntil) throw new DomainError('held', { holdUntil });
}

function statusOf(row: Pick<ChallengeRow, 'expires_at' | 'email' | 'sent_at' | 'confirmed_at' | 'mfa_email'>): MfaStatus {
  return {
    step: row.confirmed_at ? 'confirmed' : row.sent_at ? 'waiting' : 'setup',
    maskedEmail: row.email ? maskEmail(row.email) : null,
    expiresAt: row.expires_at.toISOString(),
    resendAt: row.sent_at ? new Date(row.sent_at.getTime() + MFA_RESEND_WAIT_MS).toISOString() : null,
    changeable: row.mfa_email === null && row.confirmed_at === null,
  };
}

async function reread(db: Db, token: string, settings: MfaSettings, now: Date): Promise<MfaStatus> {
  return statusOf(await findChallenge(db, token, settings, now));
}

/** GET /auth/mfa/status: polled by the waiting tab. */
export async function mfaStatus(db: Db, token: string | undefined, settings: MfaSettings, now: Date): Promise<MfaStatus> {
  const row = await findChallenge(db, token, settings, now);
  await assertNotHeld(db, row.user_id, now);
  return statusOf(row);
}

function assertResendAllowed(row: ChallengeRow, now: Date): void {
  if (!row.sent_at) return;
  const resendAt = new Date(row.sent_at.getTime() + MFA_RESEND_WAIT_MS);
  if (resendAt.getTime() > now.getTime()) throw new DomainError('codeResendTooSoon', { holdUntil: resendAt });
}

/** SPEC §8 Two-factor: the refusals of a new two-factor address, in the order a person fixes them. */
async function assertUsable(db: Db, userId: string, loginEmail: string | null, email: string, settings: MfaSettings, now: Date): Promise<void> {
  if (!isAcceptedEmailDomain(email, { allowTestDomains: settings.allowTestDomains })) {
    const domain = domainOf(email);
    const disposable = [...DISPOSABLE_DOMAINS].some((d) => domain === d || domain.endsWith(`.${d}`));
    // A throw-away inbox proves nothing (not acceptable); a reserved name never receives mail (07).
    throw new DomainError(disposable ? 'mfaEmailNotAcceptable' : 'mfaEmailNotUsable');
  }
  // The account's own login email: a password reset and the second factor would reach one inbox.
  if (loginEmail !== null && loginEmail.toLowerCase() === email.toLowerCase()) throw new DomainError('mfaEmailIsLoginEmail');
  const holders = await db
    .selectFrom('users')
    .select(['id', 'status'])
    .where('id', '!=', userId)
    .where((eb) => eb.or([eb('login_email', '=', email), eb('mfa_email', '=', email)]))
    .execute();
  if (holders.some((holder) => holder.status === 'pending')) throw new DomainError('mfaEmailPending');
  if (holders.length > 0) throw new DomainError('mfaEmailInUse');
  const pendingChange = await db
    .selectFrom('email_changes')
    .select('user_id')
    .where('email', '=', email)
    .where('kind', '=', 'login')
    .where('user_id', '!=', userId)
    .where('used_at', 'is', null)
    .where('superseded_at', 'is', null)
    .where('expires_at', '>', now)
    .limit(1)
    .executeTakeFirst();
  if (pendingChange) throw new DomainError('mfaEmailPending');
  const teacher = await db
    .selectFrom('teacher_profiles as tp')
    .innerJoin('users as u', 'u.id', 'tp.user_id')
    .select('u.category')
    .where('tp.teacher_email', '=', email)
    .where('tp.teacher_email_verified_at', 'is not', null)
    .where('tp.user_id', '!=', userId)
    .limit(1)
    .executeTakeFirst();
  if (teacher) throw new DomainError(teacher.category === 'INDIVIDUAL_TEACHER' ? 'mfaEmailTeacherVerified' : 'mfaEmailInUse');
}

/**
 * POST /auth/mfa/email: the account's first two-factor address. It becomes the account's only
 * when its link is followed; until then another address may be given ("Use another address" on
 * the waiting screen, issue 26) at once, the earlier link stopping. The same address again waits
 * for the resend wait. Every other address tried is counted (MFA_HOLD_KIND) before it is judged:
 * whoever has the password could otherwise probe which addresses other accounts use, or mail
 * strangers, without end.
 */
export async function setupMfaEmail(db: Db, token: string | undefined, email: string, settings: MfaSettings, now: Date): Promise<MfaStatus> {
  const row = await findChallenge(db, token, settings, now);
  await assertNotHeld(db, row.user_id, now);
  // Set up already (another tab, or an older screen): the stored address is the one in use.
  if (row.mfa_email !== null || row.confirmed_at) return statusOf(row);
  if (row.email === email) assertResendAllowed(row, now);
  else await reserveAttempt(db, holdKey(row.user_id), now);
  await assertUsable(db, row.user_id, row.login_email, email, settings, now);
  await db.transaction().execute((tx) => sendLink(tx, row, email, settings, now));
  return reread(db, token ?? '', settings, now);
}

/** POST /auth/mfa/resend: a new link to the same address once the resend wait has passed (or the first, to the stored address, when the email factor was chosen). */
export async function resendMfaEmail(db: Db, token: string | undefined, settings: MfaSettings, now: Date): Promise<MfaStatus> {
  const row = await findChallenge(db, token, settings, now);
  await assertNotHeld(db, row.user_id, now);
  // The first link of an administrator who chose the email among other factors goes to the stored address.
  const to = row.email ?? row.mfa_email;
  if (!to || row.confirmed_at) return statusOf(row);
  assertResendAllowed(row, now);
  await db.transaction().execute((tx) => sendLink(tx, row, to, settings, now));
  return reread(db, token ?? '', settings, now);
}

/** Why a link cannot be followed now (it was not spent by the conditional UPDATE). */
async function linkRefusal(db: Db, hash: string, now: Date): Promise<DomainError> {
  const row = await db.selectFrom('mfa_challenges').select(['confirmed_at', 'expires_at']).where('link_hash', '=', hash).executeTakeFirst();
  if (!row) return new DomainError('linkInvalid');
  if (row.confirmed_at) return new DomainError('alreadyUsed');
  if (row.expires_at.getTime() <= now.getTime()) return new DomainError('expired');
  return new DomainError('alreadyUsed');
}

/**
 * POST /api/email-verifications with kind `mfa`: follows the emailed link, from any device and
 * without a session. One conditional UPDATE spends it, so of parallel uses exactly one confirms.
 * During setup, the address becomes the account's two-factor email in the same transaction.
 */
export async function verifyMfaLink(
  db: Db,
  token: string,
  secret: string,
  now: Date,
  /** For the two-factor-email notice. */
  notices: { supportEmail: string; publicUrl: string } = { supportEmail: '', publicUrl: '' },
): Promise<EmailVerifyResult> {
  if (!isTokenShape(token)) throw new DomainError('linkInvalid');
  const hash = linkHash(secret, token);
  // A held account's link confirms nothing: its page says so (issue 26), rather than "the page
  // will continue" while the tab that logged in stays held.
  const target = await db.selectFrom('mfa_challenges').select('user_id').where('link_hash', '=', hash).executeTakeFirst();
  if (target) await assertNotHeld(db, target.user_id, now);
  const confirmed = await db.transaction().execute(async (tx) => {
    const spent = await sql<{ user_id: string; email: string }>`
      UPDATE mfa_challenges SET confirmed_at = ${now}
      WHERE link_hash = ${hash} AND confirmed_at IS NULL AND completed_at IS NULL AND expires_at > ${now}
      RETURNING user_id, email`.execute(tx);
    const row = spent.rows[0];
    if (!row) return null;
    const user = await tx.selectFrom('users').select('mfa_email').where('id', '=', row.user_id).executeTakeFirstOrThrow();
    if (user.mfa_email === null) {
      const holder = await tx.selectFrom('users').select('id').where('login_email', '=', row.email).where('id', '!=', row.user_id).executeTakeFirst();
      if (holder) throw new DomainError('linkDuplicated');
      try {
        // Two administrators confirming the same address at once: the unique index decides.
        await tx.updateTable('users').set({ mfa_email: row.email }).where('id', '=', row.user_id).execute();
        const account = await securityEmailUser(tx, row.user_id);
        if (account) await queueSecurityEmail(tx, account, 'twoFactorEmailChanged', { at: now, newEmail: row.email, ...notices });
      } catch (error) {
        if (uniqueViolation(error) !== null) throw new DomainError('linkDuplicated');
        throw error;
      }
    }
    return row;
  });
  if (!confirmed) throw await linkRefusal(db, hash, now);
  return { kind: 'mfa', email: confirmed.email, services: [] };
}

/**
 * POST /auth/mfa/complete: the sign-in completes once the link was followed. A press before that
 * answers `mfaNotCompleted` ("not yet") and the tab keeps waiting: it is not counted towards the
 * hold and leaves no sign-in history row (issue 26). While a hold runs, `held`.
 */
export async function completeMfa(
  db: Db,
  token: string | undefined,
  settings: MfaSettings,
  now: Date,
  previousSessionId?: string,
  client?: SignInClient,
): Promise<{ user: User; sessionId: string }> {
  const row = await findChallenge(db, token, settings, now);
  try {
    return await completeChallenge(db, row, settings, now, previousSessionId, client);
  } catch (error) {
    // A refusal on a live challenge leaves a history row that outlives it; "not yet" is no attempt.
    if (!(error instanceof DomainError && error.code === 'mfaNotCompleted')) await recordRefusedSignIn(db, row.user_id, 'twoFactor', error, client, now);
    throw error;
  }
}

async function completeChallenge(
  db: Db,
  row: Awaited<ReturnType<typeof findChallenge>>,
  settings: MfaSettings,
  now: Date,
  previousSessionId: string | undefined,
  client: SignInClient | undefined,
): Promise<{ user: User; sessionId: string }> {
  const key = holdKey(row.user_id);
  await assertNotHeld(db, row.user_id, now);
  const done = await sql<{ user_id: string }>`
    UPDATE mfa_challenges SET completed_at = ${now}
    WHERE id_hash = ${row.id_hash} AND confirmed_at IS NOT NULL AND completed_at IS NULL AND expires_at > ${now}
    RETURNING user_id`.execute(db);
  if (!done.rows[0]) {
    if (row.expires_at.getTime() <= now.getTime()) throw expiredChallenge();
    throw new DomainError('mfaNotCompleted');
  }
  await clearAttempts(db, key);
  const account = await findAccountById(db, row.user_id);
  if (!account || account.status !== 'active') throw expiredChallenge();
  return finishSecondStep(db, account, row, settings, now, previousSessionId, client);
}

/**
 * The second step done, whichever factor proved it (the emailed link, an authenticator or a
 * recovery code): the session starts, and the first step's "second step not completed" history
 * row goes, since the success row now says it.
 */
export async function finishSecondStep(
  db: Db,
  account: AccountRow,
  challenge: { user_id: string; created_at: Date },
  settings: MfaSettings,
  now: Date,
  previousSessionId: string | undefined,
  client: SignInClient | undefined,
): Promise<{ user: User; sessionId: string }> {
  const signedIn = await startSession(db, account, settings, now, previousSessionId, { method: 'twoFactor', ...(client ? { client } : {}) });
  await db
    .deleteFrom('sign_in_history')
    .where('user_id', '=', challenge.user_id)
    .where('outcome', '=', 'secondStepNotCompleted')
    .where('at', '=', challenge.created_at)
    .execute();
  return signedIn;
}
