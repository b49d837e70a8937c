import { spawn } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { openChangeFeed } from './change-feed.ts';
import { WriteCounter } from './write-counter.ts';
import { type PgliteStepFigures, PgliteThread, PgliteThreadDialect, readThreadSteps, resetThreadSteps } from './pglite-thread.ts';
import type { DB } from './schema.ts';

/** One connection's raw SQL, for the migrator: multi-statement scripts and plain queries. */
export interface RawConnection {
  exec(sql: string): Promise<void>;
  query<T>(sql: string, params?: unknown[]): Promise<T[]>;
}

export interface Database {
  kind: 'pglite' | 'postgres';
  db: Kysely<DB>;
  /**
   * A number that changes whenever data a session lookup reads may have changed. PGlite: whenever
   * this process runs a statement that may write to a table the lookup reads (server/db/write-counter.ts;
   * only this process can open its data directory).
   * PostgreSQL: also whenever another process's change is announced on the change feed (migration
   * 0009); null while the feed's connection is down, when nothing may be trusted. Null for good
   * when the feed was turned off (`changeFeed: false`).
   */
  writeGeneration: (() => number | null) | null;
  /**
   * PostgreSQL with a change feed only: resolves once every change notice committed before the
   * call has moved `writeGeneration` (tests wait on it instead of a delay).
   */
  changesHeard?: () => Promise<void>;
  /** Runs `fn` inside one transaction on one connection (BEGIN/COMMIT, ROLLBACK on throw). */
  rawTransaction<T>(fn: (raw: RawConnection) => Promise<T>): Promise<T>;
  /** PGlite only: the worker thread it runs in (the specs end it to see a crash answered). */
  thread?: PgliteThread;
  /** PGlite only: the whole cluster as a tarball, for `initialData`. */
  dump?: () => Promise<Blob>;
  /** PostgreSQL only: the connection pool now, for the metrics (`portal_db_pool_*`). */
  poolUse?: () => PoolUse;
  close(): Promise<void>;
}

/** The connection pool's use: connections open, of them idle, and queries waiting for one. */
export interface PoolUse {
  total: number;
  idle: number;
  waiting: number;
}

export interface OpenOptions {
  /** postgres://…; when absent, PGlite. */
  url?: string | null;
  /** PGlite data directory; absent or null: in memory. */
  dataDir?: string | null;
  /**
   * PGlite in memory only: start from this dump (`dumpDataDir`) instead of an empty cluster.
   * Loading a migrated dump takes a fraction of creating a cluster (tests open dozens).
   */
  initialData?: Blob;
  /** PostgreSQL only: the schema the tables live in (tests use one schema per file). */
  searchPath?: string;
  /** PostgreSQL only: pool size. */
  maxConnections?: number;
  /** PostgreSQL only: listen for other processes' changes (default true); false disables reuse. */
  changeFeed?: boolean;
  /** PostgreSQL only: how long the change feed waits before reconnecting (default 1 s). */
  changeFeedReconnectMs?: number;
  /**
   * PostgreSQL only: settings of every pooled connection (`-c name=value`). The specs turn
   * `synchronous_commit` off: thousands of commits then stop waiting for a disk flush each, which
   * a throw-away schema does not need (docs/decisions/testing.md).
   */
  settings?: Readonly<Record<string, string>>;
}

const INT8_OID = 20;

export async function openDatabase(options: OpenOptions = {}): Promise<Database> {
  return options.url ? openPostgres(options.url, options) : openPglite(options.dataDir ?? null, options.initialData);
}


/**
 * PGlite runs one single-user backend inside this process; PostgreSQL's defaults size shared
 * memory for a server of 100 connections and 128 MB of buffers, which the WebAssembly memory
 * then holds resident. A portal's data of a few hundred megabytes at most is served as fast from
 * 32 MB of buffers and the operating system's file cache (npm run bench reports both).
 */
const PGLITE_START_PARAMS = [
  ...PGlite.defaultStartParams,
  '-c', 'shared_buffers=32MB',
  '-c', 'max_connections=5',
  '-c', 'wal_buffers=1MB',
  '-c', 'temp_buffers=2MB',
  '-c', 'maintenance_work_mem=16MB',
];

/**
 * initdb grows PGlite's WebAssembly memory to about 600 MB, which neither a WebAssembly memory
 * nor the allocator of a worker thread gives back: a new cluster is created by a short-lived
 * child process, and the portal runs on an instance that only starts it (docs/decisions/server.md).
 */
async function createCluster(dir: string): Promise<void> {
  const source = `
    const [module, dir, params] = process.argv.slice(1);
    const { PGlite } = await import(module);
    const pglite = new PGlite(dir, { startParams: JSON.parse(params) });
    await pglite.waitReady;
    await pglite.close();`;
  const args = ['--input-type=module', '-e', source, import.meta.resolve('@electric-sql/pglite'), dir, JSON.stringify(PGLITE_START_PARAMS)];
  const child = spawn(process.execPath, args, { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const code = await new Promise<number | null>((done, fail) => {
    child.once('error', fail);
    child.once('exit', done);
  });
  if (code !== 0) throw new Error(`creating the PGlite cluster in ${dir} failed (${code}): ${stderr.slice(-2000)}`);
}

export type { PgliteStepFigures } from './pglite-thread.ts';

/**
 * How long PGlite's steps held its thread (issue 21; docs/decisions/front-door.md): each PGlite
 * runs in a worker thread (server/db/pglite-thread.ts), where each protocol message runs
 * synchronously (`execProtocolRawSync`); the thread times every step (two clock reads a step) and
 * these gather the figures of every open PGlite of the process over its message channel. Read and
 * reset by the bench through `/dev/api/event-loop-delay` (server/routes/dev.ts).
 */
export function readPgliteSteps(): Promise<PgliteStepFigures> {
  return readThreadSteps();
}

export function resetPgliteSteps(): Promise<void> {
  return resetThreadSteps();
}

async function openPglite(dataDir: string | null, initialData?: Blob): Promise<Database> {
  let dir: string | null = null;
  if (dataDir) {
    dir = resolve(dataDir);
    const fresh = !existsSync(join(dir, 'PG_VERSION'));
    mkdirSync(dir, { recursive: true });
    if (fresh) await createCluster(dir);
  }
  const thread = await PgliteThread.start({ dataDir: dir, initialData: dir ? undefined : initialData, startParams: PGLITE_START_PARAMS });
  const writes = new WriteCounter();
  const db = new Kysely<DB>({ dialect: new PgliteThreadDialect(thread), plugins: [writes] });
  return {
    kind: 'pglite',
    thread,
    dump: () => thread.dump(),
    db,
    writeGeneration: () => writes.generation,
    rawTransaction: (fn) =>
      thread.transaction(() => {
        writes.generation++;
        return fn({
          exec: (sql) => thread.exec(sql),
          query: async <T>(sql: string, params?: unknown[]) => (await thread.query<T>(sql, params)).rows,
        });
      }),
    close: async () => {
      await db.destroy();
      await thread.close();
    },
  };
}

/** The `options` startup parameter of PostgreSQL connections: the schema and any settings. */
function connectionOptions(options: OpenOptions): { options?: string } {
  const settings = { ...(options.searchPath ? { search_path: options.searchPath } : {}), ...options.settings };
  const text = Object.entries(settings)
    .map(([name, value]) => `-c ${name}=${value}`)
    .join(' ');
  return text ? { options: text } : {};
}

async function openPostgres(url: string, options: OpenOptions): Promise<Database> {
  const pool = new pg.Pool({
    connectionString: url,
    max: options.maxConnections ?? 10,
    // int8 (bigint ids, count(*)) as numbers, as PGlite returns them; our values stay far below 2^53.
    types: {
      getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
        oid === INT8_OID ? Number : pg.types.getTypeParser(oid, format ?? 'text')) as typeof pg.types.getTypeParser,
    },
    ...connectionOptions(options),
  });
  // A connection dropped by the server while idle must not crash the process.
  pool.on('error', () => {});
  // The backends of this pool: their writes are counted as they are sent, not again by the feed.
  // (`processID` is set from the server's BackendKeyData before the pool reports the connection.)
  const ownBackends = new Set<number>();
  const backendOf = (client: pg.PoolClient) => (client as pg.PoolClient & { processID: number }).processID;
  pool.on('connect', (client) => ownBackends.add(backendOf(client)));
  pool.on('remove', (client) => ownBackends.delete(backendOf(client)));
  const writes = new WriteCounter();
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }), plugins: [writes] });
  const feed =
    options.changeFeed === false
      ? null
      : await openChangeFeed(url, () => writes.generation++, {
          applicationName: `portal-change-feed${options.searchPath ? `:${options.searchPath}` : ''}`,
          fromOwnConnection: (processId) => ownBackends.has(processId),
          ...(options.searchPath ? { schema: options.searchPath } : {}),
          ...(options.changeFeedReconnectMs ? { reconnectDelayMs: options.changeFeedReconnectMs } : {}),
        });
  return {
    kind: 'postgres',
    db,
    poolUse: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    writeGeneration: feed ? () => (feed.live() ? writes.generation : null) : null,
    ...(feed ? { changesHeard: () => feed.heard() } : {}),
    rawTransaction: async (fn) => {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const result = await fn({
          exec: async (sql) => {
            await client.query(sql);
          },
          query: async <T>(sql: string, params?: unknown[]) => (await client.query(sql, params)).rows as T[],
        });
        await client.query('COMMIT');
        // Raw SQL passes by the write counter, and the feed ignores this pool's own connections.
        writes.generation++;
        return result;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => {});
        throw error;
      } finally {
        client.release();
      }
    },
    close: async () => {
      await feed?.close();
      await db.destroy();
    },
  };
}
