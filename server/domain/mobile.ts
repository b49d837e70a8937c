import { sql } from 'kysely';
import { parsePhoneNumberFromString } from 'libphonenumber-js/max';
import type * as v from 'valibot';
import type { Language, MobileSendCodeResult, MobileVerifyResult } from '../../contract/index.ts';
import type { MobileSendCodeRequestSchema, MobileVerifyRequestSchema } from '../../contract/schemas/verification.ts';
import type { Db } from '../db/schema.ts';
import { enqueueSms } from '../mail/outbox.ts';
import { type SmsDeliveryDeps, deliverSmsNow } from '../mail/sms.ts';
import { renderMobileCodeSms } from '../mail/templates.ts';
import { DomainError } from './errors.ts';
import { type HoldKey, type HoldOptions, clearAttempts, countUse, currentHold, recordFailure, reserveAttempt } from './holds.ts';
import { hmacSha256, randomDigitCode, sameSecret } from './tokens.ts';

/** How long an SMS code is accepted (docs/decisions/verification-server.md). */
export const MOBILE_CODE_VALIDITY_MS = 5 * 60_000;
/** How soon a new code may be asked for. */
export const MOBILE_RESEND_AFTER_MS = 60_000;
/** SMS codes one account may have sent within 24 hours (each costs money and reaches a typed number). */
export const MOBILE_SENDS_PER_DAY = 10;
/** Hold kind counting wrong codes per user (more than 5 in 24 h hold, like family joins). */
export const MOBILE_HOLD_KIND = 'mobile';

export interface MobileNumber {
  /** Calling code without '+'. */
  countryCode: string;
  /** National significant number (a trunk prefix such as the UK's 0 removed). */
  mobile: string;
}

/** A mobile number of that calling code, as libphonenumber-js's full metadata judges it; else `mobileNotMobile`. */
export function normalMobile(countryCode: string, mobile: string): MobileNumber {
  const refused = () => new DomainError('mobileNotMobile', { fields: [{ field: 'mobile', rule: 'format' }] });
  let phone;
  try {
    phone = parsePhoneNumberFromString(mobile, { defaultCallingCode: countryCode });
  } catch {
    // An unknown calling code throws.
    throw refused();
  }
  if (!phone || phone.countryCallingCode !== countryCode || !phone.isValid()) throw refused();
  const type = phone.getType();
  if (type !== 'MOBILE' && type !== 'FIXED_LINE_OR_MOBILE') throw refused();
  return { countryCode, mobile: phone.nationalNumber };
}

/** Only the HMAC of a code is stored, bound to its user and number (keyed with the session secret). */
function codeHash(secret: string, userId: string, number: MobileNumber, code: string): string {
  return hmacSha256(secret, `mobile:${userId}:${number.countryCode}:${number.mobile}:${code}`);
}



export interface MobileSettings {
  secret: string;
  /** Null: no gateway (development and tests); the SMS waits in the dev mailbox. */
  delivery: SmsDeliveryDeps | null;
}

export type SendCodeInput = v.InferOutput<typeof MobileSendCodeRequestSchema>;

/**
 * POST /api/profile/mobile/send-code: a new six-digit code replaces the user's previous one
 * (at most one a minute) and goes out as an SMS outbox row written in the same transaction. With
 * a gateway the row is delivered at once; if that fails the row is given up and the code voided,
 * and the caller is told `smsSendFailed` (a code that arrives late would confuse more than help).
 */
export async function sendMobileCode(
  db: Db,
  /** The account and its language: the SMS is in it, whatever the page's `lang` (issue 26, item 7). */
  account: { id: string; language: Language },
  input: SendCodeInput,
  settings: MobileSettings,
  now: Date,
  options: HoldOptions = {},
): Promise<MobileSendCodeResult> {
  const userId = account.id;
  const number = normalMobile(input.countryCode, input.mobile);
  const holdUntil = await currentHold(db, { subject: userId, kind: MOBILE_HOLD_KIND }, now, options);
  if (holdUntil) throw new DomainError('held', { holdUntil });

  const code = randomDigitCode();
  const hash = codeHash(settings.secret, userId, number, code);
  const expiresAt = new Date(now.getTime() + MOBILE_CODE_VALIDITY_MS);
  const resendAt = new Date(now.getTime() + MOBILE_RESEND_AFTER_MS);
  const text = await renderMobileCodeSms(account.language, { code, validMinutes: MOBILE_CODE_VALIDITY_MS / 60_000 });
  const outboxId = await db.transaction().execute(async (tx) => {
    // One statement decides whether a resend is allowed, so parallel sends cannot both pass.
    const written = await sql<{ user_id: string }>`
      INSERT INTO mobile_codes AS m (user_id, country_code, mobile_number, code_hash, expires_at, resend_at, used_at, created_at)
      VALUES (${userId}, ${number.countryCode}, ${number.mobile}, ${hash}, ${expiresAt}, ${resendAt}, NULL, ${now})
      ON CONFLICT (user_id) DO UPDATE SET
        country_code = EXCLUDED.country_code, mobile_number = EXCLUDED.mobile_number, code_hash = EXCLUDED.code_hash,
        expires_at = EXCLUDED.expires_at, resend_at = EXCLUDED.resend_at, used_at = NULL, created_at = EXCLUDED.created_at
      WHERE m.resend_at <= ${now} OR m.used_at IS NOT NULL
      RETURNING user_id`.execute(tx);
    if (written.rows.length === 0) return null;
    // Each code is an SMS we pay for to a number someone typed: MOBILE_SENDS_PER_DAY per account.
    await countUse(tx, { subject: userId, kind: 'mobile_send' }, now, MOBILE_SENDS_PER_DAY, options).catch((error: unknown) => {
      throw error instanceof DomainError && error.code === 'held' ? new DomainError('smsLimit', { holdUntil: error.holdUntil }) : error;
    });
    return enqueueSms(tx, { to: `+${number.countryCode}${number.mobile}`, text }, now);
  });
  if (outboxId === null) {
    const row = await db.selectFrom('mobile_codes').select('resend_at').where('user_id', '=', userId).executeTakeFirst();
    // holdUntil carries the time a new code may be asked for (docs/api.md).
    throw new DomainError('codeResendTooSoon', { holdUntil: row?.resend_at ?? resendAt });
  }

  if (settings.delivery && !(await deliverSmsNow(settings.delivery, outboxId))) {
    await db.deleteFrom('mobile_codes').where('user_id', '=', userId).where('code_hash', '=', hash).execute();
    throw new DomainError('smsSendFailed');
  }
  return { expiresAt: expiresAt.toISOString(), resendAt: resendAt.toISOString() };
}

export type VerifyCodeInput = v.InferOutput<typeof MobileVerifyRequestSchema>;

/**
 * POST /api/profile/mobile/verify: each attempt is counted before it is judged (holds.ts), so of
 * any number of parallel wrong codes at most six are evaluated and the sixth wrong one holds the
 * user for 24 hours. The right code is spent by one conditional UPDATE that also sets the number.
 */
export async function verifyMobileCode(db: Db, userId: string, input: VerifyCodeInput, secret: string, now: Date, options: HoldOptions = {}): Promise<MobileVerifyResult> {
  const number = normalMobile(input.countryCode, input.mobile);
  const hold: HoldKey = { subject: userId, kind: MOBILE_HOLD_KIND };
  const attempt = await reserveAttempt(db, hold, now, options);

  const row = await db
    .selectFrom('mobile_codes')
    .select(['country_code', 'mobile_number', 'code_hash', 'expires_at', 'used_at'])
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (!row || row.used_at || row.country_code !== number.countryCode || row.mobile_number !== number.mobile) {
    return recordFailure(db, hold, attempt, now, 'codeNotFound', options);
  }
  if (row.expires_at.getTime() <= now.getTime()) return recordFailure(db, hold, attempt, now, 'codeExpired', options);
  const hash = codeHash(secret, userId, number, input.code);
  if (!sameSecret(hash, row.code_hash)) return recordFailure(db, hold, attempt, now, 'codeWrong', options);

  const verified = await db.transaction().execute(async (tx) => {
    const spent = await sql<{ user_id: string }>`
      UPDATE mobile_codes SET used_at = ${now}
      WHERE user_id = ${userId} AND code_hash = ${hash} AND used_at IS NULL AND expires_at > ${now}
      RETURNING user_id`.execute(tx);
    if (spent.rows.length === 0) return false;
    await tx
      .updateTable('users')
      .set({ mobile_country_code: number.countryCode, mobile_number: number.mobile, mobile_verified_at: now })
      .where('id', '=', userId)
      .execute();
    return true;
  });
  // A parallel request spent the same code first (or a resend replaced it): nothing to use now.
  if (!verified) throw new DomainError('codeNotFound');
  await clearAttempts(db, hold, options);
  return { countryCode: number.countryCode, mobile: number.mobile, verified: true };
}
