import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { AccountCategory, Language, RegistrationResult, User } from '../../contract/index.ts';
import type { Db } from '../db/schema.ts';
import { enqueueEmail } from '../mail/outbox.ts';
import { renderEmail } from '../mail/templates.ts';
import { DomainError, uniqueViolation } from './errors.ts';
import { LINK_VALIDITY_MS, issueLinkToken } from './link-tokens.ts';
import { checkLoginPassword, enterPasswordAttempt, UNKNOWN_ADDRESS, type LoginGuard, type PasswordAttempt } from './login-throttle.ts';
import type { RecaptchaVerifier } from './recaptcha.ts';
import { assertHuman } from './recaptcha.ts';
import { createSession } from './sessions.ts';
import { recordRefusedSignIn, recordSuccessfulSignIn, type SignInClient, type SignInMethod } from './sign-in-history.ts';
import type { AccountSettings } from './settings.ts';
import { ACCOUNT_COLUMNS, type AccountRow, toUser } from './users.ts';
import { emailLink } from './email-links.ts';

export interface LoginResult {
  user: User;
  /** The new session id for the cookie. */
  sessionId: string;
}

/** A password sign-in attempt as the route received it (cookies and headers read there, passed as values). */
export interface PasswordLoginInput {
  loginId: string;
  password: string;
  /** The client address (throttling; grouped by `addressGroup`). */
  address?: string;
  userAgent?: string | null;
  /** The browser's device cookie (server/domain/device-cookie.ts), if it sent one. */
  deviceCookie?: string | undefined;
  /** The reCAPTCHA token, once `loginChallengeRequired` was answered. */
  recaptchaToken?: string | undefined;
}

/**
 * The password check of a login, by login ID or login email (docs/decisions/login-throttling.md).
 * First the refusals the app's memory already knows (no query, no history row); then the lookup
 * and `checkLoginPassword` (budget, pair delay, evaluation in the bounded pool). Unknown accounts
 * spend one verification on a dummy hash and the same bookkeeping statement, and every evaluated
 * wrong password is answered on the same floor (`guard.wrongPasswordFloorMs` after it was let in), so
 * they are not told apart by timing. Answers the account; no session is created here (`startSession`), so a second
 * factor can come in between.
 */
export async function checkPassword(db: Db, input: PasswordLoginInput, now: Date, guard: LoginGuard = {}): Promise<AccountRow> {
  const id = input.loginId.trim().toLowerCase();
  const attempt: PasswordAttempt = {
    login: id,
    password: input.password,
    address: input.address ?? UNKNOWN_ADDRESS,
    userAgent: input.userAgent ?? null,
    deviceCookie: input.deviceCookie,
    recaptchaToken: input.recaptchaToken,
  };
  const ticket = await enterPasswordAttempt(attempt, guard, now);
  const startedAt = performance.now();
  try {
    return await lookUpAndCheck(db, id, attempt, now, guard);
  } catch (error) {
    if (error instanceof DomainError && error.code === 'loginFailed') await ticket.answerWrong(startedAt);
    throw error;
  } finally {
    ticket.leave();
  }
}

async function lookUpAndCheck(db: Db, id: string, attempt: PasswordAttempt, now: Date, guard: LoginGuard): Promise<AccountRow> {
  // Login IDs never contain '@' (LOGIN_ID_PATTERN), so one unique index answers; an OR over both
  // costs PGlite nearly three times as much per login.
  const column = id.includes('@') ? sql.ref('u.login_email') : sql.ref('u.login_id');
  const result = await sql<AccountRow & { password_hash: string | null }>`SELECT ${ACCOUNT_COLUMNS}, u.password_hash
    FROM users u LEFT JOIN schools sc ON sc.code = u.school_code
    WHERE ${column} = ${id}`.execute(db);
  const row = result.rows[0];
  const client = { userAgent: attempt.userAgent, address: attempt.address === UNKNOWN_ADDRESS ? null : attempt.address };
  // A refusal the database decided on a known account leaves a history row (its own transaction:
  // the refusal rolls nothing back, and the row must outlive it). Wrong passwords are recorded by
  // `checkLoginPassword` itself. Unknown logins have no history to show.
  const refuse = async (error: unknown): Promise<never> => {
    if (row) await recordRefusedSignIn(db, row.id, 'password', error, client, now);
    throw error;
  };
  let right: boolean;
  try {
    const account = row ? { id: row.id, passwordHash: row.password_hash, pending: row.status === 'pending' } : null;
    right = await checkLoginPassword(db, attempt, account, guard, now);
  } catch (error) {
    return refuse(error);
  }
  if (!row || !row.password_hash) throw new DomainError(row?.status === 'pending' ? 'accountInactive' : 'loginFailed');
  if (!right) throw new DomainError('loginFailed');
  if (row.status !== 'active') return refuse(new DomainError('accountInactive'));
  const { password_hash: _hash, ...account } = row;
  return account;
}

/** How and from where a sign-in came (the history row, the session's browser, the new-browser notice). */
export interface SignInContext {
  method: SignInMethod;
  client?: SignInClient;
}

/**
 * Signs an account in: rotates the session (the one the request came with, if any, is deleted
 * and a new one is created). The session, the sign-in history row and any new-browser notice are
 * written in one transaction.
 */
export async function startSession(
  db: Db,
  account: AccountRow,
  settings: Pick<AccountSettings, 'sessionSecret' | 'supportEmail' | 'publicUrl'>,
  now: Date,
  previousSessionId?: string,
  signIn: SignInContext = { method: 'password' },
): Promise<LoginResult> {
  const sessionId = await db.transaction().execute(async (tx) => {
    const id = await createSession(tx, account.id, { secret: settings.sessionSecret, now }, previousSessionId, signIn.client);
    await recordSuccessfulSignIn(tx, account, signIn.method, signIn.client, settings, now);
    return id;
  });
  return { user: toUser(account), sessionId };
}

/** Password login without a second factor: `checkPassword` then `startSession`. */
export async function login(
  db: Db,
  input: PasswordLoginInput & { previousSessionId?: string },
  settings: AccountSettings,
  now: Date,
  guard: LoginGuard = {},
): Promise<LoginResult> {
  const account = await checkPassword(db, input, now, guard);
  const client = { userAgent: input.userAgent ?? null, address: input.address ?? null };
  return startSession(db, account, settings, now, input.previousSessionId, { method: 'password', client });
}

export interface PendingAccount {
  loginId: string;
  email: string;
  displayName: string;
  category: AccountCategory;
  language: Language;
  schoolCode?: string | null;
}

const loginIdTaken = () => new DomainError('loginIdTaken', { fields: [{ field: 'loginId', rule: 'taken' }] });
const emailTaken = () => new DomainError('emailTaken', { fields: [{ field: 'email', rule: 'taken' }] });

function conflictCode(constraint: string): DomainError | null {
  if (constraint === 'users_login_id_key') return loginIdTaken();
  if (constraint === 'users_login_email_key') return emailTaken();
  return null;
}

/**
 * Creates a pending account and, in the same transaction, its activation token and the email
 * carrying the link. Login ID and email clashes answer loginIdTaken / emailTaken, also when two
 * registrations race (the unique constraints decide).
 */
export async function createPendingAccount(
  db: Db,
  account: PendingAccount,
  settings: AccountSettings,
  now: Date,
  /** Writes what else belongs to the new account (a staff registration's school record) in its transaction. */
  alongside?: (tx: Db, userId: string) => Promise<void>,
): Promise<{ userId: string }> {
  const kind = account.category === 'SCHOOL_PURCHASER' ? 'buyer_activation' : 'activation';
  await releaseAbandonedRegistrations(db, account, now);
  const taken = await db
    .selectFrom('users')
    .select(['login_id', 'login_email'])
    .where((eb) => eb.or([eb('login_id', '=', account.loginId), eb('login_email', '=', account.email)]))
    .execute();
  // Both clashes are answered at once (issue 13): the code is the first field's, `fields` names every field taken.
  const idTaken = taken.some((row) => row.login_id === account.loginId);
  const mailTaken = taken.some((row) => row.login_email === account.email);
  if (idTaken && mailTaken) {
    throw new DomainError('loginIdTaken', { fields: [{ field: 'loginId', rule: 'taken' }, { field: 'email', rule: 'taken' }] });
  }
  if (idTaken) throw loginIdTaken();
  if (taken.length > 0) throw emailTaken();

  const userId = randomUUID();
  try {
    await db.transaction().execute(async (tx) => {
      await tx
        .insertInto('users')
        .values({
          id: userId,
          login_id: account.loginId,
          login_email: account.email,
          contact_email: account.email,
          category: account.category,
          display_name: account.displayName,
          school_code: account.schoolCode ?? null,
          password_hash: null,
          status: 'pending',
          language: account.language,
          created_at: now,
          activated_at: null,
        })
        .execute();
      if (alongside) await alongside(tx, userId);
      const token = await issueLinkToken(tx, kind, userId, now);
      const email = await renderEmail(kind === 'buyer_activation' ? 'buyerActivation' : 'activation', account.language, {
        to: account.email,
        displayName: account.displayName,
        loginId: account.loginId,
        link: emailLink(settings.publicUrl, account.language, kind === 'buyer_activation' ? 'buyerActivation' : 'activation', { code: token }),
        validHours: LINK_VALIDITY_MS[kind] / 3_600_000,
        supportEmail: settings.supportEmail,
      });
      await enqueueEmail(tx, { to: account.email, ...email }, now);
    });
  } catch (error) {
    const constraint = uniqueViolation(error);
    const refusal = constraint === null ? null : conflictCode(constraint);
    throw refusal ?? error;
  }
  return { userId };
}

/**
 * A self-registered account (PUBLIC, or school staff from /edb/register) that was never activated and whose every activation link
 * has expired gives its login ID and email back: without this, a typo'd or abandoned registration
 * would hold them for good. Deleting it cascades to its links and sessions (it has no others).
 * Idempotent, so parallel registrations may both run it; the unique constraints still decide who
 * gets the login ID.
 */
export async function releaseAbandonedRegistrations(db: Db, account: { loginId: string; email: string }, now: Date): Promise<void> {
  await sql`DELETE FROM users u
    WHERE u.status = 'pending' AND u.category IN ('PUBLIC', 'SCHOOL_BASED_TEACHER') AND u.activated_at IS NULL
      AND (u.login_id = ${account.loginId} OR u.login_email = ${account.email})
      AND NOT EXISTS (
        SELECT 1 FROM link_tokens t
        WHERE t.user_id = u.id AND t.kind = 'activation' AND t.used_at IS NULL AND t.expires_at > ${now}
      )`.execute(db);
}

export interface RegistrationInput {
  loginId: string;
  email: string;
  displayName: string;
  recaptcha: string;
  lang: Language;
}

/** Individual registration: a pending PUBLIC account, activated by the emailed link. */
export async function register(
  db: Db,
  input: RegistrationInput,
  verifyRecaptcha: RecaptchaVerifier,
  settings: AccountSettings,
  now: Date,
): Promise<RegistrationResult> {
  await assertHuman(verifyRecaptcha, input.recaptcha);
  await createPendingAccount(
    db,
    { loginId: input.loginId, email: input.email, displayName: input.displayName, category: 'PUBLIC', language: input.lang },
    settings,
    now,
  );
  return { email: input.email };
}
