import { createServer, type Server, type Socket } from 'node:net';
import { randomBytes } from 'node:crypto';
import type { KyselyPlugin, RootOperationNode } from 'kysely';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../../server/db/database.ts';
import { migrate, migrationFiles } from '../../../server/db/migrate.ts';
import { CACHE_MS, readinessCheck, setDraining } from '../../../server/ops/readiness.ts';
import { databases, openTestDatabase, useTestServer } from '../support.ts';

/** Counts the statements run through a database (the readiness query among them). */
function counted(database: Database): { database: Database; statements: () => number } {
  let statements = 0;
  const plugin: KyselyPlugin = {
    transformQuery: ({ node }: { node: RootOperationNode }) => {
      statements++;
      return node;
    },
    transformResult: async ({ result }) => result,
  };
  return { database: { ...database, db: database.db.withPlugin(plugin) }, statements: () => statements };
}

describe.each(databases)('readiness on $name', ({ name }) => {
  const server = useTestServer(name);
  afterEach(() => setDraining(false));

  it('answers ready when the database answers and is migrated, while health stays the bare liveness answer', async () => {
    const ready = await server.get('/api/ready');
    expect(ready.status, ready.text).toBe(200);
    expect(ready.body).toEqual({ data: { status: 'ready' } });
    expect(ready.headers.get('cache-control')).toBe('no-store');
    expect((await server.get('/api/health')).body).toEqual({ data: { status: 'ok' } });
  });

  it('answers 503 notReady in the envelope once the process drains, and health still 200', async () => {
    setDraining();
    const draining = await server.get('/api/ready');
    expect(draining.status).toBe(503);
    expect(draining.body.error.code).toBe('notReady');
    expect(draining.body.error.message).toContain('(draining)');
    expect(draining.headers.get('x-request-id')).toBeTruthy();
    expect((await server.get('/api/health')).status).toBe(200);
    setDraining(false);
    expect((await server.get('/api/ready')).status).toBe(200);
  });

  it('is not ready while the newest migration this build ships is not recorded', async () => {
    const files = await migrationFiles();
    expect(await readinessCheck(server.database, { migrations: async () => files })()).toBeNull();
    expect(await readinessCheck(server.database, { migrations: async () => [...files, '9999_still_running.sql'] })()).toBe('migrationsPending');
  });

  it('asks the database once a second however many probes arrive', async () => {
    let now = 0;
    const { database, statements } = counted(server.database);
    const check = readinessCheck(database, { now: () => now });
    const answers = await Promise.all(Array.from({ length: 50 }, () => check()));
    expect(answers.every((answer) => answer === null)).toBe(true);
    expect(statements()).toBe(1);
    now += CACHE_MS - 1;
    await check();
    expect(statements()).toBe(1);
    now += 2;
    await check();
    expect(statements()).toBe(2);
  });

  it('is not ready on a database that is not migrated at all, nor on one that is closed', async () => {
    const { database, drop } = await openTestDatabase(name);
    const check = readinessCheck(database);
    expect(await check()).toBeNull();
    await drop();
    let now = 0;
    // A closed PostgreSQL database closed its change feed too, which is looked at first.
    expect(await readinessCheck(database, { now: () => now++ * CACHE_MS })()).toBe(name === 'postgres' ? 'changeFeedDown' : 'databaseUnreachable');
  });
});

describe('readiness of an unmigrated database', () => {
  it('says migrations are pending while the migrations table does not exist yet (PGlite)', async () => {
    const database = await openDatabase();
    try {
      expect(await readinessCheck(database)()).toBe('migrationsPending');
    } finally {
      await database.close();
    }
  });

  it.runIf(process.env.TEST_DATABASE_URL)('says so on PostgreSQL too', async () => {
    const url = process.env.TEST_DATABASE_URL ?? '';
    const schema = `ready_${randomBytes(5).toString('hex')}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`CREATE SCHEMA ${schema}`);
    const database = await openDatabase({ url, searchPath: schema, changeFeed: false });
    try {
      expect(await readinessCheck(database)()).toBe('migrationsPending');
    } finally {
      await database.close();
      await admin.query(`DROP SCHEMA ${schema} CASCADE`);
      await admin.end();
    }
  });
});

describe('readiness of a database that does not answer', () => {
  let silent: Server;
  let port = 0;
  const sockets = new Set<Socket>();
  beforeAll(async () => {
    // Accepts connections and never says a word: a database host that hangs.
    silent = createServer((socket) => sockets.add(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    port = (silent.address() as { port: number }).port;
  });
  afterAll(() => {
    for (const socket of sockets) socket.destroy();
    return new Promise<void>((resolve) => silent.close(() => resolve()));
  });

  it('gives up after its timeout', async () => {
    const database = await openDatabase({ url: `postgres://portal@127.0.0.1:${port}/portal`, changeFeed: false });
    const started = performance.now();
    expect(await readinessCheck(database, { timeoutMs: 200 })()).toBe('databaseUnreachable');
    expect(performance.now() - started).toBeLessThan(2_000);
    void database.close().catch(() => {});
  });

  it('answers at once when nothing listens', async () => {
    const database = await openDatabase({ url: 'postgres://portal@127.0.0.1:1/portal', changeFeed: false });
    expect(await readinessCheck(database)()).toBe('databaseUnreachable');
    await database.close().catch(() => {});
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('readiness and the PostgreSQL change feed', () => {
  it('is not ready while the change feed is down, and ready again once it is back', async () => {
    const url = process.env.TEST_DATABASE_URL ?? '';
    const searchPath = `feed_${randomBytes(5).toString('hex')}`;
    const setup = new pg.Client({ connectionString: url });
    await setup.connect();
    await setup.query(`CREATE SCHEMA ${searchPath}`);
    await setup.end();
    // A feed that waits a while before reconnecting, so that it is seen down.
    const database = await openDatabase({ url, searchPath, changeFeedReconnectMs: 1_500 });
    await migrate(database);
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    try {
      let now = 0;
      const check = readinessCheck(database, { now: () => (now += CACHE_MS) });
      expect(await check()).toBeNull();
      await admin.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = $1', [`portal-change-feed:${searchPath}`]);
      await expect.poll(() => check(), { timeout: 1_000, interval: 20 }).toBe('changeFeedDown');
      await expect.poll(() => check(), { timeout: 5_000, interval: 100 }).toBeNull();
    } finally {
      await admin.end();
      await database.close();
      const cleanup = new pg.Client({ connectionString: url });
      await cleanup.connect();
      await cleanup.query(`DROP SCHEMA ${searchPath} CASCADE`);
      await cleanup.end();
    }
  });
});
