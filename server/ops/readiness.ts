import { sql } from 'kysely';
import * as calls from '../../contract/calls/account.ts';
import type { Database } from '../db/database.ts';
import { migrationFiles } from '../db/migrate.ts';
import { DomainError } from '../domain/errors.ts';
import { route, type Route } from '../routes/mount.ts';

/**
 * Readiness (issue 25; docs/decisions/operations.md): whether a load balancer should send this
 * instance traffic now. `/api/health` stays the liveness answer (the process answers, no database
 * work); `/api/ready` answers 503 `notReady` when any of these holds:
 * - the process is draining (SIGTERM: server/main.ts calls `setDraining()`);
 * - the database does not answer `select` within CHECK_TIMEOUT_MS;
 * - migrations have not all run (the newest migration this build ships is not recorded yet: this
 *   instance, or another one starting beside it, is still migrating);
 * - on PostgreSQL, the change feed is down (server/db/change-feed.ts): sessions other instances
 *   end would not be heard of.
 * The database's answer is kept CACHE_MS, and probes arriving meanwhile share one check, so a flood
 * of probes costs one query a second.
 */

/** How long the database has to answer the readiness query. */
export const CHECK_TIMEOUT_MS = 1_000;
/** How long one database check answers every probe. */
export const CACHE_MS = 1_000;

export type NotReadyReason = 'draining' | 'databaseUnreachable' | 'migrationsPending' | 'changeFeedDown';

const UNDEFINED_TABLE = '42P01';
const UNREACHABLE = Symbol('unreachable');

let draining = false;

/** Marks the process as draining (or, with false, not): readiness answers 503 from now on. */
export function setDraining(value = true): void {
  draining = value;
}

export function isDraining(): boolean {
  return draining;
}

export interface ReadinessOptions {
  /** The migration files this build ships (tests pass their own); read once, on the first check. */
  migrations?: () => Promise<string[]>;
  now?: () => number;
  timeoutMs?: number;
}

export interface ReadinessCheck {
  /** Null when ready, else the first reason found. */
  (): Promise<NotReadyReason | null>;
}

/** The readiness of one database for this process: cheap, cached, never throwing. */
export function readinessCheck(database: Database, options: ReadinessOptions = {}): ReadinessCheck {
  const now = options.now ?? (() => performance.now());
  const timeoutMs = options.timeoutMs ?? CHECK_TIMEOUT_MS;
  let newestMigration: Promise<string | null> | null = null;
  let cached: { at: number; reason: NotReadyReason | null } | null = null;
  let inFlight: Promise<NotReadyReason | null> | null = null;

  const newest = () => {
    newestMigration ??= (options.migrations ?? (() => migrationFiles()))().then((files) => files.at(-1) ?? null);
    return newestMigration;
  };

  const checkDatabase = async (): Promise<NotReadyReason | null> => {
    const expected = await newest();
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<'timeout'>((resolve) => {
      timer = setTimeout(() => resolve('timeout'), timeoutMs);
    });
    // One statement answers both: the database is there, and how far it is migrated (before the
    // first migration the table itself is missing: PostgreSQL's undefined_table).
    const query = sql<{ newest: string | null }>`SELECT max(name) AS newest FROM schema_migrations`
      .execute(database.db)
      .then((result) => result.rows[0]?.newest ?? null)
      .catch((error: unknown) => ((error as { code?: unknown }).code === UNDEFINED_TABLE ? null : UNREACHABLE));
    try {
      const answer = await Promise.race([query, timeout]);
      if (answer === 'timeout' || answer === UNREACHABLE) return 'databaseUnreachable';
      if (expected !== null && (answer === null || answer < expected)) return 'migrationsPending';
      return null;
    } finally {
      clearTimeout(timer);
    }
  };

  return async () => {
    if (draining) return 'draining';
    // null: no feed on this database (PGlite, or turned off); a function answering null: the feed is down.
    if (database.writeGeneration !== null && database.writeGeneration() === null) return 'changeFeedDown';
    if (cached && now() - cached.at < CACHE_MS) return cached.reason;
    inFlight ??= checkDatabase()
      .then((reason) => {
        cached = { at: now(), reason };
        return reason;
      })
      .finally(() => {
        inFlight = null;
      });
    const reason = await inFlight;
    return draining ? 'draining' : reason;
  };
}

const MESSAGES: Record<NotReadyReason, string> = {
  draining: 'This instance is shutting down.',
  databaseUnreachable: 'The database does not answer.',
  migrationsPending: 'The database is not migrated to this version yet.',
  changeFeedDown: 'The PostgreSQL change feed is down.',
};

/** The readiness call (contract/calls/account.ts `ready`), answering for `check`. */
export function readinessRoutes(check: ReadinessCheck): Route[] {
  const ready = { status: 'ready' as const };
  return [
    route(calls.ready, async () => {
      const reason = await check();
      if (reason) throw new DomainError('notReady', { message: `Not ready: ${MESSAGES[reason]} (${reason})` });
      return ready;
    }),
  ];
}
