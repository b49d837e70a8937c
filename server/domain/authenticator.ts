import { randomInt } from 'node:crypto';
import { sql } from 'kysely';
import { Secret, TOTP } from 'otpauth';
import type { User } from '../../contract/index.ts';
import { RECOVERY_CODE_COUNT, type AuthenticatorSetup, type AuthenticatorStatus, type MfaCodeRequest, type MfaFactors, type RecoveryCodes } from '../../contract/schemas/authenticator.ts';
import type { Db } from '../db/schema.ts';
import { DomainError } from './errors.ts';
import { judgeCounted, type CodeJudgement, type HoldKey, type HoldOptions } from './holds.ts';
import { findChallenge, finishSecondStep, needsSecondFactor, type ChallengeRow, type MfaSettings } from './mfa-login.ts';
import { queueSecurityEmail, type SecurityEmailKind } from './security-emails.ts';
import { recordRefusedSignIn, type SignInClient } from './sign-in-history.ts';
import { recordProof, type ProvingSession } from './step-up.ts';
import { sha256 } from './tokens.ts';
import { findAccountById, type AccountRow } from './users.ts';

/**
 * Wrong authenticator and recovery codes of a pending sign-in, counted per account (holds.ts):
 * more than HOLD_MAX_ATTEMPTS within 24 hours hold the codes (SPEC §9) for 24 hours. The hold
 * kind is not the emailed link's (`mfa`), so codes guessed by whoever has the password never
 * stop the owner's emailed link (docs/decisions/authenticator.md).
 */
export const MFA_CODE_HOLD_KIND = 'mfa_code';
/** RFC 6238's recommended step and the apps' default: 30 seconds, 6 digits, SHA-1. */
export const TOTP_PERIOD_SECONDS = 30;
/** A code of the step before or after now is accepted too (clock drift, a code typed as it turned). */
export const TOTP_WINDOW = 1;
/** The name authenticator apps show above the account's codes. */
export const TOTP_ISSUER = 'Education Platform';
/** Crockford's base32 (no i, l, o, u): a recovery code is 16 of them, 80 random bits. */
const RECOVERY_ALPHABET = '0123456789abcdefghjkmnpqrstvwxyz';
const RECOVERY_LENGTH = 16;

/** For the security emails. */
export interface AuthenticatorNotices {
  supportEmail: string;
  publicUrl: string;
}

function codeHoldKey(userId: string): HoldKey {
  return { subject: userId, kind: MFA_CODE_HOLD_KIND };
}

function totpOf(secret: string, label: string): TOTP {
  return new TOTP({ issuer: TOTP_ISSUER, label, algorithm: 'SHA1', digits: 6, period: TOTP_PERIOD_SECONDS, secret: Secret.fromBase32(secret) });
}

/** The time step a right code belongs to, or null for a wrong one. */
function stepOf(secret: string, code: string, now: Date): number | null {
  const totp = totpOf(secret, '');
  const delta = totp.validate({ token: code, timestamp: now.getTime(), window: TOTP_WINDOW });
  if (delta === null) return null;
  return Math.floor(now.getTime() / 1000 / TOTP_PERIOD_SECONDS) + delta;
}

/** `abcd-efgh-jkmn-pqrs`: grouped for reading aloud and typing. */
function newRecoveryCode(): string {
  let code = '';
  for (let i = 0; i < RECOVERY_LENGTH; i++) code += RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)];
  return code.match(/.{4}/g)?.join('-') ?? code;
}

/** A typed recovery code as stored: case, spaces and hyphens ignored; o read as 0, i and l as 1 (Crockford). */
function normalizeRecoveryCode(typed: string): string {
  return typed
    .toLowerCase()
    .replace(/[\s-]/g, '')
    .replace(/o/g, '0')
    .replace(/[il]/g, '1');
}

function recoveryHash(code: string): string {
  return sha256(`recovery:${normalizeRecoveryCode(code)}`);
}

function assertAdministrator(account: AccountRow): void {
  // SPEC §6: the second factor is the school administrators'.
  if (!needsSecondFactor(account)) throw new DomainError('forbidden');
}

async function confirmedAuthenticator(db: Db, userId: string): Promise<{ secret: string; confirmed_at: Date } | null> {
  const row = await db.selectFrom('authenticators').select(['secret', 'confirmed_at']).where('user_id', '=', userId).executeTakeFirst();
  return row?.confirmed_at ? { secret: row.secret, confirmed_at: row.confirmed_at } : null;
}

async function unusedRecoveryCodes(db: Db, userId: string): Promise<number> {
  const row = await db
    .selectFrom('recovery_codes')
    .select((eb) => eb.fn.countAll<string | number>().as('count'))
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Replaces the account's recovery codes with RECOVERY_CODE_COUNT new ones; answers them (the only time they are seen). */
async function replaceRecoveryCodes(tx: Db, userId: string, now: Date): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  await tx.deleteFrom('recovery_codes').where('user_id', '=', userId).execute();
  await tx
    .insertInto('recovery_codes')
    .values(codes.map((code) => ({ user_id: userId, code_hash: recoveryHash(code), created_at: now, used_at: null })))
    .execute();
  return codes;
}

async function notify(tx: Db, account: AccountRow, kind: SecurityEmailKind, notices: AuthenticatorNotices, now: Date): Promise<void> {
  await queueSecurityEmail(tx, account, kind, { at: now, ...notices });
}

// ---- The signed-in administrator's authenticator (login-information page) ------------------

export async function authenticatorStatus(db: Db, account: AccountRow): Promise<AuthenticatorStatus> {
  assertAdministrator(account);
  const authenticator = await confirmedAuthenticator(db, account.id);
  return {
    addedAt: authenticator ? authenticator.confirmed_at.toISOString() : null,
    recoveryCodesLeft: authenticator ? await unusedRecoveryCodes(db, account.id) : 0,
  };
}

/**
 * A new secret to scan or type. It is the account's only once a first code confirms it; until
 * then another begin replaces it. Refused while a confirmed authenticator exists (remove it first:
 * a second begin must not silently replace the phone in use).
 */
export async function beginAuthenticator(db: Db, account: AccountRow, now: Date): Promise<AuthenticatorSetup> {
  assertAdministrator(account);
  const secret = new Secret({ size: 20 }).base32;
  const stored = await sql<{ user_id: string }>`
    INSERT INTO authenticators AS a (user_id, secret, created_at, confirmed_at)
    VALUES (${account.id}, ${secret}, ${now}, NULL)
    ON CONFLICT (user_id) DO UPDATE SET secret = EXCLUDED.secret, created_at = EXCLUDED.created_at, last_step = -1
    WHERE a.confirmed_at IS NULL
    RETURNING user_id`.execute(db);
  if (!stored.rows[0]) throw new DomainError('authenticatorExists');
  return { secret, uri: totpOf(secret, account.login_id).toString() };
}

/**
 * The app's first code confirms the set-up, and ten recovery codes are made, in one transaction
 * with the security email. The confirming code's step is spent: it cannot also sign in.
 */
export async function confirmAuthenticator(db: Db, account: AccountRow, code: string, notices: AuthenticatorNotices, now: Date): Promise<RecoveryCodes> {
  assertAdministrator(account);
  const row = await db.selectFrom('authenticators').select(['secret', 'confirmed_at']).where('user_id', '=', account.id).executeTakeFirst();
  if (!row) throw new DomainError('authenticatorNotSetUp');
  if (row.confirmed_at) throw new DomainError('authenticatorExists');
  const step = stepOf(row.secret, code, now);
  if (step === null) throw new DomainError('authenticatorCodeWrong');
  return db.transaction().execute(async (tx) => {
    const confirmed = await sql<{ user_id: string }>`
      UPDATE authenticators SET confirmed_at = ${now}, last_step = ${step}
      WHERE user_id = ${account.id} AND secret = ${row.secret} AND confirmed_at IS NULL
      RETURNING user_id`.execute(tx);
    // Another tab confirmed (or began again) in between.
    if (!confirmed.rows[0]) throw new DomainError('authenticatorExists');
    const recoveryCodes = await replaceRecoveryCodes(tx, account.id, now);
    await notify(tx, account, 'authenticatorAdded', notices, now);
    return { recoveryCodes };
  });
}

/** Removes the authenticator and its recovery codes; the emailed link remains the second factor. */
export async function removeAuthenticator(db: Db, account: AccountRow, notices: AuthenticatorNotices, now: Date): Promise<AuthenticatorStatus> {
  assertAdministrator(account);
  await db.transaction().execute(async (tx) => {
    const removed = await tx.deleteFrom('authenticators').where('user_id', '=', account.id).where('confirmed_at', 'is not', null).returning('user_id').execute();
    if (removed.length === 0) throw new DomainError('authenticatorNotSetUp');
    await tx.deleteFrom('recovery_codes').where('user_id', '=', account.id).execute();
    await notify(tx, account, 'authenticatorRemoved', notices, now);
  });
  return { addedAt: null, recoveryCodesLeft: 0 };
}

/** Ten new recovery codes; the earlier ones stop working in the same transaction. */
export async function regenerateRecoveryCodes(db: Db, account: AccountRow, notices: AuthenticatorNotices, now: Date): Promise<RecoveryCodes> {
  assertAdministrator(account);
  return db.transaction().execute(async (tx) => {
    const authenticator = await tx.selectFrom('authenticators').select('user_id').where('user_id', '=', account.id).where('confirmed_at', 'is not', null).forUpdate().executeTakeFirst();
    if (!authenticator) throw new DomainError('authenticatorNotSetUp');
    const recoveryCodes = await replaceRecoveryCodes(tx, account.id, now);
    await notify(tx, account, 'recoveryCodesRegenerated', notices, now);
    return { recoveryCodes };
  });
}

// ---- The pending sign-in (/mfa-login) ----------------------------------------------------------

/** GET /auth/mfa/factors: what the choice on /mfa-login offers. */
export async function mfaFactors(db: Db, token: string | undefined, settings: MfaSettings, now: Date): Promise<MfaFactors> {
  const row = await findChallenge(db, token, settings, now);
  const authenticator = await confirmedAuthenticator(db, row.user_id);
  return {
    authenticator: authenticator !== null,
    recoveryCodes: authenticator ? await unusedRecoveryCodes(db, row.user_id) : 0,
    email: row.mfa_email !== null,
  };
}

type Judgement = CodeJudgement;

/**
 * Spends the code in `tx`: an authenticator code by moving `last_step` forward in one
 * conditional UPDATE (a code of a step already spent, or older, matches no row), a recovery code
 * by setting `used_at` in one conditional UPDATE (of parallel uses, exactly one matches).
 */
async function spendCode(tx: Db, userId: string, input: MfaCodeRequest, now: Date): Promise<Judgement> {
  if (input.kind === 'authenticator') {
    const authenticator = await confirmedAuthenticator(tx, userId);
    if (!authenticator) throw new DomainError('authenticatorNotSetUp');
    const step = stepOf(authenticator.secret, input.code.trim(), now);
    if (step === null) return { ok: false, code: 'authenticatorCodeWrong', counted: true };
    const spent = await sql<{ user_id: string }>`
      UPDATE authenticators SET last_step = ${step}
      WHERE user_id = ${userId} AND confirmed_at IS NOT NULL AND last_step < ${step}
      RETURNING user_id`.execute(tx);
    // A right code seen again is a replay: counted like a wrong one (whoever replays it watched it).
    return spent.rows[0] ? { ok: true } : { ok: false, code: 'authenticatorCodeUsed', counted: true };
  }
  const hash = recoveryHash(input.code);
  const spent = await sql<{ user_id: string }>`
    UPDATE recovery_codes SET used_at = ${now}
    WHERE user_id = ${userId} AND code_hash = ${hash} AND used_at IS NULL
    RETURNING user_id`.execute(tx);
  if (spent.rows[0]) return { ok: true };
  // A real code of the account spent by a parallel (or earlier) use is no guess: not counted.
  const used = await tx.selectFrom('recovery_codes').select('user_id').where('user_id', '=', userId).where('code_hash', '=', hash).executeTakeFirst();
  return { ok: false, code: 'recoveryCodeWrong', counted: !used };
}

/**
 * POST /auth/mfa/code: signs in with an authenticator or recovery code. The attempt is reserved
 * before it is judged (exact: only failures can set the hold, so parallel right codes never hold
 * the owner); the code is spent and the pending sign-in completed in one transaction, then the
 * session starts as with the emailed link.
 */
export async function signInWithCode(
  db: Db,
  token: string | undefined,
  input: MfaCodeRequest,
  settings: MfaSettings,
  now: Date,
  options: HoldOptions & { previousSessionId?: string | undefined; client?: SignInClient | undefined } = {},
): Promise<{ user: User; sessionId: string }> {
  const row = await findChallenge(db, token, settings, now);
  try {
    return await judge(db, row, input, settings, now, options);
  } catch (error) {
    await recordRefusedSignIn(db, row.user_id, 'twoFactor', error, options.client, now);
    throw error;
  }
}

async function judge(db: Db, row: ChallengeRow, input: MfaCodeRequest, settings: MfaSettings, now: Date, options: HoldOptions & { previousSessionId?: string | undefined; client?: SignInClient | undefined }) {
  await judgeCounted(db, codeHoldKey(row.user_id), now, options, 'mfaCodeHeld', async (tx) => {
    const result = await spendCode(tx, row.user_id, input, now);
    if (!result.ok) return result;
    const done = await sql<{ user_id: string }>`
      UPDATE mfa_challenges SET completed_at = ${now}
      WHERE id_hash = ${row.id_hash} AND completed_at IS NULL AND expires_at > ${now}
      RETURNING user_id`.execute(tx);
    // Completed by another tab, or expired, while this code was judged: the code stays unspent.
    if (!done.rows[0]) throw new DomainError('mfaExpired');
    return result;
  });
  const full = await findAccountById(db, row.user_id);
  if (!full || full.status !== 'active') throw new DomainError('mfaExpired');
  return finishSecondStep(db, full, row, settings, now, options.previousSessionId, options.client);
}

// ---- Step-up with the authenticator's current code (docs/decisions/step-up.md) ------------------

/**
 * POST /api/profile/step-up/authenticator-code: the app's current code proves the signed-in
 * administrator again. The same rules as at the two-factor login: the attempt is reserved before it
 * is judged under the codes' hold (`mfa_code`, per account, more than 5 wrong in 24 hours), a code
 * works once (the `last_step` it moves forward is the login's too), a right code clears the count.
 */
export async function proveWithAuthenticatorCode(db: Db, session: ProvingSession, code: string, now: Date, options: HoldOptions = {}): Promise<{ provedUntil: string }> {
  // In the dialog the codes' hold says another proof still works (`stepUpCodeHeld`).
  await judgeCounted(db, codeHoldKey(session.userId), now, options, 'stepUpCodeHeld', (tx) => spendCode(tx, session.userId, { kind: 'authenticator', code }, now));
  return recordProof(db, session.idHash, now);
}
