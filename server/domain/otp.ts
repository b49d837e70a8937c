import { sql } from 'kysely';
import { type User } from '../../contract/index.ts';
import type { OtpSendResult } from '../../contract/schemas/otp.ts';
import type { Db } from '../db/schema.ts';
import { enqueueEmail } from '../mail/outbox.ts';
import { renderOtpEmail } from '../mail/templates.ts';
import { DomainError } from './errors.ts';
import { type HoldKey, clearAttempts, countUse, currentHold, recordFailure, reserveAttempt } from './holds.ts';
import { createSession } from './sessions.ts';
import { recordRefusedSignIn, recordSuccessfulSignIn, type SignInClient } from './sign-in-history.ts';
import type { AccountSettings } from './settings.ts';
import { hmacSha256, randomDigitCode, sameSecret } from './tokens.ts';
import { ACCOUNT_COLUMNS, type AccountRow, toUser } from './users.ts';

/** How long an emailed one-time password is accepted (docs/decisions/otp.md). */
export const OTP_VALIDITY_MS = 10 * 60_000;
/** How soon a new code may be asked for. */
export const OTP_RESEND_AFTER_MS = 60_000;
/** Codes one account may be sent within 24 hours: nobody can use the page to flood a mailbox. */
export const OTP_SENDS_PER_DAY = 10;
/** Hold kind counting wrong codes per account (more than 5 in 24 h hold, SPEC §9). */
export const OTP_HOLD_KIND = 'otp';
/** Rate-limit kind counting codes sent per account. */
export const OTP_SEND_KIND = 'otp_send';

/** Only the HMAC of a code is stored, bound to its account (keyed with the session secret). */
function codeHash(secret: string, userId: string, code: string): string {
  return hmacSha256(secret, `otp:${userId}:${code}`);
}



/** The OTP wording of a hold: the same end, its own message (retry later or use the password). */
function asOtpHold(error: unknown): unknown {
  return error instanceof DomainError && error.code === 'held' ? new DomainError('otpHeld', error.holdUntil ? { holdUntil: error.holdUntil } : {}) : error;
}

/**
 * The account a login ID or login email names, if it may sign in by OTP. SPEC §8 names "unknown
 * login email or name" as a message of its own, so unknown accounts are told apart
 * (docs/decisions/otp.md weighs the enumeration this allows). School administrators must use the
 * password (with its second factor), never OTP (SPEC §6).
 */
async function otpAccount(db: Db, loginId: string): Promise<AccountRow & { login_email: string }> {
  const id = loginId.trim().toLowerCase();
  // Login IDs never contain '@' (LOGIN_ID_PATTERN): one unique index answers, as for password login.
  const column = id.includes('@') ? sql.ref('u.login_email') : sql.ref('u.login_id');
  const result = await sql<AccountRow>`SELECT ${ACCOUNT_COLUMNS}
    FROM users u LEFT JOIN schools sc ON sc.code = u.school_code
    WHERE ${column} = ${id}`.execute(db);
  const row = result.rows[0];
  if (!row) throw new DomainError('otpUnknownLogin');
  if (row.status !== 'active') throw new DomainError('accountInactive');
  if (row.category === 'SCHOOL_ADMINISTRATOR') throw new DomainError('otpSchoolAdmin');
  const email = row.login_email;
  if (!email) throw new DomainError('otpNoEmail');
  return { ...row, login_email: email };
}

/**
 * POST /auth/otp/send: a new six-digit code replaces the account's previous one (at most one a
 * minute, OTP_SENDS_PER_DAY a day) and is emailed as an outbox row written in the same
 * transaction. A new code does not reset the count of wrong codes (the hold is per account).
 */
export async function sendOtp(db: Db, input: { loginId: string }, settings: AccountSettings, now: Date): Promise<OtpSendResult> {
  const account = await otpAccount(db, input.loginId);
  const holdUntil = await currentHold(db, { subject: account.id, kind: OTP_HOLD_KIND }, now);
  if (holdUntil) throw new DomainError('otpHeld', { holdUntil });

  const code = randomDigitCode();
  const hash = codeHash(settings.sessionSecret, account.id, code);
  const expiresAt = new Date(now.getTime() + OTP_VALIDITY_MS);
  const resendAt = new Date(now.getTime() + OTP_RESEND_AFTER_MS);
  const sent = await db.transaction().execute(async (tx) => {
    // One statement decides whether a resend is allowed, so parallel sends cannot both pass.
    const written = await sql<{ user_id: string }>`
      INSERT INTO otp_codes AS o (user_id, code_hash, expires_at, resend_at, used_at, created_at)
      VALUES (${account.id}, ${hash}, ${expiresAt}, ${resendAt}, NULL, ${now})
      ON CONFLICT (user_id) DO UPDATE SET
        code_hash = EXCLUDED.code_hash, expires_at = EXCLUDED.expires_at, resend_at = EXCLUDED.resend_at,
        used_at = NULL, created_at = EXCLUDED.created_at
      WHERE o.resend_at <= ${now} OR o.used_at IS NOT NULL
      RETURNING user_id`.execute(tx);
    if (written.rows.length === 0) return false;
    await countUse(tx, { subject: account.id, kind: OTP_SEND_KIND }, now, OTP_SENDS_PER_DAY).catch((error: unknown) => {
      throw error instanceof DomainError && error.code === 'held' ? new DomainError('otpSendLimit', error.holdUntil ? { holdUntil: error.holdUntil } : {}) : error;
    });
    const email = await renderOtpEmail(account.language, {
      to: account.login_email,
      displayName: account.display_name,
      loginId: account.login_id,
      code,
      validMinutes: OTP_VALIDITY_MS / 60_000,
      supportEmail: settings.supportEmail,
    });
    await enqueueEmail(tx, { to: account.login_email, ...email }, now);
    return true;
  });
  if (!sent) {
    const row = await db.selectFrom('otp_codes').select('resend_at').where('user_id', '=', account.id).executeTakeFirst();
    // holdUntil carries the time a new code may be asked for (docs/api.md).
    throw new DomainError('codeResendTooSoon', { holdUntil: row?.resend_at ?? resendAt });
  }
  return { expiresAt: expiresAt.toISOString(), resendAt: resendAt.toISOString() };
}

export interface OtpLoginResult {
  user: User;
  /** The new session id for the cookie. */
  sessionId: string;
}

/**
 * POST /auth/otp/login: each attempt is counted before it is judged (holds.ts), so of any number
 * of parallel wrong codes at most six are evaluated and the sixth wrong one holds the account
 * for 24 hours. The right code is spent by one conditional UPDATE, in the transaction that
 * creates the session (rotating the one the request came with), so it signs in exactly once.
 */
export async function loginWithOtp(
  db: Db,
  input: { loginId: string; code: string; previousSessionId?: string; client?: SignInClient },
  settings: AccountSettings,
  now: Date,
): Promise<OtpLoginResult> {
  const account = await otpAccount(db, input.loginId);
  try {
    return await otpSignIn(db, account, input, settings, now);
  } catch (error) {
    // The attempt's row outlives its refusal (its own transaction, after the hold counters).
    await recordRefusedSignIn(db, account.id, 'otp', error, input.client, now);
    throw error;
  }
}

async function otpSignIn(
  db: Db,
  account: Awaited<ReturnType<typeof otpAccount>>,
  input: { code: string; previousSessionId?: string; client?: SignInClient },
  settings: AccountSettings,
  now: Date,
): Promise<OtpLoginResult> {
  const hold: HoldKey = { subject: account.id, kind: OTP_HOLD_KIND };
  try {
    const attempt = await reserveAttempt(db, hold, now);
    const row = await db.selectFrom('otp_codes').select(['code_hash', 'expires_at', 'used_at']).where('user_id', '=', account.id).executeTakeFirst();
    if (!row || row.used_at) return await recordFailure(db, hold, attempt, now, 'codeNotFound');
    if (row.expires_at.getTime() <= now.getTime()) return await recordFailure(db, hold, attempt, now, 'codeExpired');
    const hash = codeHash(settings.sessionSecret, account.id, input.code.trim());
    if (!sameSecret(hash, row.code_hash)) return await recordFailure(db, hold, attempt, now, 'codeWrong');

    const sessionId = await db.transaction().execute(async (tx) => {
      const spent = await sql<{ user_id: string }>`
        UPDATE otp_codes SET used_at = ${now}
        WHERE user_id = ${account.id} AND code_hash = ${hash} AND used_at IS NULL AND expires_at > ${now}
        RETURNING user_id`.execute(tx);
      if (spent.rows.length === 0) return null;
      const id = await createSession(tx, account.id, { secret: settings.sessionSecret, now }, input.previousSessionId, input.client);
      await recordSuccessfulSignIn(tx, account, 'otp', input.client, settings, now);
      return id;
    });
    // A parallel request spent the same code first (or a resend replaced it): nothing to use now.
    if (sessionId === null) throw new DomainError('codeNotFound');
    await clearAttempts(db, hold);
    return { user: toUser(account), sessionId };
  } catch (error) {
    throw asOtpHold(error);
  }
}
