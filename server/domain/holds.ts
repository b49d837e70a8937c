import { sql } from 'kysely';
import { HOLD_MAX_ATTEMPTS, HOLD_WINDOW_HOURS, type ErrorCode } from '../../contract/index.ts';
import type { Db } from '../db/schema.ts';
import { DomainError } from './errors.ts';
import type { RefusalMemory } from './refusal-memory.ts';

/** Failures are counted within this window from the first one. */
export const HOLD_WINDOW_MS = HOLD_WINDOW_HOURS * 60 * 60_000;
/** A hold lasts this long from the failure that set it. */
export const HOLD_DURATION_MS = HOLD_WINDOW_HOURS * 60 * 60_000;

/** Whose attempts of what: `{ subject: userId, kind: 'forgot' }`, later family join, OTP, two-factor. */
export interface HoldKey {
  subject: string;
  kind: string;
}

/**
 * The app's memory of refusals the database decided (server/domain/refusal-memory.ts), keyed by
 * kind and subject: a running hold or a spent rate limit is answered from it with no query, no
 * write and no hash. Created once per app (createApp), never per module, so apps with their own
 * clocks do not share it. Left out, every answer comes from the database.
 */
export interface HoldOptions {
  memory?: RefusalMemory | undefined;
}

/** How long a reservation refused while other attempts of its key are still being judged is asked to wait. */
export const IN_FLIGHT_WAIT_MS = 5_000;

/** Refusals answered from memory: the caller writes no sign-in history row for them. */
const fromMemory = new WeakSet<Error>();

/** True for a refusal answered from the app's memory, without the database. */
export function answeredFromMemory(error: unknown): boolean {
  return error instanceof Error && fromMemory.has(error);
}

/** `to`, a rewording of the refusal `from` (e.g. `held` as `otpHeld`), keeps its mark of being answered from memory. */
export function carryMemoryMark<E extends Error>(from: unknown, to: E): E {
  if (answeredFromMemory(from)) fromMemory.add(to);
  return to;
}

function memoryKey(key: HoldKey): string {
  return `${key.kind}\u0000${key.subject}`;
}

function held(holdUntil: Date): DomainError {
  return new DomainError('held', { holdUntil });
}

/** Throws `held` (marked as answered from memory) while the memory knows `key` is refused. */
export function refuseFromMemory(options: HoldOptions, key: HoldKey, now: Date): void {
  const until = options.memory?.refusedUntil(memoryKey(key), now.getTime());
  if (until === undefined || until === null) return;
  const error = held(new Date(until));
  fromMemory.add(error);
  throw error;
}

/** Remembers that the database refused `key` until `until` (also used for aliases of a key, such as a typed login). */
export function rememberRefusal(options: HoldOptions, key: HoldKey, until: Date): void {
  options.memory?.remember(memoryKey(key), until.getTime());
}

/** Remembers a `held` refusal the database answered for `key`, then rethrows whatever was thrown. */
function rememberHeld(options: HoldOptions, key: HoldKey, error: unknown): never {
  if (error instanceof DomainError && error.code === 'held' && error.holdUntil) rememberRefusal(options, key, error.holdUntil);
  throw error;
}

/**
 * Reserves an attempt before it is evaluated, so parallel attempts cannot slip past the limit:
 * one atomic upsert counts it (starting afresh when the window or an old hold has passed).
 * Throws `held` while a hold runs (from memory when this app saw it) or when more than
 * HOLD_MAX_ATTEMPTS + 1 attempts are counted; otherwise returns this attempt's number. Call it
 * outside the evaluating transaction, whose rollback would undo the count.
 *
 * With `exact`, the count is of failures plus attempts still being judged, and only failures set
 * a hold (recordFailure): a reservation beyond the limit while others are in flight is refused
 * `tooManyRequests` for IN_FLIGHT_WAIT_MS without being counted, and an attempt that turns out not
 * to be a guess gives its reservation back (releaseAttempt). So parallel right codes never end in
 * a hold, while parallel wrong ones are still judged at most HOLD_MAX_ATTEMPTS + 1 at a time.
 */
export async function reserveAttempt(db: Db, key: HoldKey, now: Date, options: HoldOptions & { exact?: boolean } = {}): Promise<number> {
  refuseFromMemory(options, key, now);
  return options.exact ? reserveExactly(db, key, now, options) : reserveCounting(db, key, now, options);
}

/** The key's count starts afresh: its hold has ended, or it is not held and its window has passed. */
function lapsed(now: Date, windowStart: Date) {
  return sql`(h.held_until <= ${now} OR (h.held_until IS NULL AND h.window_started_at <= ${windowStart}))`;
}

async function reserveCounting(db: Db, key: HoldKey, now: Date, options: HoldOptions): Promise<number> {
  const windowStart = new Date(now.getTime() - HOLD_WINDOW_MS);
  const holdUntil = new Date(now.getTime() + HOLD_DURATION_MS);
  const limit = HOLD_MAX_ATTEMPTS + 1;
  const fresh = lapsed(now, windowStart);
  const result = await sql<{ attempts: number; held_until: Date | null }>`
    INSERT INTO holds AS h (subject, kind, attempts, window_started_at, held_until)
    VALUES (${key.subject}, ${key.kind}, 1, ${now}, NULL)
    ON CONFLICT (subject, kind) DO UPDATE SET
      attempts = CASE WHEN ${fresh}
        THEN 1 ELSE h.attempts + 1 END,
      window_started_at = CASE WHEN ${fresh}
        THEN ${now} ELSE h.window_started_at END,
      held_until = CASE
        WHEN ${fresh} THEN NULL
        WHEN h.held_until IS NULL AND h.attempts + 1 > ${limit} THEN ${holdUntil}
        ELSE h.held_until END
    RETURNING attempts, held_until`.execute(db);
  const row = result.rows[0];
  if (!row) throw new Error('hold upsert returned no row');
  if (row.held_until && row.held_until.getTime() > now.getTime()) rememberHeld(options, key, held(row.held_until));
  return row.attempts;
}

async function reserveExactly(db: Db, key: HoldKey, now: Date, options: HoldOptions): Promise<number> {
  const windowStart = new Date(now.getTime() - HOLD_WINDOW_MS);
  const limit = HOLD_MAX_ATTEMPTS + 1;
  const fresh = lapsed(now, windowStart);
  // The update happens only when the window (or an old hold) has passed, or the key is neither
  // held nor at its limit; otherwise nothing is counted and no row comes back.
  const result = await sql<{ attempts: number }>`
    INSERT INTO holds AS h (subject, kind, attempts, window_started_at, held_until)
    VALUES (${key.subject}, ${key.kind}, 1, ${now}, NULL)
    ON CONFLICT (subject, kind) DO UPDATE SET
      attempts = CASE WHEN ${fresh}
        THEN 1 ELSE h.attempts + 1 END,
      window_started_at = CASE WHEN ${fresh}
        THEN ${now} ELSE h.window_started_at END,
      held_until = NULL
    WHERE h.held_until <= ${now} OR (h.held_until IS NULL AND (h.window_started_at <= ${windowStart} OR h.attempts < ${limit}))
    RETURNING attempts`.execute(db);
  const row = result.rows[0];
  if (row) return row.attempts;
  const holdUntil = await currentHold(db, key, now, options);
  if (holdUntil) throw held(holdUntil);
  throw new DomainError('tooManyRequests', { holdUntil: new Date(now.getTime() + IN_FLIGHT_WAIT_MS) });
}

/** An attempt reserved with `exact` that was not a guess (the right code, already spent): its reservation is given back. */
export async function releaseAttempt(db: Db, key: HoldKey): Promise<void> {
  await sql`UPDATE holds SET attempts = attempts - 1
    WHERE subject = ${key.subject} AND kind = ${key.kind} AND attempts > 0 AND held_until IS NULL`.execute(db);
}

/**
 * After an attempt was evaluated as wrong: the failure beyond HOLD_MAX_ATTEMPTS sets the hold
 * and is answered `held` with its end; earlier ones are answered with the caller's own code.
 */
export async function recordFailure(db: Db, key: HoldKey, attempt: number, now: Date, code: ErrorCode, options: HoldOptions = {}): Promise<never> {
  if (attempt <= HOLD_MAX_ATTEMPTS) throw new DomainError(code);
  const holdUntil = new Date(now.getTime() + HOLD_DURATION_MS);
  const result = await sql<{ held_until: Date }>`
    UPDATE holds SET held_until = CASE WHEN held_until IS NULL OR held_until <= ${now} THEN ${holdUntil} ELSE held_until END
    WHERE subject = ${key.subject} AND kind = ${key.kind}
    RETURNING held_until`.execute(db);
  return rememberHeld(options, key, held(result.rows[0]?.held_until ?? holdUntil));
}

/** After a success: the count starts again (and this app forgets any refusal of the key). */
export async function clearAttempts(db: Db, key: HoldKey, options: HoldOptions = {}): Promise<void> {
  options.memory?.forget(memoryKey(key));
  await db.deleteFrom('holds').where('subject', '=', key.subject).where('kind', '=', key.kind).execute();
}

/** The running hold's end, if any (for screens that show it before an attempt, like GET /family/hold). */
export async function currentHold(db: Db, key: HoldKey, now: Date, options: HoldOptions = {}): Promise<Date | null> {
  const known = options.memory?.refusedUntil(memoryKey(key), now.getTime());
  if (known) return new Date(known);
  const row = await db
    .selectFrom('holds')
    .select('held_until')
    .where('subject', '=', key.subject)
    .where('kind', '=', key.kind)
    .executeTakeFirst();
  if (!row?.held_until || row.held_until.getTime() <= now.getTime()) return null;
  rememberRefusal(options, key, row.held_until);
  return row.held_until;
}

/**
 * A plain rate limit (every use counts, e.g. family invitations): counts this use inside the
 * caller's transaction, so a use refused later in it is not counted, and the row lock serialises
 * parallel uses. Beyond `limit` uses within `windowMs` (HOLD_WINDOW_MS unless given) it throws
 * `held` with the time the window ends (its own increment is rolled back with the caller's
 * transaction); the app remembers that refusal until then, and answers it without the database.
 */
export async function countUse(tx: Db, key: HoldKey, now: Date, limit: number, options: HoldOptions & { windowMs?: number } = {}): Promise<void> {
  refuseFromMemory(options, key, now);
  const windowMs = options.windowMs ?? HOLD_WINDOW_MS;
  const windowStart = new Date(now.getTime() - windowMs);
  const result = await sql<{ attempts: number; window_started_at: Date }>`
    INSERT INTO holds AS h (subject, kind, attempts, window_started_at, held_until)
    VALUES (${key.subject}, ${key.kind}, 1, ${now}, NULL)
    ON CONFLICT (subject, kind) DO UPDATE SET
      attempts = CASE WHEN h.window_started_at <= ${windowStart} THEN 1 ELSE h.attempts + 1 END,
      window_started_at = CASE WHEN h.window_started_at <= ${windowStart} THEN ${now} ELSE h.window_started_at END
    RETURNING attempts, window_started_at`.execute(tx);
  const row = result.rows[0];
  if (!row) throw new Error('rate-limit upsert returned no row');
  if (row.attempts > limit) rememberHeld(options, key, held(new Date(row.window_started_at.getTime() + windowMs)));
}

/** What judging a code answered: right, or refused with `code` (counted as a guess unless `counted` is false). */
export type CodeJudgement = { ok: true } | { ok: false; code: ErrorCode; counted: boolean };

/**
 * A code judged under a per-account hold (`key`): the attempt is reserved before it is judged
 * (exact: only failures can set the hold, so parallel right codes never hold the owner), `spend`
 * judges and spends it in one transaction; a wrong one is counted (one that is no guess, such as
 * the right code used again, gives its reservation back), a right one clears the count. The hold
 * is answered `heldCode` with its time and memory mark. Used by the authenticator's and the
 * step-up dialog's codes.
 */
export async function judgeCounted(db: Db, key: HoldKey, now: Date, options: HoldOptions, heldCode: ErrorCode, spend: (tx: Db) => Promise<CodeJudgement>): Promise<void> {
  const asHeld = (error: unknown): unknown =>
    error instanceof DomainError && error.code === 'held' ? carryMemoryMark(error, new DomainError(heldCode, error.holdUntil ? { holdUntil: error.holdUntil } : {})) : error;
  let attempt: number;
  try {
    attempt = await reserveAttempt(db, key, now, { exact: true, memory: options.memory });
  } catch (error) {
    throw asHeld(error);
  }
  let judgement: CodeJudgement;
  try {
    judgement = await db.transaction().execute(spend);
  } catch (error) {
    await releaseAttempt(db, key);
    throw error;
  }
  if (!judgement.ok) {
    if (!judgement.counted) {
      await releaseAttempt(db, key);
      throw new DomainError(judgement.code);
    }
    try {
      await recordFailure(db, key, attempt, now, judgement.code, options);
    } catch (error) {
      throw asHeld(error);
    }
  }
  await clearAttempts(db, key, options);
}
