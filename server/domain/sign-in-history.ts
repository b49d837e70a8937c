import { sql } from 'kysely';
import type { Db } from '../db/schema.ts';
import { SIGN_IN_HISTORY_DAYS, type SignInHistoryEntry, type SignInMethod, type SignInOutcome } from '../../contract/schemas/security.ts';
import { DomainError } from './errors.ts';
import { queueSecurityEmail, type SecurityEmailUser } from './security-emails.ts';
import { clipUserAgent, describeUserAgent } from './user-agents.ts';

export type { SignInMethod } from '../../contract/schemas/security.ts';

export const SIGN_IN_HISTORY_MS = SIGN_IN_HISTORY_DAYS * 24 * 60 * 60_000;
/** A browser not used to sign in for this long is "not seen before" again. */
export const KNOWN_BROWSER_MS = 365 * 24 * 60 * 60_000;

/** The client a sign-in came from, as the request said. */
export interface SignInClient {
  userAgent?: string | null;
  address?: string | null;
}

export interface SignInRecord {
  userId: string;
  method: SignInMethod;
  outcome: SignInOutcome;
  client?: SignInClient;
  at: Date;
}

/**
 * Writes one row of the account's sign-in history, on the transaction (or connection) given:
 * call it in the transaction that records the outcome, so the row and the outcome stand or fall
 * together. Also drops the account's rows older than 90 days.
 */
export async function recordSignIn(tx: Db, record: SignInRecord): Promise<void> {
  await tx
    .insertInto('sign_in_history')
    .values({
      user_id: record.userId,
      at: record.at,
      method: record.method,
      outcome: record.outcome,
      user_agent: clipUserAgent(record.client?.userAgent),
      address: record.client?.address ?? null,
    })
    .execute();
  await tx
    .deleteFrom('sign_in_history')
    .where('user_id', '=', record.userId)
    .where('at', '<', new Date(record.at.getTime() - SIGN_IN_HISTORY_MS))
    .execute();
}

/**
 * A successful sign-in's bookkeeping, in the transaction that creates its session: the history
 * row, and the browser's record. A browser "not seen before" is a browser and system (names, not
 * versions) this account has not signed in from successfully within a year; its owner is emailed,
 * except on an account's very first sign-in (nothing to compare with).
 */
export async function recordSuccessfulSignIn(
  tx: Db,
  user: SecurityEmailUser,
  method: SignInMethod,
  client: SignInClient | undefined,
  settings: { supportEmail: string; publicUrl: string },
  at: Date,
): Promise<{ newBrowser: boolean }> {
  const described = describeUserAgent(client?.userAgent);
  const seenSince = new Date(at.getTime() - KNOWN_BROWSER_MS);
  // One statement (a sign-in is the busiest write there is): the history row, the 90-day trim and
  // the browser's record are written by its sub-statements, while its SELECT reads the browsers as
  // they were before it (every part of a statement sees the same snapshot).
  const before = await sql<{ known: boolean; any: boolean }>`
    WITH history AS (
      INSERT INTO sign_in_history (user_id, at, method, outcome, user_agent, address)
      VALUES (${user.id}, ${at}, ${method}, 'success', ${clipUserAgent(client?.userAgent)}, ${client?.address ?? null})
      RETURNING 1
    ), trimmed AS (
      DELETE FROM sign_in_history WHERE user_id = ${user.id} AND at < ${new Date(at.getTime() - SIGN_IN_HISTORY_MS)}
      RETURNING 1
    ), seen AS (
      INSERT INTO known_browsers (user_id, browser_key, first_seen_at, last_seen_at)
      VALUES (${user.id}, ${described.key}, ${at}, ${at})
      ON CONFLICT (user_id, browser_key) DO UPDATE SET last_seen_at = EXCLUDED.last_seen_at
      RETURNING 1
    )
    SELECT EXISTS (SELECT 1 FROM known_browsers WHERE user_id = ${user.id} AND browser_key = ${described.key} AND last_seen_at > ${seenSince}) AS known,
           EXISTS (SELECT 1 FROM known_browsers WHERE user_id = ${user.id}) AS any,
           (SELECT count(*) FROM history) + (SELECT count(*) FROM trimmed) + (SELECT count(*) FROM seen) AS written`.execute(tx);
  const { known, any } = before.rows[0] ?? { known: false, any: false };
  const newBrowser = !known && any;
  if (newBrowser) {
    await queueSecurityEmail(tx, user, 'newBrowser', { at, browser: described.browser, system: described.system, method, ...settings });
  }
  return { newBrowser };
}

/** The outcome a refused sign-in's error stands for. */
export function outcomeOf(error: unknown, wrong: SignInOutcome): SignInOutcome {
  if (!(error instanceof DomainError)) return 'failed';
  switch (error.code) {
    case 'loginFailed':
      return 'wrongPassword';
    case 'loginThrottled':
    case 'loginChallengeRequired':
      return 'throttled';
    case 'held':
    case 'otpHeld':
    case 'mfaCodeHeld':
      return 'held';
    case 'accountInactive':
      return 'inactive';
    case 'qrLoginNotAllowed':
      return 'notAllowed';
    case 'codeWrong':
    case 'codeExpired':
    case 'codeNotFound':
    case 'authenticatorCodeWrong':
    case 'authenticatorCodeUsed':
    case 'recoveryCodeWrong':
    case 'passkeyInvalid':
    case 'passkeyCounterRegressed':
      return wrong;
    default:
      return 'failed';
  }
}

/**
 * A refused attempt's row: its own short transaction, committed before the refusal is thrown
 * on, so the row survives the refusal (the attempt's counters are already committed by then too).
 */
export async function recordRefusedSignIn(db: Db, userId: string, method: SignInMethod, error: unknown, client: SignInClient | undefined, at: Date): Promise<void> {
  const outcome = outcomeOf(error, method === 'password' ? 'wrongPassword' : 'wrongCode');
  await db.transaction().execute(async (tx) => {
    // Refusals without evaluation (throttled, held) cost the guesser nothing: one row a minute
    // per kind says enough, so a flood cannot fill the table.
    if (outcome === 'throttled' || outcome === 'held') {
      const recent = await tx
        .selectFrom('sign_in_history')
        .select('id')
        .where('user_id', '=', userId)
        .where('method', '=', method)
        .where('outcome', '=', outcome)
        .where('at', '>', new Date(at.getTime() - REPEATED_REFUSAL_MS))
        .executeTakeFirst();
      if (recent) return;
    }
    await recordSignIn(tx, { userId, method, outcome, ...(client ? { client } : {}), at });
  });
}

/** Throttled or held refusals of one kind within this time are recorded once. */
export const REPEATED_REFUSAL_MS = 60_000;

/** The account's last 90 days, newest first (at most `limit` rows). */
export async function listSignInHistory(db: Db, userId: string, now: Date, limit = 200): Promise<SignInHistoryEntry[]> {
  const rows = await db
    .selectFrom('sign_in_history')
    .select(['at', 'method', 'outcome', 'user_agent'])
    .where('user_id', '=', userId)
    .where('at', '>=', new Date(now.getTime() - SIGN_IN_HISTORY_MS))
    .orderBy('at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((row) => {
    const described = describeUserAgent(row.user_agent);
    return {
      at: row.at.toISOString(),
      method: row.method as SignInMethod,
      outcome: row.outcome as SignInOutcome,
      browser: described.browser,
      system: described.system,
    };
  });
}

/** Drops every account's rows older than 90 days and browsers not seen within a year. */
export async function purgeSignInHistory(db: Db, now: Date): Promise<number> {
  const result = await db.deleteFrom('sign_in_history').where('at', '<', new Date(now.getTime() - SIGN_IN_HISTORY_MS)).executeTakeFirst();
  await db.deleteFrom('known_browsers').where('last_seen_at', '<', new Date(now.getTime() - KNOWN_BROWSER_MS)).execute();
  return Number(result.numDeletedRows);
}
