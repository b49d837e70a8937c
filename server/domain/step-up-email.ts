import { sql } from 'kysely';
import { OTP_RESEND_AFTER_MS, OTP_VALIDITY_MS } from '../../contract/constants.ts';
import type { StepUpCodeSent } from '../../contract/schemas/step-up.ts';
import type { Db } from '../db/schema.ts';
import { enqueueEmail } from '../mail/outbox.ts';
import { renderStepUpCodeEmail } from '../mail/templates.ts';
import { DomainError } from './errors.ts';
import { carryMemoryMark, countUse, judgeCounted, type HoldOptions } from './holds.ts';
import { OTP_SENDS_PER_DAY } from './otp-login.ts';
import { recordProof, type ProvingSession } from './step-up.ts';
import { hmacSha256, randomDigitCode, sameSecret } from './tokens.ts';

/**
 * The step-up dialog's emailed code (issue 23, docs/decisions/step-up.md "Which proofs each
 * account is offered"): for an account without a password but with a login email. The OTP
 * login's rules and constants (otp-login.ts): six digits, 10 minutes, one a minute, 10 a day per
 * account, only the HMAC kept, the email an outbox row written in the same transaction, in the
 * account's language. The code is bound to the session that asked (`step_up_codes.session_hash`)
 * and never signs anyone in. More than 5 wrong codes in 24 hours hold the codes (`stepUpCodeHeld`).
 */
export const STEP_UP_SEND_KIND = 'step_up_send';
export const STEP_UP_CODE_HOLD_KIND = 'step_up_code';

export interface StepUpEmailSettings {
  sessionSecret: string;
  supportEmail: string;
}

function codeHash(secret: string, sessionHash: string, code: string): string {
  return hmacSha256(secret, `step-up:${sessionHash}:${code}`);
}

/** The login email of an account the code may be offered to: no password, a login email; else `forbidden`. */
async function emailedAccount(db: Db, userId: string) {
  const user = await db.selectFrom('users').select(['login_id', 'login_email', 'language', 'password_hash']).where('id', '=', userId).executeTakeFirst();
  if (!user) throw new DomainError('unauthorized');
  if (user.password_hash || !user.login_email) throw new DomainError('forbidden');
  return { ...user, login_email: user.login_email };
}

async function resendTime(db: Db, sessionHash: string): Promise<Date | undefined> {
  return (await db.selectFrom('step_up_codes').select('resend_at').where('session_hash', '=', sessionHash).executeTakeFirst())?.resend_at;
}

/** POST /api/profile/step-up/email-code/send: a new code replaces this session's previous one. */
export async function sendStepUpCode(db: Db, session: ProvingSession, settings: StepUpEmailSettings, now: Date, options: HoldOptions = {}): Promise<StepUpCodeSent> {
  const user = await emailedAccount(db, session.userId);
  const code = randomDigitCode();
  const expiresAt = new Date(now.getTime() + OTP_VALIDITY_MS);
  const resendAt = new Date(now.getTime() + OTP_RESEND_AFTER_MS);
  const sent = await db.transaction().execute(async (tx) => {
    // One statement decides whether a new code may be sent, so parallel sends cannot both pass.
    const written = await sql<{ session_hash: string }>`
      INSERT INTO step_up_codes AS c (session_hash, code_hash, expires_at, resend_at, used_at, created_at)
      VALUES (${session.idHash}, ${codeHash(settings.sessionSecret, session.idHash, code)}, ${expiresAt}, ${resendAt}, NULL, ${now})
      ON CONFLICT (session_hash) DO UPDATE SET
        code_hash = EXCLUDED.code_hash, expires_at = EXCLUDED.expires_at, resend_at = EXCLUDED.resend_at, used_at = NULL, created_at = EXCLUDED.created_at
      WHERE c.resend_at <= ${now} OR c.used_at IS NOT NULL
      RETURNING session_hash`.execute(tx);
    if (written.rows.length === 0) return false;
    try {
      await countUse(tx, { subject: session.userId, kind: STEP_UP_SEND_KIND }, now, OTP_SENDS_PER_DAY, options);
    } catch (error) {
      if (error instanceof DomainError && error.code === 'held') throw carryMemoryMark(error, new DomainError('stepUpSendLimit', error.holdUntil ? { holdUntil: error.holdUntil } : {}));
      throw error;
    }
    const vars = { to: user.login_email, loginId: user.login_id, code, validMinutes: OTP_VALIDITY_MS / 60_000, supportEmail: settings.supportEmail };
    await enqueueEmail(tx, { to: user.login_email, ...(await renderStepUpCodeEmail(user.language, vars)) }, now);
    return true;
  });
  // Another code of this session less than a minute old: holdUntil is when a new one may be asked for.
  if (!sent) throw new DomainError('codeResendTooSoon', { holdUntil: (await resendTime(db, session.idHash)) ?? resendAt });
  return { expiresAt: expiresAt.toISOString(), resendAt: resendAt.toISOString() };
}

/**
 * POST /api/profile/step-up/email-code: the code emailed for this session proves it. Judged under
 * the account's hold (`judgeCounted`): a wrong code is counted, the right one used again or too
 * late is no guess (refused, not counted), the right one is spent by one conditional UPDATE.
 */
export async function proveWithEmailCode(db: Db, session: ProvingSession, code: string, secret: string, now: Date, options: HoldOptions = {}): Promise<{ provedUntil: string }> {
  await judgeCounted(db, { subject: session.userId, kind: STEP_UP_CODE_HOLD_KIND }, now, options, 'stepUpCodeHeld', async (tx) => {
    const row = await tx.selectFrom('step_up_codes').select(['code_hash', 'expires_at', 'used_at']).where('session_hash', '=', session.idHash).executeTakeFirst();
    if (!row) return { ok: false, code: 'codeNotFound', counted: false };
    const hash = codeHash(secret, session.idHash, code.trim());
    const right = sameSecret(hash, row.code_hash);
    if (row.used_at) return { ok: false, code: 'codeNotFound', counted: !right };
    if (row.expires_at.getTime() <= now.getTime()) return { ok: false, code: 'codeExpired', counted: !right };
    if (!right) return { ok: false, code: 'codeWrong', counted: true };
    const spent = await sql<{ session_hash: string }>`
      UPDATE step_up_codes SET used_at = ${now}
      WHERE session_hash = ${session.idHash} AND code_hash = ${hash} AND used_at IS NULL AND expires_at > ${now}
      RETURNING session_hash`.execute(tx);
    // A parallel request spent it first: the right code again, not a guess.
    return spent.rows[0] ? { ok: true } : { ok: false, code: 'codeNotFound', counted: false };
  });
  return recordProof(db, session.idHash, now);
}
