import { sql } from 'kysely';
import type { Db } from '../db/schema.ts';
import { hmacSha256, isTokenShape, randomToken } from './tokens.ts';
import type { AccountRow } from './users.ts';
import { clipUserAgent } from './user-agents.ts';

export const SESSION_COOKIE = 'portal_session';
/** Signed out after this long without a request. */
export const SESSION_IDLE_MS = 60 * 60_000;
/** Signed out this long after login, however active. */
export const SESSION_ABSOLUTE_MS = 12 * 60 * 60_000;
/** last_seen_at is written at most this often, so `users/me` is one read nearly always. */
export const LAST_SEEN_WRITE_INTERVAL_MS = 60_000;
/** Development only (production refuses to start without SESSION_SECRET). */
export const DEV_SESSION_SECRET = 'development-only-session-secret-not-for-production';

export interface SessionClient {
  userAgent?: string | null;
  address?: string | null;
}

export interface SessionKeys {
  secret: string;
  now: Date;
  /**
   * SESSION_SECRET_PREVIOUS while SESSION_SECRET is being rotated: a cookie stored under it is
   * still found, and its row is re-keyed under `secret` at once (verification only: nothing new
   * is stored under it). docs/operations.md, rotating SESSION_SECRET.
   */
  previousSecret?: string | null;
}

/** The stored form of a session id: a stolen table cannot be replayed as cookies. */
export function sessionHash(secret: string, rawId: string): string {
  return hmacSha256(secret, rawId);
}

/**
 * Creates a session and returns the raw id for the cookie. In the same statement it ends the
 * session being replaced (rotation at login) and the user's lapsed sessions.
 */
export async function createSession(
  db: Db,
  userId: string,
  keys: SessionKeys,
  replacingRawId?: string,
  /** Where the sign-in came from: shown on the security page (user agent) and kept for support (address). */
  client?: SessionClient,
): Promise<string> {
  const rawId = randomToken();
  const replaced = replacingRawId && isTokenShape(replacingRawId) ? sessionHash(keys.secret, replacingRawId) : null;
  const idleCutoff = new Date(keys.now.getTime() - SESSION_IDLE_MS);
  const absoluteCutoff = new Date(keys.now.getTime() - SESSION_ABSOLUTE_MS);
  await sql`WITH ended AS (
      DELETE FROM sessions
      WHERE id_hash = ${replaced}
         OR (user_id = ${userId} AND (last_seen_at <= ${idleCutoff} OR created_at <= ${absoluteCutoff})))
    INSERT INTO sessions (id_hash, user_id, created_at, last_seen_at, user_agent, address)
    VALUES (${sessionHash(keys.secret, rawId)}, ${userId}, ${keys.now}, ${keys.now}, ${clipUserAgent(client?.userAgent)}, ${client?.address ?? null})`.execute(db);
  return rawId;
}

export interface ActiveSession {
  idHash: string;
  account: AccountRow;
  createdAt: Date;
}

export type SessionRow = AccountRow & { id_hash: string; created_at: Date; last_seen_at: Date };

/** Why a cookie found no live session: someone else ended it (migration 0029), or anything else. */
export type SessionRefusal = 'sessionSignedOut' | 'unauthorized';

/** Reads sessions with their accounts by id hash, and remembers the hashes that found none. */
export interface SessionReader {
  read(idHash: string): Promise<SessionRow | null>;
  /** Whether this hash was refused before (`refusal`): it never finds a live session again. */
  refusedBefore(idHash: string): boolean;
  /** Why a hash that found no live session was refused, remembered so a repeated cookie costs no query. */
  refusal(idHash: string): Promise<SessionRefusal>;
}

/** Sessions with their accounts (`session_accounts` of migration 0002). */
function selectSessions(db: Db, idHashes: string[]) {
  return db.selectFrom(sql<SessionRow>`session_accounts(${idHashes}::text[])`.as('s')).selectAll().execute();
}

export interface SessionReaderOptions {
  /** Batches a PostgreSQL pool may run at once (PGlite runs one query at a time anyway). */
  maxInFlight?: number;
  maxBatch?: number;
  /**
   * The database's write generation (`Database.writeGeneration`): when given, rows read are reused
   * until it changes. It answers null while changes cannot be followed (PostgreSQL's LISTEN
   * connection is down): then nothing is reused.
   */
  writeGeneration?: (() => number | null) | null;
  /** A reused row is read again once it is this old (real time), whatever the generation says. */
  maxAgeMs?: number;
}

const CACHE_LIMIT = 10_000;
/**
 * How long a refusal is reused (real time). A hash that found no live session does not find one
 * later (a session's id is stored before its cookie is sent), with one exception that bounds this:
 * while SESSION_SECRET rotates, an instance with the new secret alone may refuse a cookie that an
 * instance with both moves under the new secret a moment later (docs/operations.md).
 */
const REFUSAL_MEMO_MS = 60_000;

/**
 * Runs lookups by key in batches: lookups arriving while a batch is under way wait and go
 * together in the next one, so under load one statement serves many requests. `run` answers
 * the keys it found.
 */
function batchedLookup<V>(run: (keys: string[]) => Promise<Map<string, V>>, maxInFlight: number, maxBatch: number): (key: string) => Promise<V | null> {
  type Waiter = { resolve: (value: V | null) => void; reject: (error: unknown) => void };
  let queue = new Map<string, Waiter[]>();
  let inFlight = 0;
  let scheduled = false;

  const flush = () => {
    scheduled = false;
    while (inFlight < maxInFlight && queue.size > 0) {
      const batch = queue.size <= maxBatch ? queue : new Map([...queue].slice(0, maxBatch));
      if (batch === queue) queue = new Map();
      else for (const key of batch.keys()) queue.delete(key);
      inFlight++;
      run([...batch.keys()])
        .then(
          (found) => {
            for (const [key, waiters] of batch) for (const w of waiters) w.resolve(found.get(key) ?? null);
          },
          (error: unknown) => {
            for (const waiters of batch.values()) for (const w of waiters) w.reject(error);
          },
        )
        .finally(() => {
          inFlight--;
          flush();
        });
    }
  };

  return (key) =>
    new Promise<V | null>((resolve, reject) => {
      const waiters = queue.get(key);
      if (waiters) waiters.push({ resolve, reject });
      else queue.set(key, [{ resolve, reject }]);
      if (!scheduled && inFlight < maxInFlight) {
        scheduled = true;
        // Let the requests that arrived with this one join the same read.
        setImmediate(flush);
      }
    });
}

/**
 * Looks sessions up in batches (`batchedLookup`: `session_accounts(…)` for many requests at
 * once). A row read is reused for as long as the write generation has not moved since it was
 * read (and for at most `maxAgeMs`): on PGlite, where this process is the only writer, any
 * statement that may write moves it, so a reused row is never stale; on PostgreSQL this process's
 * own writes move it at once and other processes' writes move it when their NOTIFY arrives
 * (migration 0009, `server/db/database.ts`). A read-only stream of `users/me` needs no query.
 *
 * A hash that found no session is remembered with its refusal (`REFUSAL_MEMO_MS`): a flood of
 * one junk cookie costs no query after the first, and a flood of many asks `ended_sessions` in
 * batches too, never once per request.
 */
export function batchedSessionReader(db: Db, options: SessionReaderOptions = {}): SessionReader {
  const maxInFlight = options.maxInFlight ?? 1;
  const maxBatch = options.maxBatch ?? 200;
  const generation = options.writeGeneration ?? null;
  const maxAgeMs = options.maxAgeMs ?? Number.POSITIVE_INFINITY;
  const cache = new Map<string, { row: SessionRow; generation: number; readAtMs: number }>();
  const refused = new Map<string, { refusal: SessionRefusal; untilMs: number }>();

  const readSessions = batchedLookup<SessionRow>(async (hashes) => {
    // Taken before the read: a write that lands while it runs makes its rows stale at once.
    const readAt = generation?.() ?? null;
    const readAtMs = Date.now();
    const rows = await selectSessions(db, hashes);
    const byHash = new Map(rows.map((row) => [row.id_hash, row]));
    if (readAt !== null) {
      if (cache.size + byHash.size > CACHE_LIMIT) cache.clear();
      for (const [hash, row] of byHash) cache.set(hash, { row, generation: readAt, readAtMs });
    }
    return byHash;
  }, maxInFlight, maxBatch);

  const readEnded = batchedLookup<true>(async (hashes) => {
    const rows = await db
      .selectFrom('ended_sessions')
      .select('id_hash')
      .where('id_hash', 'in', hashes)
      .where(sql<boolean>`ended_at > now() - make_interval(secs => ${ENDED_KEPT_SECONDS})`)
      .execute();
    return new Map(rows.map((row) => [row.id_hash, true as const]));
  }, maxInFlight, maxBatch);

  const remembered = (idHash: string) => {
    const known = refused.get(idHash);
    return known !== undefined && known.untilMs > Date.now() ? known.refusal : null;
  };

  return {
    read: (idHash) => {
      if (generation) {
        const hit = cache.get(idHash);
        if (hit && hit.generation === generation() && Date.now() - hit.readAtMs < maxAgeMs) return Promise.resolve(hit.row);
      }
      return readSessions(idHash);
    },
    refusedBefore: (idHash) => remembered(idHash) !== null,
    refusal: async (idHash) => {
      const known = remembered(idHash);
      if (known) return known;
      const refusal: SessionRefusal = (await readEnded(idHash)) ? 'sessionSignedOut' : 'unauthorized';
      if (refused.size >= CACHE_LIMIT) refused.clear();
      refused.set(idHash, { refusal, untilMs: Date.now() + REFUSAL_MEMO_MS });
      return refusal;
    },
  };
}

export function sessionLapsed(createdAt: Date, lastSeenAt: Date, now: Date): boolean {
  return now.getTime() - lastSeenAt.getTime() >= SESSION_IDLE_MS || now.getTime() - createdAt.getTime() >= SESSION_ABSOLUTE_MS;
}

/**
 * The live session behind a cookie value, with its account, or null. A lapsed session is
 * deleted; last_seen_at is refreshed when older than LAST_SEEN_WRITE_INTERVAL_MS.
 */
/**
 * Cookie value → its HMAC, for the lookups of live sessions: a signed-in browser sends the same
 * cookie with every request, and the HMAC was ~3% of a `users/me`. Bounded; a secret change
 * (tests) starts afresh. Holds only cookies this process has already seen in requests.
 */
const HASH_MEMO_LIMIT = 10_000;
const hashMemo = { secret: '', hashes: new Map<string, string>() };

function lookupHash(secret: string, rawId: string): string {
  if (hashMemo.secret !== secret) {
    hashMemo.secret = secret;
    hashMemo.hashes = new Map();
  }
  let hash = hashMemo.hashes.get(rawId);
  if (hash === undefined) {
    hash = sessionHash(secret, rawId);
    if (hashMemo.hashes.size >= HASH_MEMO_LIMIT) hashMemo.hashes.clear();
    hashMemo.hashes.set(rawId, hash);
  }
  return hash;
}

export async function findSession(db: Db, reader: SessionReader, rawId: string | undefined, keys: SessionKeys): Promise<ActiveSession | null> {
  if (!rawId || !isTokenShape(rawId)) return null;
  const idHash = lookupHash(keys.secret, rawId);
  if (reader.refusedBefore(idHash)) return null;
  let row = await reader.read(idHash);
  if (!row && keys.previousSecret && keys.previousSecret !== keys.secret) {
    // Stored before the rotation: moved under the current secret, once (one statement, so of two
    // requests at once only one moves it; the other then reads it under the new hash). Read
    // first: a cookie that never was a session writes nothing, since a write to sessions makes
    // every cached session row stale (server/db/write-counter.ts).
    const previousHash = sessionHash(keys.previousSecret, rawId);
    if (await reader.read(previousHash)) await db.updateTable('sessions').set({ id_hash: idHash }).where('id_hash', '=', previousHash).execute();
    row = await reader.read(idHash);
  }
  if (!row) return null;
  if (sessionLapsed(row.created_at, row.last_seen_at, keys.now) || row.status !== 'active') {
    await db.deleteFrom('sessions').where('id_hash', '=', idHash).execute();
    return null;
  }
  if (keys.now.getTime() - row.last_seen_at.getTime() >= LAST_SEEN_WRITE_INTERVAL_MS) {
    await db.updateTable('sessions').set({ last_seen_at: keys.now }).where('id_hash', '=', idHash).execute();
  }
  const { id_hash, created_at, last_seen_at: _lastSeen, ...account } = row;
  return { idHash: id_hash, account, createdAt: created_at };
}

export async function deleteSession(db: Db, rawId: string | undefined, secret: string, previousSecret?: string | null): Promise<void> {
  if (!rawId || !isTokenShape(rawId)) return;
  const hashes = [sessionHash(secret, rawId), ...(previousSecret ? [sessionHash(previousSecret, rawId)] : [])];
  await db.deleteFrom('sessions').where('id_hash', 'in', hashes).execute();
}

/**
 * Why someone else ended a session (migration 0029): its browser's next request is answered
 * `sessionSignedOut` ("You have been signed out") instead of `unauthorized` (expired). A logout
 * and a lapsed session leave no trace: the first is the browser's own doing, the second is expiry.
 */
export type SessionEndReason = 'signedOutElsewhere' | 'passwordChanged' | 'passwordReset' | 'accountClosed';

/** How long an ended session is remembered: past a session's absolute lifetime it would have expired anyway. */
const ENDED_KEPT_SECONDS = SESSION_ABSOLUTE_MS / 1000;

/**
 * Ends the user's sessions that `which` picks, remembering each as ended for `reason`, in one
 * statement (which also forgets ended sessions older than ENDED_KEPT_SECONDS). Answers how many
 * ended.
 */
export async function endUserSessions(
  db: Db,
  userId: string,
  reason: SessionEndReason,
  which: { exceptIdHash?: string | undefined; publicId?: string | undefined } = {},
): Promise<number> {
  const except = which.exceptIdHash ?? null;
  const publicId = which.publicId ?? null;
  const result = await sql<{ ended: string }>`WITH ended AS (
      DELETE FROM sessions
      WHERE user_id = ${userId}
        AND (${except}::text IS NULL OR id_hash <> ${except}::text)
        AND (${publicId}::text IS NULL OR public_id::text = ${publicId}::text)
      RETURNING id_hash),
    forgotten AS (DELETE FROM ended_sessions WHERE ended_at <= now() - make_interval(secs => ${ENDED_KEPT_SECONDS})),
    remembered AS (INSERT INTO ended_sessions (id_hash, reason) SELECT id_hash, ${reason} FROM ended ON CONFLICT (id_hash) DO NOTHING)
    SELECT count(*)::text AS ended FROM ended`.execute(db);
  return Number(result.rows[0]?.ended ?? 0);
}

/** Signs the user out everywhere (password reset), or everywhere but one session, remembering why. */
export async function revokeUserSessions(db: Db, userId: string, reason: SessionEndReason, exceptIdHash?: string): Promise<void> {
  await endUserSessions(db, userId, reason, { exceptIdHash });
}

/**
 * Why a cookie that found no live session (`findSession`) was refused: `sessionSignedOut` when
 * someone else ended its session (`endUserSessions`) in the last ENDED_KEPT_SECONDS, so its
 * browser is told it was signed out; else `unauthorized`.
 */
export async function sessionRefusal(reader: SessionReader, rawId: string | undefined, secret: string): Promise<SessionRefusal> {
  if (!rawId || !isTokenShape(rawId)) return 'unauthorized';
  return reader.refusal(lookupHash(secret, rawId));
}
