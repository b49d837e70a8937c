import { sql } from 'kysely';
import type { Db } from '../db/schema.ts';
import { DomainError } from './errors.ts';
import type { HashLane } from './password-pool.ts';
import { verifyAgainstDummy, verifyPassword } from './passwords.ts';

/**
 * Password-login throttling (docs/decisions/login-throttling.md).
 *
 * Per (account, client address): the first FREE_ATTEMPTS wrong passwords cost nothing; from then
 * on each attempt must wait a delay that doubles from FIRST_DELAY_MS up to MAX_DELAY_MS after the
 * one before. The attempt is counted (one atomic upsert) before the password is evaluated, and
 * an attempt inside the delay is answered `loginThrottled` with `holdUntil` without evaluating
 * anything. A right password deletes its pair's count. Another address, and OTP, are untouched:
 * the owner is never locked out.
 *
 * Per client address: more than ADDRESS_FLOOD_FAILURES wrong passwords within ADDRESS_WINDOW_MS
 * put the address's evaluations in the hashing pool's low lane (served only when no other
 * address waits). Nothing is refused for this, so right passwords from a school's shared address
 * still sign in; they are only ever queued behind their own address's work.
 */

export const FREE_ATTEMPTS = 5;
export const FIRST_DELAY_MS = 1_000;
export const MAX_DELAY_MS = 15 * 60_000;
/** A pair with no attempt for this long starts counting afresh. */
export const PAIR_RESET_MS = 24 * 60 * 60_000;
export const ADDRESS_WINDOW_MS = 10 * 60_000;
export const ADDRESS_FLOOD_FAILURES = 100;
/** When the hashing queue of one address is full: try again after this. */
export const QUEUE_FULL_RETRY_MS = 1_000;
/** The subject of an address's own row (wrong passwords of every account from it). */
const ADDRESS_SUBJECT = '*';
/** The address of a request whose socket address is not known (app.request in tests). */
export const UNKNOWN_ADDRESS = 'unknown';

/** The delay after the attempt numbered `attempt` (1-based) before the next may be evaluated. */
export function delayAfter(attempt: number): number {
  if (attempt < FREE_ATTEMPTS) return 0;
  return Math.min(FIRST_DELAY_MS * 2 ** (attempt - FREE_ATTEMPTS), MAX_DELAY_MS);
}

export interface ThrottleKey {
  /** The account id, or `login:` and the typed login for an unknown account. */
  subject: string;
  address: string;
}

function throttled(holdUntil: Date): DomainError {
  return new DomainError('loginThrottled', { holdUntil });
}

/**
 * Counts this attempt before it is evaluated: one upsert under the row lock, so parallel attempts
 * are counted exactly. Inside a running delay it changes nothing and throws `loginThrottled`;
 * otherwise it counts the attempt and sets the delay the next one must wait. Also answers, in the
 * same statement, whether the address is flooding (more than ADDRESS_FLOOD_FAILURES wrong
 * passwords in its window).
 */
export async function reserveLoginAttempt(db: Db, key: ThrottleKey, now: Date): Promise<{ attempt: number; flooding: boolean }> {
  const resetBefore = new Date(now.getTime() - PAIR_RESET_MS);
  const firstSeconds = FIRST_DELAY_MS / 1000;
  const maxSeconds = MAX_DELAY_MS / 1000;
  const windowStart = new Date(now.getTime() - ADDRESS_WINDOW_MS);
  const next = sql`(CASE WHEN t.last_attempt_at <= ${resetBefore} THEN 1 ELSE t.attempts + 1 END)`;
  const result = await sql<{ attempts: number; held_until: Date | null; last_refused: boolean; flooding: boolean | null }>`
    INSERT INTO login_throttles AS t (subject, address, attempts, window_started_at, last_attempt_at, held_until, last_refused)
    VALUES (${key.subject}, ${key.address}, 1, ${now}, ${now}, ${delayAfter(1) > 0 ? new Date(now.getTime() + delayAfter(1)) : null}, false)
    ON CONFLICT (subject, address) DO UPDATE SET
      last_refused = COALESCE(t.held_until > ${now}, false),
      attempts = CASE WHEN t.held_until > ${now} THEN t.attempts ELSE ${next} END,
      window_started_at = CASE WHEN t.held_until > ${now} THEN t.window_started_at
        WHEN t.last_attempt_at <= ${resetBefore} THEN ${now} ELSE t.window_started_at END,
      last_attempt_at = CASE WHEN t.held_until > ${now} THEN t.last_attempt_at ELSE ${now} END,
      held_until = CASE WHEN t.held_until > ${now} THEN t.held_until
        WHEN ${next} < ${FREE_ATTEMPTS} THEN NULL
        ELSE ${now}::timestamptz + make_interval(secs => LEAST(${firstSeconds}::float8 * power(2::float8, (${next} - ${FREE_ATTEMPTS})::float8), ${maxSeconds}::float8))
        END
    RETURNING attempts, held_until, last_refused,
      (SELECT a.attempts > ${ADDRESS_FLOOD_FAILURES} AND a.window_started_at > ${windowStart}
         FROM login_throttles a WHERE a.subject = ${ADDRESS_SUBJECT} AND a.address = ${key.address}) AS flooding`.execute(db);
  const row = result.rows[0];
  if (!row) throw new Error('login throttle upsert returned no row');
  if (row.last_refused && row.held_until) throw throttled(row.held_until);
  return { attempt: row.attempts, flooding: row.flooding === true };
}

/** A right password: the pair counts afresh, and the account's lapsed pairs (other addresses) go too. */
export async function clearLoginAttempts(db: Db, key: ThrottleKey, now: Date): Promise<void> {
  const lapsed = new Date(now.getTime() - PAIR_RESET_MS);
  await sql`DELETE FROM login_throttles
    WHERE subject = ${key.subject} AND (address = ${key.address} OR last_attempt_at <= ${lapsed})`.execute(db);
}

/** A wrong password: counted against the address, within ADDRESS_WINDOW_MS of its first one. */
export async function recordAddressFailure(db: Db, address: string, now: Date): Promise<void> {
  const windowStart = new Date(now.getTime() - ADDRESS_WINDOW_MS);
  await sql`
    INSERT INTO login_throttles AS t (subject, address, attempts, window_started_at, last_attempt_at, held_until, last_refused)
    VALUES (${ADDRESS_SUBJECT}, ${address}, 1, ${now}, ${now}, NULL, false)
    ON CONFLICT (subject, address) DO UPDATE SET
      attempts = CASE WHEN t.window_started_at <= ${windowStart} THEN 1 ELSE t.attempts + 1 END,
      window_started_at = CASE WHEN t.window_started_at <= ${windowStart} THEN ${now} ELSE t.window_started_at END,
      last_attempt_at = ${now}`.execute(db);
}

export interface PasswordAttempt extends ThrottleKey {
  /** The account's hash; null for an unknown account or one without a password (a dummy is checked). */
  passwordHash: string | null;
  password: string;
}

/**
 * The password-checking part of a login: reserve, evaluate in the address's lane of the bounded
 * hashing pool, then clear (right) or count against the address (wrong). Returns whether the
 * password was right (always false without a hash). Throws `loginThrottled` inside a delay, or
 * when the address already has a full hashing queue.
 */
export async function checkLoginPassword(db: Db, attempt: PasswordAttempt, now: Date): Promise<boolean> {
  const key = { subject: attempt.subject, address: attempt.address };
  const { flooding } = await reserveLoginAttempt(db, key, now);
  const lane: HashLane = { key: attempt.address, low: flooding };
  let right: boolean;
  try {
    right = attempt.passwordHash ? await verifyPassword(attempt.passwordHash, attempt.password, lane) : await verifyAgainstDummy(attempt.password, lane);
  } catch (error) {
    if (error instanceof Error && error.name === 'PoolFullError') throw throttled(new Date(now.getTime() + QUEUE_FULL_RETRY_MS));
    throw error;
  }
  if (right) await clearLoginAttempts(db, key, now);
  else await recordAddressFailure(db, attempt.address, now);
  return right;
}
