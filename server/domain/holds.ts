import { sql } from 'kysely';
import { HOLD_MAX_ATTEMPTS, HOLD_WINDOW_HOURS, type ErrorCode } from '../../contract/index.ts';
import type { Db } from '../db/schema.ts';
import { DomainError } from './errors.ts';

/** Failures are counted within this window from the first one. */
export const HOLD_WINDOW_MS = HOLD_WINDOW_HOURS * 60 * 60_000;
/** A hold lasts this long from the failure that set it. */
export const HOLD_DURATION_MS = HOLD_WINDOW_HOURS * 60 * 60_000;

/** Whose attempts of what: `{ subject: userId, kind: 'forgot' }`, later family join, OTP, two-factor. */
export interface HoldKey {
  subject: string;
  kind: string;
}

function held(holdUntil: Date): DomainError {
  return new DomainError('held', { holdUntil });
}

/**
 * Reserves an attempt before it is evaluated, so parallel attempts cannot slip past the limit:
 * one atomic upsert counts it (starting afresh when the window or an old hold has passed).
 * Throws `held` while a hold runs or when more than HOLD_MAX_ATTEMPTS + 1 attempts are counted;
 * otherwise returns this attempt's number. Call it outside the evaluating transaction, whose
 * rollback would undo the count.
 */
export async function reserveAttempt(db: Db, key: HoldKey, now: Date): Promise<number> {
  const windowStart = new Date(now.getTime() - HOLD_WINDOW_MS);
  const holdUntil = new Date(now.getTime() + HOLD_DURATION_MS);
  const limit = HOLD_MAX_ATTEMPTS + 1;
  const result = await sql<{ attempts: number; held_until: Date | null }>`
    INSERT INTO holds AS h (subject, kind, attempts, window_started_at, held_until)
    VALUES (${key.subject}, ${key.kind}, 1, ${now}, NULL)
    ON CONFLICT (subject, kind) DO UPDATE SET
      attempts = CASE WHEN h.held_until <= ${now} OR (h.held_until IS NULL AND h.window_started_at <= ${windowStart})
        THEN 1 ELSE h.attempts + 1 END,
      window_started_at = CASE WHEN h.held_until <= ${now} OR (h.held_until IS NULL AND h.window_started_at <= ${windowStart})
        THEN ${now} ELSE h.window_started_at END,
      held_until = CASE
        WHEN h.held_until <= ${now} OR (h.held_until IS NULL AND h.window_started_at <= ${windowStart}) THEN NULL
        WHEN h.held_until IS NULL AND h.attempts + 1 > ${limit} THEN ${holdUntil}
        ELSE h.held_until END
    RETURNING attempts, held_until`.execute(db);
  const row = result.rows[0];
  if (!row) throw new Error('hold upsert returned no row');
  if (row.held_until && row.held_until.getTime() > now.getTime()) throw held(row.held_until);
  return row.attempts;
}

/**
 * After an attempt was evaluated as wrong: the failure beyond HOLD_MAX_ATTEMPTS sets the hold
 * and is answered `held` with its end; earlier ones are answered with the caller's own code.
 */
export async function recordFailure(db: Db, key: HoldKey, attempt: number, now: Date, code: ErrorCode): Promise<never> {
  if (attempt <= HOLD_MAX_ATTEMPTS) throw new DomainError(code);
  const holdUntil = new Date(now.getTime() + HOLD_DURATION_MS);
  const result = await sql<{ held_until: Date }>`
    UPDATE holds SET held_until = CASE WHEN held_until IS NULL OR held_until <= ${now} THEN ${holdUntil} ELSE held_until END
    WHERE subject = ${key.subject} AND kind = ${key.kind}
    RETURNING held_until`.execute(db);
  throw held(result.rows[0]?.held_until ?? holdUntil);
}

/** After a success: the count starts again. */
export async function clearAttempts(db: Db, key: HoldKey): Promise<void> {
  await db.deleteFrom('holds').where('subject', '=', key.subject).where('kind', '=', key.kind).execute();
}

/** The running hold's end, if any (for screens that show it before an attempt, like GET /family/hold). */
export async function currentHold(db: Db, key: HoldKey, now: Date): Promise<Date | null> {
  const row = await db
    .selectFrom('holds')
    .select('held_until')
    .where('subject', '=', key.subject)
    .where('kind', '=', key.kind)
    .executeTakeFirst();
  return row?.held_until && row.held_until.getTime() > now.getTime() ? row.held_until : null;
}

/**
 * A plain rate limit (every use counts, e.g. family invitations): counts this use inside the
 * caller's transaction, so a use refused later in it is not counted, and the row lock serialises
 * parallel uses. Beyond `limit` uses within HOLD_WINDOW_MS it throws `held` with the time the
 * window ends (its own increment is rolled back with the caller's transaction).
 */
export async function countUse(tx: Db, key: HoldKey, now: Date, limit: number): Promise<void> {
  const windowStart = new Date(now.getTime() - HOLD_WINDOW_MS);
  const result = await sql<{ attempts: number; window_started_at: Date }>`
    INSERT INTO holds AS h (subject, kind, attempts, window_started_at, held_until)
    VALUES (${key.subject}, ${key.kind}, 1, ${now}, NULL)
    ON CONFLICT (subject, kind) DO UPDATE SET
      attempts = CASE WHEN h.window_started_at <= ${windowStart} THEN 1 ELSE h.attempts + 1 END,
      window_started_at = CASE WHEN h.window_started_at <= ${windowStart} THEN ${now} ELSE h.window_started_at END
    RETURNING attempts, window_started_at`.execute(tx);
  const row = result.rows[0];
  if (!row) throw new Error('rate-limit upsert returned no row');
  if (row.attempts > limit) throw held(new Date(row.window_started_at.getTime() + HOLD_WINDOW_MS));
}
