import { sql } from 'kysely';
import type { Db } from '../db/schema.ts';
import { addressGroup } from './address-group.ts';
import { deviceIdFor, deviceTokens } from './device-cookie.ts';
import { DomainError } from './errors.ts';
import type { HashLane } from './password-pool.ts';
import { verifyAgainstDummy, verifyPassword } from './passwords.ts';
import type { RecaptchaVerifier } from './recaptcha.ts';
import type { RefusalMemory } from './refusal-memory.ts';
import type { SignInClient } from './sign-in-history.ts';
import { clipUserAgent } from './user-agents.ts';

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
/**
 * An address past its flood cap has at most this many password attempts under way in a process;
 * more are refused `loginThrottled` from memory (QUEUE_FULL_RETRY_MS), before any query.
 */
export const FLOODING_LANE_DEPTH = 4;
/**
 * A refusal answered from memory is sent this long after the request came (a timer, no work), so
 * a connection that keeps sending refused attempts makes at most a few requests a second instead
 * of competing with everyone else's requests for the event loop (a tarpit).
 */
export const MEMORY_REFUSAL_PACE_MS = 200;
/**
 * A wrong password from an address past its flood cap keeps its place among the address's
 * FLOODING_LANE_DEPTH attempts this long after it was let in (a timer, no work), so a flooding
 * address gets at most FLOODING_LANE_DEPTH evaluations a second in a process. Each evaluation is
 * an argon2id hash whose 19 MiB sweep slows everything else on the machine (its caches), not only
 * the core it runs on: a spraying flood evaluated 50 a second kept `users/me` at a third of its
 * throughput although the hashes ran at the lowest priority (docs/decisions/front-door.md).
 * A right password leaves at once.
 */
export const FLOODING_WRONG_HOLD_MS = 1_000;
/** How long a process trusts the database's word that an address is flooding before asking again. */
export const FLOODING_REMEMBERED_MS = 10_000;
/**
 * Wrong passwords an account may receive from browsers that are not known devices of it before
 * each further attempt from such a browser needs a reCAPTCHA token (NIST SP 800-63B: at most 100).
 * Forgotten PAIR_RESET_MS after the last counted one.
 */
export const ACCOUNT_BUDGET = 100;
/** How long a process answers `loginChallengeRequired` from memory before asking the database again. */
export const CHALLENGE_REMEMBERED_MS = 10 * 60_000;
/** The subject of an address's own row (wrong passwords of every account from it). */
const ADDRESS_SUBJECT = '*';
/** The address column of an account's budget row (every address and unknown browser together). */
export const BUDGET_ADDRESS = '#budget';
/** The address column of a known device's pair row: this prefix and the device id. */
export const DEVICE_ADDRESS_PREFIX = 'device:';
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

const challengeRequired = () => new DomainError('loginChallengeRequired');

/**
 * Counts this attempt before it is evaluated: one upsert under the row lock, so parallel attempts
 * are counted exactly. Inside a running delay it changes nothing and throws `loginThrottled`;
 * otherwise it counts the attempt and sets the delay the next one must wait. Also answers, in the
 * same statement, whether the address is flooding (more than ADDRESS_FLOOD_FAILURES wrong
 * passwords in its window).
 */
export async function reserveLoginAttempt(db: Db, key: ThrottleKey & { floodAddress?: string }, now: Date): Promise<{ attempt: number; flooding: boolean }> {
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
         FROM login_throttles a WHERE a.subject = ${ADDRESS_SUBJECT} AND a.address = ${key.floodAddress ?? key.address}) AS flooding`.execute(db);
  const row = result.rows[0];
  if (!row) throw new Error('login throttle upsert returned no row');
  if (row.last_refused && row.held_until) throw throttled(row.held_until);
  return { attempt: row.attempts, flooding: row.flooding === true };
}

/**
 * A right password: the pair counts afresh, and the account's lapsed pairs (other addresses) go
 * too; with `releaseReserved`, the budget attempt reserved for it is given back in the same
 * statement (`releaseBudget`).
 */
export async function clearLoginAttempts(db: Db, key: ThrottleKey, now: Date, releaseReserved = false): Promise<void> {
  const lapsed = new Date(now.getTime() - PAIR_RESET_MS);
  if (!releaseReserved) {
    await sql`DELETE FROM login_throttles
      WHERE subject = ${key.subject} AND (address = ${key.address} OR last_attempt_at <= ${lapsed})`.execute(db);
    return;
  }
  // The budget row was just counted (never lapsed), so the delete leaves it to the update.
  await sql`WITH cleared AS (
      DELETE FROM login_throttles
      WHERE subject = ${key.subject} AND address <> ${BUDGET_ADDRESS} AND (address = ${key.address} OR last_attempt_at <= ${lapsed})
      RETURNING 1)
    UPDATE login_throttles SET attempts = GREATEST(attempts - 1, 0)
    WHERE subject = ${key.subject} AND address = ${BUDGET_ADDRESS}`.execute(db);
}

/**
 * Reserves one attempt of the account's budget (ACCOUNT_BUDGET wrong passwords from browsers it
 * does not know), atomically like the pair rows: answers `reserved` when the attempt fits (it is
 * counted, and given back by `releaseBudget` if it turns out right or is not evaluated), and
 * `over` with the time the count is forgotten when the budget is spent (nothing changes then).
 */
export async function reserveBudget(db: Db, subject: string, now: Date): Promise<{ reserved: boolean; resetAt: Date }> {
  const resetBefore = new Date(now.getTime() - PAIR_RESET_MS);
  const spent = sql`(t.last_attempt_at > ${resetBefore} AND t.attempts >= ${ACCOUNT_BUDGET})`;
  const result = await sql<{ last_refused: boolean; last_attempt_at: Date }>`
    INSERT INTO login_throttles AS t (subject, address, attempts, window_started_at, last_attempt_at, held_until, last_refused)
    VALUES (${subject}, ${BUDGET_ADDRESS}, 1, ${now}, ${now}, NULL, false)
    ON CONFLICT (subject, address) DO UPDATE SET
      last_refused = ${spent},
      attempts = CASE WHEN t.last_attempt_at <= ${resetBefore} THEN 1 WHEN ${spent} THEN t.attempts ELSE t.attempts + 1 END,
      window_started_at = CASE WHEN t.last_attempt_at <= ${resetBefore} THEN ${now} ELSE t.window_started_at END,
      last_attempt_at = CASE WHEN ${spent} THEN t.last_attempt_at ELSE ${now} END
    RETURNING last_refused, last_attempt_at`.execute(db);
  const row = result.rows[0];
  if (!row) throw new Error('login budget upsert returned no row');
  return { reserved: !row.last_refused, resetAt: new Date(new Date(row.last_attempt_at).getTime() + PAIR_RESET_MS) };
}

/** Gives back a reserved budget attempt: the password was right, or it was never evaluated. */
export async function releaseBudget(db: Db, subject: string): Promise<void> {
  await sql`UPDATE login_throttles SET attempts = GREATEST(attempts - 1, 0)
    WHERE subject = ${subject} AND address = ${BUDGET_ADDRESS}`.execute(db);
}

/**
 * A wrong password's bookkeeping in ONE statement, the same for a known and an unknown account (so
 * the two take as long): the address's count (within ADDRESS_WINDOW_MS of its first one), and for a
 * known account its sign-in history row (for an unknown one the insert selects no row). The
 * history's 90-day trim is left to successful sign-ins and the daily purge.
 */
export async function recordWrongPassword(
  db: Db,
  wrong: { address: string; userId: string | null; outcome: 'wrongPassword' | 'inactive'; client: SignInClient },
  now: Date,
): Promise<void> {
  const windowStart = new Date(now.getTime() - ADDRESS_WINDOW_MS);
  const userAgent = clipUserAgent(wrong.client.userAgent);
  await sql`
    WITH flood AS (
      INSERT INTO login_throttles AS t (subject, address, attempts, window_started_at, last_attempt_at, held_until, last_refused)
      VALUES (${ADDRESS_SUBJECT}, ${wrong.address}, 1, ${now}, ${now}, NULL, false)
      ON CONFLICT (subject, address) DO UPDATE SET
        attempts = CASE WHEN t.window_started_at <= ${windowStart} THEN 1 ELSE t.attempts + 1 END,
        window_started_at = CASE WHEN t.window_started_at <= ${windowStart} THEN ${now} ELSE t.window_started_at END,
        last_attempt_at = ${now}
      RETURNING 1
    ), history AS (
      INSERT INTO sign_in_history (user_id, at, method, outcome, user_agent, address)
      SELECT u.id, ${now}, 'password', ${wrong.outcome}, ${userAgent}, ${wrong.client.address ?? null}
        FROM (SELECT CAST(${wrong.userId} AS text) AS id) u WHERE u.id IS NOT NULL
      RETURNING 1
    )
    SELECT (SELECT count(*) FROM flood) + (SELECT count(*) FROM history) AS written`.execute(db);
}

/** What a password login needs from its app (server/http.ts `loginGuard`). */
export interface LoginGuard {
  /** The app's memory of refusals: repeated refused attempts are answered from it without a query. */
  memory?: RefusalMemory;
  /** Checks the reCAPTCHA token of an attempt over the account's budget; without it none passes. */
  verifyRecaptcha?: RecaptchaVerifier;
  /** The secret device cookies are signed with. */
  deviceSecret?: string;
  /** How long a refusal from memory waits before it is answered (MEMORY_REFUSAL_PACE_MS unless set). */
  refusalPaceMs?: number;
  /** The least time from letting an attempt in to answering its wrong password (none unless set; the app sets `LOGIN_WRONG_PASSWORD_FLOOR_MS`). */
  wrongPasswordFloorMs?: number;
  /** How long a flooding address's wrong password keeps its place (FLOODING_WRONG_HOLD_MS unless set; the app sets `LOGIN_FLOODING_HOLD_MS`). */
  floodingWrongHoldMs?: number;
}

/**
 * Waits until `floorMs` after `startedAt` (a `performance.now()` reading), if that is still to
 * come (a timer, no work): every evaluated wrong password is answered on this floor, whichever
 * account it named, so the known and the unknown account's paths end at the same moment unless
 * either runs longer (docs/decisions/front-door.md, "Login timing").
 */
export async function waitForFloor(startedAt: number, floorMs: number): Promise<void> {
  const left = startedAt + floorMs - performance.now();
  if (left > 0) await new Promise((resolve) => setTimeout(resolve, left));
}

/** One password attempt as the route saw it. */
export interface PasswordAttempt {
  /** The typed login ID or login email, folded (trimmed, lower case). */
  login: string;
  password: string;
  /** The client address as seen (grouped here with `addressGroup`). */
  address: string;
  userAgent: string | null;
  /** The browser's device cookie value, if any. */
  deviceCookie?: string | undefined;
  /** The reCAPTCHA token sent once `loginChallengeRequired` was answered. */
  recaptchaToken?: string | undefined;
}

/** The account a login names (null: none), as far as throttling needs it. */
export interface AttemptAccount {
  id: string;
  passwordHash: string | null;
  pending: boolean;
}

/** The memory keys of an attempt, derived from the request alone (no query). */
function memoryKeys(attempt: PasswordAttempt, group: string, deviceSecret: string | undefined) {
  // Only genuine tokens (tagged with the secret) make a key of their own: a made-up cookie must
  // not make each attempt a new key that memory has never refused.
  const nonces = deviceSecret ? deviceTokens(deviceSecret, attempt.deviceCookie).map((token) => token.slice(0, 22)) : [];
  return {
    pair: nonces.length > 0 ? `pw:${attempt.login}|${group}|${nonces.join(',')}` : `pw:${attempt.login}|${group}`,
    challenge: `challenge:${attempt.login}`,
    flood: `flood:${group}`,
    lane: `lane:${group}`,
    hasDevice: nonces.length > 0,
  };
}

/**
 * The refusals a process can answer from memory alone, before any query: the attempt's pair is
 * inside a delay the database gave, the account needs the challenge (and the request carries no
 * token and no device cookie), or the address is flooding and already has FLOODING_LANE_DEPTH
 * password attempts under way in this process. Throws the refusal (refusals answered here leave no
 * sign-in history row, and are answered `refusalPaceMs` later); otherwise counts the attempt as
 * under way and answers its ticket (`PasswordAttemptTicket`: `leave` once the attempt is answered,
 * `answerWrong` for an evaluated wrong password).
 */
export async function enterPasswordAttempt(attempt: PasswordAttempt, guard: LoginGuard, now: Date): Promise<PasswordAttemptTicket> {
  const memory = guard.memory;
  const floorMs = guard.wrongPasswordFloorMs ?? 0;
  if (!memory) return { leave: () => {}, answerWrong: (startedAt) => waitForFloor(startedAt, floorMs) };
  const group = addressGroup(attempt.address);
  const keys = memoryKeys(attempt, group, guard.deviceSecret);
  const refusal = refusalFromMemory(memory, attempt, keys, now.getTime());
  if (refusal) {
    const pace = guard.refusalPaceMs ?? MEMORY_REFUSAL_PACE_MS;
    if (pace > 0) await new Promise((resolve) => setTimeout(resolve, pace));
    throw refusal;
  }
  memory.enter(keys.lane);
  let left = false;
  const leave = () => {
    if (left) return;
    left = true;
    memory.leave(keys.lane);
  };
  return {
    leave,
    answerWrong: async (startedAt) => {
      // Read when the answer is due: the evaluation itself may have found the address flooding.
      if (memory.refusedUntil(keys.flood, now.getTime()) !== null) {
        await waitForFloor(startedAt, Math.max(floorMs, guard.floodingWrongHoldMs ?? FLOODING_WRONG_HOLD_MS));
        leave();
        return;
      }
      // The attempt stops counting as under way before the wait: the floor holds no lane.
      leave();
      await waitForFloor(startedAt, floorMs);
    },
  };
}

/** A password attempt let in by `enterPasswordAttempt`. */
export interface PasswordAttemptTicket {
  /** Ends the attempt (once; later calls do nothing). */
  leave(): void;
  /**
   * Answers an evaluated wrong password on its floor (`wrongPasswordFloorMs` after `startedAt`, a
   * `performance.now()` reading), ending the attempt: before the wait, or after it, at the earliest
   * `floodingWrongHoldMs` after `startedAt`, when the address is flooding.
   */
  answerWrong(startedAt: number): Promise<void>;
}

function refusalFromMemory(memory: RefusalMemory, attempt: PasswordAttempt, keys: ReturnType<typeof memoryKeys>, nowMs: number): DomainError | null {
  const held = memory.refusedUntil(keys.pair, nowMs);
  if (held !== null) return throttled(new Date(held));
  if (!keys.hasDevice && !attempt.recaptchaToken && memory.refusedUntil(keys.challenge, nowMs) !== null) return challengeRequired();
  if (memory.refusedUntil(keys.flood, nowMs) !== null && memory.inFlight(keys.lane) >= FLOODING_LANE_DEPTH) {
    return throttled(new Date(nowMs + QUEUE_FULL_RETRY_MS));
  }
  return null;
}

/**
 * The password-checking part of a login, once the account is looked up (`account` null for an
 * unknown login): the account's budget for unknown browsers (a known device is exempt and counted
 * on its own), the pair's growing delay, the evaluation in the address's lane of the bounded
 * hashing pool, then the bookkeeping (right: the pair and the reserved budget attempt cleared;
 * wrong: the address's count and the history row). Returns whether the password was right
 * (always false without a hash). Throws `loginThrottled` inside a delay or when the address's
 * queue is full, `loginChallengeRequired` over the budget without a token the verifier accepts.
 * Every refusal the database decides is remembered in `guard.memory`.
 */
export async function checkLoginPassword(db: Db, attempt: PasswordAttempt, account: AttemptAccount | null, guard: LoginGuard, now: Date): Promise<boolean> {
  const group = addressGroup(attempt.address);
  const keys = memoryKeys(attempt, group, guard.deviceSecret);
  const memory = guard.memory;
  const subject = account ? account.id : `login:${attempt.login}`;
  const deviceId = account && guard.deviceSecret ? deviceIdFor(guard.deviceSecret, attempt.deviceCookie, account.id) : null;

  let reserved = false;
  if (deviceId === null) {
    const budget = await reserveBudget(db, subject, now);
    reserved = budget.reserved;
    if (!reserved) {
      const passed = attempt.recaptchaToken && guard.verifyRecaptcha ? await guard.verifyRecaptcha(attempt.recaptchaToken, group) : false;
      if (!passed) {
        if (!keys.hasDevice) memory?.remember(keys.challenge, Math.min(budget.resetAt.getTime(), now.getTime() + CHALLENGE_REMEMBERED_MS));
        throw challengeRequired();
      }
    }
  }

  const key = { subject, address: deviceId === null ? group : `${DEVICE_ADDRESS_PREFIX}${deviceId}`, floodAddress: group };
  let flooding: boolean;
  try {
    ({ flooding } = await reserveLoginAttempt(db, key, now));
  } catch (error) {
    if (reserved) await releaseBudget(db, subject);
    if (error instanceof DomainError && error.holdUntil) memory?.remember(keys.pair, error.holdUntil.getTime());
    throw error;
  }
  if (flooding) memory?.remember(keys.flood, now.getTime() + FLOODING_REMEMBERED_MS);

  const lane: HashLane = { key: group, low: flooding };
  let right: boolean;
  try {
    right = account?.passwordHash ? await verifyPassword(account.passwordHash, attempt.password, lane) : await verifyAgainstDummy(attempt.password, lane);
  } catch (error) {
    if (reserved) await releaseBudget(db, subject);
    if (error instanceof Error && error.name === 'PoolFullError') throw throttled(new Date(now.getTime() + QUEUE_FULL_RETRY_MS));
    throw error;
  }
  if (right) {
    await clearLoginAttempts(db, key, now, reserved);
    memory?.forget(keys.pair);
    memory?.forget(keys.challenge);
  } else {
    const client = { userAgent: attempt.userAgent, address: attempt.address === UNKNOWN_ADDRESS ? null : attempt.address };
    await recordWrongPassword(db, { address: group, userId: account?.id ?? null, outcome: account?.pending ? 'inactive' : 'wrongPassword', client }, now);
  }
  return right;
}
