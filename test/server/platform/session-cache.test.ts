import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../../../server/db/database.ts';
import { migrate } from '../../../server/db/migrate.ts';
import { type TestServer, createAccount, signIn, startTestServer } from '../support.ts';

/**
 * Two app instances on one PostgreSQL database, each with its own pool and change feed, as two
 * processes would be: what one changes, the other stops reusing from its session cache once the
 * NOTIFY arrives (migration 0009), and never later than the 2 s backstop.
 */
const url = process.env.TEST_DATABASE_URL;

async function eventually(check: () => Promise<boolean>, timeoutMs = 1_500): Promise<number> {
  const started = Date.now();
  for (;;) {
    if (await check()) return Date.now() - started;
    if (Date.now() - started > timeoutMs) throw new Error(`not within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

describe.skipIf(!url)('session cache across two instances on one PostgreSQL', () => {
  const schema = `test_${randomBytes(6).toString('hex')}`;
  let first: Database;
  let second: Database;
  let a: TestServer;
  let b: TestServer;

  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`CREATE SCHEMA ${schema}`);
    await admin.end();
    first = await openDatabase({ url, searchPath: schema });
    await migrate(first);
    second = await openDatabase({ url, searchPath: schema, changeFeedReconnectMs: 2_500 });
    a = await startTestServer('postgres', { database: first });
    b = await startTestServer('postgres', { database: second });
  });

  afterAll(async () => {
    await first?.close();
    await second?.close();
    const cleanup = new pg.Client({ connectionString: url });
    await cleanup.connect();
    await cleanup.query(`DROP SCHEMA ${schema} CASCADE`);
    await cleanup.end();
  });

  it('reuses a session row while nothing changes, and not once the other instance changed it', async () => {
    const account = await createAccount(a);
    const cookie = await signIn(a, account.loginId);
    const me = await b.get('/api/users/me', { cookie });
    expect(me.status).toBe(200);
    // A's sign-in notified B: wait until B has heard it, or it could land between the two reads.
    await second.changesHeard?.();
    const generation = second.writeGeneration?.();
    expect(generation).not.toBeNull();
    // A read-only stream moves nothing: the second read came from the cache.
    expect((await b.get('/api/users/me', { cookie })).body).toEqual(me.body);
    expect(second.writeGeneration?.()).toBe(generation);

    // Another process renames the account: B shows the new name as soon as the NOTIFY lands.
    await first.db.updateTable('users').set({ display_name: 'Renamed Elsewhere' }).where('id', '=', account.id).execute();
    await eventually(async () => (await b.get('/api/users/me', { cookie })).body?.data?.displayName === 'Renamed Elsewhere');

    // Logging out on A ends the session on B too.
    expect((await a.post('/auth/logout', undefined, { cookie })).status).toBe(200);
    await eventually(async () => (await b.get('/api/users/me', { cookie })).status === 401);
  });

  it("ends reuse at once for the instance's own writes", async () => {
    const account = await createAccount(b);
    const cookie = await signIn(b, account.loginId);
    expect((await b.get('/api/users/me', { cookie })).status).toBe(200);
    expect((await b.post('/auth/logout', undefined, { cookie })).status).toBe(200);
    expect((await b.get('/api/users/me', { cookie })).status).toBe(401);
  });

  it('stops reusing while the LISTEN connection is down and resumes after it reconnects', async () => {
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    // Signed in first: hashing passwords takes long on a loaded machine, and all that follows the
    // cut must happen within the reconnect delay (2.5 s).
    const account = await createAccount(a);
    const cookie = await signIn(a, account.loginId);
    try {
      // This schema's two feeds only (other test files listen too).
      await admin.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = $1', [`portal-change-feed:${schema}`]);
      await eventually(async () => second.writeGeneration?.() === null, 2_000);
      // Down: a change made now (no NOTIFY reaches B) is seen at once, because nothing is reused.
      expect((await b.get('/api/users/me', { cookie })).status).toBe(200);
      await admin.query(`DELETE FROM ${schema}.sessions WHERE user_id = $1`, [account.id]);
      expect(second.writeGeneration?.()).toBeNull();
      expect((await b.get('/api/users/me', { cookie })).status).toBe(401);
      // Back after the reconnect delay (2.5 s here).
      await eventually(async () => second.writeGeneration?.() !== null, 10_000);
    } finally {
      await admin.end();
    }
  });
});
