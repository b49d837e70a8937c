import { sql } from 'kysely';
import { OTP_RESEND_AFTER_MS, OTP_VALIDITY_MS } from '../../contract/constants.ts';
import { type User } from '../../contract/index.ts';
import type { OtpSendResult } from '../../contract/schemas/otp-login.ts';
import type { Db } from '../db/schema.ts';
import { enqueueEmail } from '../mail/outbox.ts';
import { renderOtpEmail } from '../mail/templates.ts';
import { DomainError } from './errors.ts';
import { deviceIdFor, deviceTokens } from './device-cookie.ts';
import { challengeRequired, countDiscovery, passChallenge, requestChallenge, type DiscoveryChallenge } from './discovery.ts';
import {
  type HoldKey,
  type HoldOptions,
  answeredFromMemory,
  carryMemoryMark,
  clearAttempts,
  countUse,
  currentHold,
  recordFailure,
  refuseFromMemory,
  releaseAttempt,
  rememberRefusal,
  reserveAttempt,
} from './holds.ts';
import { createSession } from './sessions.ts';
import { recordRefusedSignIn, recordSuccessfulSignIn, type SignInClient } from './sign-in-history.ts';
import type { AccountSettings } from './settings.ts';
import { hmacSha256, randomDigitCode, sameSecret } from './tokens.ts';
import { ACCOUNT_COLUMNS, type AccountRow, toUser } from './users.ts';

/** How long an emailed one-time password is accepted, and how soon a new one may be asked for: shared with the page (contract/constants.ts). */
export { OTP_RESEND_AFTER_MS, OTP_VALIDITY_MS };
/** Codes one key (a known device of the account, or the account from one address group) may be sent within 24 hours. */
export const OTP_SENDS_PER_DAY = 10;
/**
 * Codes the account may be sent within 24 hours to browsers it does not know: nobody can use the
 * page to flood a mailbox, and no one address can spend it (OTP_SENDS_PER_DAY each). The account's
 * known devices are not counted against it, so a flood never keeps the owner from a new code.
 */
export const OTP_ACCOUNT_SENDS_PER_DAY = 30;
/**
 * Wrong codes the account's current code takes from all keys together before it is spent: the
 * owner asks for a new one (which only the owner can read). With OTP_ACCOUNT_SENDS_PER_DAY, at
 * most 600 guesses a day at a million codes.
 */
export const OTP_GUESSES_PER_CODE = 20;
/** Hold kind counting wrong codes per key (more than 5 in 24 h hold that key, SPEC §9). */
export const OTP_HOLD_KIND = 'otp';
/** Rate-limit kind counting codes sent per key. */
export const OTP_SEND_KIND = 'otp_send';
/** Rate-limit kind counting codes sent per account to browsers it does not know. */
export const OTP_ACCOUNT_SEND_KIND = 'otp_send_account';
/** Counts the guesses at the account's current code (its row is removed when a new code is sent). */
export const OTP_GUESS_KIND = 'otp_guess';
/** Memory-only alias of a running hold, by the login typed and the address group (answered before the account is read). */
const OTP_TYPED_KIND = 'otp_typed';
/**
 * Attempts (code entries and sends) with a solved challenge that pass a held key, per key (the
 * account from one address group), within an hour: what a browser the account does not know,
 * behind the network that sent the wrong codes, may still try (docs/decisions/holds.md, "The
 * challenge"). Each costs a solved reCAPTCHA; each code entry is still one of the code's
 * OTP_GUESSES_PER_CODE.
 */
export const OTP_CHALLENGED_PER_KEY = { limit: 10, windowMs: 60 * 60_000 } as const;
/** Rate-limit kind counting the attempts that passed a held key with a solved challenge. */
export const OTP_CHALLENGED_KIND = 'otp_challenged';
/** A request that carries no token: no challenge to pass. */
const NO_CHALLENGE = requestChallenge(undefined, undefined);

/** Where a request comes from, read by the route: the address group, and the device cookie's value. */
export interface OtpClient {
  addressGroup: string;
  deviceCookie?: string | undefined;
}

const NO_CLIENT: OtpClient = { addressGroup: 'unknown' };

/** What the rules may be given besides the memory: the request's challenge (none: not offered). */
export type OtpOptions = HoldOptions & { /** Offered by the route: a held key or a flooded login asks for it instead of a wait. */ challenge?: DiscoveryChallenge };

/** Only the HMAC of a code is stored, bound to its account (keyed with the session secret). */
function codeHash(secret: string, userId: string, code: string): string {
  return hmacSha256(secret, `otp:${userId}:${code}`);
}

/**
 * The key attempts and sends are counted under: the browser's device id when it carries a valid
 * device cookie of the account (server/domain/device-cookie.ts), else the account from this
 * address group. Wrong codes from one address therefore never hold the owner's other devices.
 */
function keyPart(secret: string, userId: string, client: OtpClient): { part: string; knownDevice: boolean } {
  const device = deviceIdFor(secret, client.deviceCookie, userId);
  return device ? { part: `d:${device}`, knownDevice: true } : { part: `a:${client.addressGroup}`, knownDevice: false };
}

/**
 * The memory-only alias of a key by the login typed: lets a held address be answered before the
 * account is read. Only for browsers with no genuine device token (which account a token is for
 * is judged with the account's id, which needs the read; a made-up token counts as none).
 */
function typedAlias(secret: string, loginId: string, client: OtpClient): HoldKey | null {
  if (deviceTokens(secret, client.deviceCookie).length > 0) return null;
  return { kind: OTP_TYPED_KIND, subject: `${loginId.trim().toLowerCase()}|a:${client.addressGroup}` };
}

/** The OTP wording of a hold: the same end, its own message (retry later or use the password). */
function asOtpHold(error: unknown): unknown {
  if (!(error instanceof DomainError) || error.code !== 'held') return error;
  return carryMemoryMark(error, new DomainError('otpHeld', error.holdUntil ? { holdUntil: error.holdUntil } : {}));
}

function isHeld(error: unknown): error is DomainError {
  return error instanceof DomainError && error.code === 'held';
}

/** The rate-limit wording of a send refused by a count. */
function asSendLimit(error: unknown): unknown {
  if (!(error instanceof DomainError) || error.code !== 'held') return error;
  return carryMemoryMark(error, new DomainError('otpSendLimit', error.holdUntil ? { holdUntil: error.holdUntil } : {}));
}

/**
 * A running hold of the typed login from this address, answered from memory alone. The alias is
 * only kept for browsers with no device token (typedAlias), which the account cannot know: they are
 * asked for the challenge, and a request carrying a token goes on to have it judged (passHeldKey).
 */
function refuseTypedFromMemory(options: HoldOptions, alias: HoldKey | null, challenge: DiscoveryChallenge, now: Date): void {
  if (!alias) return;
  try {
    refuseFromMemory(options, alias, now);
  } catch (error) {
    if (!isHeld(error)) throw error;
    if (!challenge.offered) throw carryMemoryMark(error, challengeRequired());
  }
}

/** A held key of a browser the account does not know: the challenge instead of the wait, remembered under the typed login too. */
function heldAsChallenge(options: HoldOptions, alias: HoldKey | null, error: unknown): unknown {
  if (!isHeld(error)) return error;
  if (alias && error.holdUntil) rememberRefusal(options, alias, error.holdUntil);
  return carryMemoryMark(error, challengeRequired());
}

/**
 * A held key met by a browser the account does not know (issue 21 item 3: never a hard lockout):
 * without a token, `loginChallengeRequired` (from memory when the hold was); with a token the
 * verifier accepts, the attempt goes on, counted under OTP_CHALLENGED_PER_KEY (past it,
 * `tooManyRequests` until the hour ends); a refused token is `loginChallengeRequired` again.
 */
async function passHeldKey(db: Db, key: HoldKey, held: DomainError, challenge: DiscoveryChallenge, alias: HoldKey | null, options: HoldOptions, now: Date): Promise<void> {
  if (!challenge.offered) throw heldAsChallenge(options, alias, held);
  if (alias && held.holdUntil) rememberRefusal(options, alias, held.holdUntil);
  const challenged: HoldKey = { kind: OTP_CHALLENGED_KIND, subject: key.subject };
  const count = { ...options, windowMs: OTP_CHALLENGED_PER_KEY.windowMs };
  try {
    // A spent hour is refused before the token is verified.
    refuseFromMemory(options, challenged, now);
    await passChallenge(challenge, () => countUse(db, challenged, now, OTP_CHALLENGED_PER_KEY.limit, count));
  } catch (error) {
    if (!isHeld(error)) throw error;
    throw carryMemoryMark(error, new DomainError('tooManyRequests', error.holdUntil ? { holdUntil: error.holdUntil } : {}));
  }
}

/**
 * The account a login ID or login email names, if a code may be sent to it. SPEC §8 names
 * "unknown login email or name" as a message of its own, so unknown accounts are told apart when
 * a code is asked for (docs/decisions/otp-login.md; the discovery limits bound how fast). School
 * administrators are sent a code like anyone: whether an account is an administrator is said only
 * once its code is proven (loginWithOtp).
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
  const email = row.login_email;
  if (!email) throw new DomainError('otpNoEmail');
  return { ...row, login_email: email };
}

/**
 * POST /auth/otp/send: a new six-digit code replaces the account's previous one (at most one a
 * minute; OTP_SENDS_PER_DAY a day per key, OTP_ACCOUNT_SENDS_PER_DAY to unknown browsers) and is
 * emailed as an outbox row written in the same transaction. A new code does not reset the key's
 * count of wrong codes; it starts a new budget of OTP_GUESSES_PER_CODE for the code.
 */
export async function sendOtp(
  db: Db,
  input: { loginId: string },
  settings: AccountSettings,
  now: Date,
  client: OtpClient = NO_CLIENT,
  options: OtpOptions = {},
): Promise<OtpSendResult> {
  const alias = typedAlias(settings.sessionSecret, input.loginId, client);
  refuseTypedFromMemory(options, alias, options.challenge ?? NO_CHALLENGE, now);
  const challenge = options.challenge;
  // Sending tells whether the login exists (SPEC §8), so it is paid for like a guess: per
  // address group and per login typed. A known device of the account is not counted against
  // the login (a flood on it must not keep its owner from a code); a browser with no device
  // token at all is counted before the account is read, so a refusal costs no query.
  const discovery = { addressGroup: client.addressGroup, targets: [input.loginId], challenge };
  const countedFirst = deviceTokens(settings.sessionSecret, client.deviceCookie).length === 0;
  if (countedFirst) await countDiscovery(db, discovery, now, options);
  let account: Awaited<ReturnType<typeof otpAccount>>;
  try {
    account = await otpAccount(db, input.loginId);
  } catch (error) {
    if (!countedFirst) await countDiscovery(db, discovery, now, options);
    throw error;
  }
  const { part, knownDevice } = keyPart(settings.sessionSecret, account.id, client);
  if (!countedFirst) await countDiscovery(db, { ...discovery, targets: knownDevice ? [] : discovery.targets }, now, options);
  const holdKey: HoldKey = { subject: `${account.id}|${part}`, kind: OTP_HOLD_KIND };
  const holdUntil = await currentHold(db, holdKey, now, options);
  // A known browser's own key held: the wait. A browser the account does not know: the challenge.
  if (holdUntil && knownDevice) throw new DomainError('otpHeld', { holdUntil });
  if (holdUntil) await passHeldKey(db, holdKey, new DomainError('held', { holdUntil }), challenge ?? NO_CHALLENGE, alias, options, now);

  const keySends: HoldKey = { subject: `${account.id}|${part}`, kind: OTP_SEND_KIND };
  const accountSends: HoldKey = { subject: account.id, kind: OTP_ACCOUNT_SEND_KIND };
  // The key's own day (an unknown browser behind a network that spent it on this account) is
  // passed with a solved challenge; the account's day for unknown browsers never is.
  const keyChallenge = !knownDevice ? challenge : undefined;
  let keyPassed = false;
  try {
    try {
      refuseFromMemory(options, keySends, now);
    } catch (error) {
      if (!keyChallenge || !isHeld(error)) throw error;
      await passChallenge(keyChallenge);
      keyPassed = true;
    }
    if (!knownDevice) refuseFromMemory(options, accountSends, now);
  } catch (error) {
    throw asSendLimit(error);
  }

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
    try {
      if (!keyPassed) {
        try {
          await countUse(tx, keySends, now, OTP_SENDS_PER_DAY, options);
        } catch (error) {
          if (!keyChallenge || !isHeld(error)) throw error;
          await passChallenge(keyChallenge);
        }
      }
      if (!knownDevice) await countUse(tx, accountSends, now, OTP_ACCOUNT_SENDS_PER_DAY, options);
    } catch (error) {
      throw asSendLimit(error);
    }
    // The new code's guesses start from none.
    await tx.deleteFrom('holds').where('subject', '=', account.id).where('kind', '=', OTP_GUESS_KIND).execute();
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
 * POST /auth/otp/login: each attempt is counted under its key (keyPart) before it is judged
 * (holds.ts, `exact`), so of any number of parallel wrong codes from one key at most six are
 * evaluated, and the sixth wrong one holds that key, and only that key, for 24 hours: a known
 * browser's key answers `otpHeld`; the account from an address group answers the browsers it does
 * not know `loginChallengeRequired` instead, and an attempt carrying a solved challenge is judged
 * all the same (passHeldKey: OTP_CHALLENGED_PER_KEY an hour, still one of the code's
 * OTP_GUESSES_PER_CODE), so guessing costs a solved widget each and the owner, who has the code,
 * needs one. The key stays held when the right code passes it that way. An attempt
 * with the right code is never counted as a guess (a code already spent or expired gives its
 * reservation back), so the right code never ends in a hold. Every key's guesses together spend
 * the current code after OTP_GUESSES_PER_CODE. The right code is spent by one conditional UPDATE,
 * in the transaction that creates the session (rotating the one the request came with), so it
 * signs in exactly once. A school administrator's right code is spent and answered
 * `otpSchoolAdmin`, with no session (SPEC §6). An unknown login, or one no code can have been sent
 * to, is answered `codeNotFound`: this call tells nobody whether an account exists.
 */
export async function loginWithOtp(
  db: Db,
  input: { loginId: string; code: string; previousSessionId?: string; client?: SignInClient },
  settings: AccountSettings,
  now: Date,
  client: OtpClient = NO_CLIENT,
  options: OtpOptions = {},
): Promise<OtpLoginResult> {
  const alias = typedAlias(settings.sessionSecret, input.loginId, client);
  refuseTypedFromMemory(options, alias, options.challenge ?? NO_CHALLENGE, now);
  let account: Awaited<ReturnType<typeof otpAccount>>;
  try {
    account = await otpAccount(db, input.loginId);
  } catch (error) {
    if (error instanceof DomainError) throw new DomainError('codeNotFound');
    throw error;
  }
  try {
    return await otpSignIn(db, account, input, settings, now, client, alias, options);
  } catch (error) {
    // A refusal answered from memory writes nothing: a flood on a held key costs no database work.
    if (answeredFromMemory(error)) throw error;
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
  client: OtpClient,
  alias: HoldKey | null,
  options: OtpOptions,
): Promise<OtpLoginResult> {
  const { part, knownDevice } = keyPart(settings.sessionSecret, account.id, client);
  const hold: HoldKey = { subject: `${account.id}|${part}`, kind: OTP_HOLD_KIND };
  // Reserved under the key; null when a held key was passed with a solved challenge (no reservation, no new hold).
  let attempt: number | null = null;
  try {
    try {
      attempt = await reserveAttempt(db, hold, now, { ...options, exact: true });
    } catch (error) {
      if (knownDevice || !isHeld(error)) throw error;
      await passHeldKey(db, hold, error, options.challenge ?? NO_CHALLENGE, alias, options, now);
    }
    const reserved = attempt;
    const fail = async (code: 'codeNotFound' | 'codeExpired' | 'codeWrong'): Promise<never> => {
      if (reserved === null) throw new DomainError(code);
      return recordFailure(db, hold, reserved, now, code, options);
    };
    const giveBack = async () => {
      if (reserved !== null) await releaseAttempt(db, hold);
    };
    const row = await db.selectFrom('otp_codes').select(['code_hash', 'expires_at', 'used_at']).where('user_id', '=', account.id).executeTakeFirst();
    if (!row) return await fail('codeNotFound');
    const hash = codeHash(settings.sessionSecret, account.id, input.code.trim());
    const right = sameSecret(hash, row.code_hash);
    if (row.used_at || row.expires_at.getTime() <= now.getTime()) {
      // The right code, used again or too late, is not a guess: its reservation is given back.
      if (right) {
        await giveBack();
        throw new DomainError(row.used_at ? 'codeNotFound' : 'codeExpired');
      }
      return await fail(row.used_at ? 'codeNotFound' : 'codeExpired');
    }
    // Every key's guesses at this code together: beyond the budget the code is spent.
    const overBudget = await countUse(db, { subject: account.id, kind: OTP_GUESS_KIND }, now, OTP_GUESSES_PER_CODE).then(
      () => false,
      (error: unknown) => {
        if (error instanceof DomainError && error.code === 'held') return true;
        throw error;
      },
    );
    if (overBudget) {
      await db.updateTable('otp_codes').set({ used_at: now }).where('user_id', '=', account.id).where('used_at', 'is', null).execute();
      return await fail('codeNotFound');
    }
    if (!right) return await fail('codeWrong');

    const schoolAdmin = account.category === 'SCHOOL_ADMINISTRATOR';
    const sessionId = await db.transaction().execute(async (tx) => {
      const spent = await sql<{ user_id: string }>`
        UPDATE otp_codes SET used_at = ${now}
        WHERE user_id = ${account.id} AND code_hash = ${hash} AND used_at IS NULL AND expires_at > ${now}
        RETURNING user_id`.execute(tx);
      if (spent.rows.length === 0) return null;
      // School administrators must use the password login (SPEC §6): their proven code opens nothing.
      if (schoolAdmin) return '';
      const id = await createSession(tx, account.id, { secret: settings.sessionSecret, now }, input.previousSessionId, input.client);
      await recordSuccessfulSignIn(tx, account, 'otp', input.client, settings, now);
      return id;
    });
    if (sessionId === null) {
      // A parallel request spent the same code first: the right code again, not a guess.
      await giveBack();
      throw new DomainError('codeNotFound');
    }
    // A key passed by the challenge stays held: the network's other unknown browsers are still asked.
    if (reserved !== null) await clearAttempts(db, hold, options);
    if (sessionId === '') throw new DomainError('otpSchoolAdmin');
    return { user: toUser(account), sessionId };
  } catch (error) {
    // A failure that is no verdict (the database went away mid-way) must not keep the key's slot.
    if (attempt !== null && !(error instanceof DomainError)) await releaseAttempt(db, hold).catch(() => undefined);
    // The failure that sets the hold: a known browser waits; one the account does not know is asked for the challenge.
    throw knownDevice ? asOtpHold(error) : heldAsChallenge(options, alias, error);
  }
}
