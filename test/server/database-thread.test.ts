import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase, readPgliteSteps, resetPgliteSteps } from '../../server/db/database.ts';
import { PgliteThread } from '../../server/db/pglite-thread.ts';
import { uniqueViolation } from '../../server/domain/errors.ts';
import { createAccount, openTestDatabase, PASSWORD, startTestServer } from './support.ts';

/** Opening a database from the dump takes seconds; on a loaded 2-core machine, tens of seconds. */
const OPENING_MS = 180_000;

/*
 * The embedded database runs in a worker thread (issue 21; docs/decisions/server.md): what the
 * portal relies on from its database, checked across the thread boundary.
 */
describe('PGlite in its worker thread', () => {
  let database: Database;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    ({ database, drop } = await openTestDatabase('pglite'));
    await sql`CREATE TABLE thread_probe (id int8 PRIMARY KEY, name text UNIQUE, made timestamptz, data bytea, doc jsonb)`.execute(database.db);
  }, OPENING_MS);
  afterAll(() => drop());

  it('returns rows with their types: int8 as numbers, timestamps as dates, bytea as bytes, jsonb as values', async () => {
    const made = new Date('2026-03-02T09:00:00.000Z');
    await sql`INSERT INTO thread_probe VALUES (${1}, ${'one'}, ${made}, ${new Uint8Array([1, 2, 255])}, ${JSON.stringify({ a: [1, 'x'] })})`.execute(database.db);
    const { rows } = await sql<{ id: number; name: string; made: Date; data: Uint8Array; doc: unknown; n: number }>`SELECT *, count(*) OVER () AS n FROM thread_probe`.execute(database.db);
    expect(rows).toEqual([{ id: 1, name: 'one', made, data: new Uint8Array([1, 2, 255]), doc: { a: [1, 'x'] }, n: 1 }]);
    expect(rows[0]!.made).toBeInstanceOf(Date);
  });

  it('counts affected rows of writes as Kysely expects', async () => {
    await sql`INSERT INTO thread_probe (id, name) VALUES (2, 'two'), (3, 'three')`.execute(database.db);
    const result = await database.db.updateTable('users').set({ display_name: 'nobody' }).where('login_id', '=', 'no-such-login').executeTakeFirst();
    expect(result.numUpdatedRows).toBe(0n);
    const deleted = await sql`DELETE FROM thread_probe WHERE id IN (2, 3)`.execute(database.db);
    expect(deleted.numAffectedRows).toBe(2n);
  });

  it('keeps PostgreSQL error fields across the thread: a unique violation names its constraint', async () => {
    const error = await sql`INSERT INTO thread_probe (id, name) VALUES (9, 'one')`.execute(database.db).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(Error);
    expect(error).toMatchObject({ code: '23505', constraint: 'thread_probe_name_key', detail: 'Key (name)=(one) already exists.', table: 'thread_probe' });
    expect(uniqueViolation(error)).toBe('thread_probe_name_key');
    // The stack shows where the statement was sent from, not only the thread's side.
    expect((error as Error).stack).toContain('database-thread.test.ts');
  });

  it('rolls a Kysely transaction back when it throws, and commits one that does not', async () => {
    await expect(
      database.db.transaction().execute(async (trx) => {
        await sql`INSERT INTO thread_probe (id, name) VALUES (10, 'ten')`.execute(trx);
        await sql`INSERT INTO thread_probe (id, name) VALUES (11, 'one')`.execute(trx);
      }),
    ).rejects.toMatchObject({ code: '23505' });
    await database.db.transaction().execute(async (trx) => {
      await sql`INSERT INTO thread_probe (id, name) VALUES (12, 'twelve')`.execute(trx);
    });
    const { rows } = await sql<{ id: number }>`SELECT id FROM thread_probe ORDER BY id`.execute(database.db);
    expect(rows.map((row) => row.id)).toEqual([1, 12]);
  });

  it('runs a raw transaction on one connection, counting it as a write, and rolls it back on throw', async () => {
    const before = database.writeGeneration!()!;
    await expect(
      database.rawTransaction(async (raw) => {
        await raw.exec("INSERT INTO thread_probe (id, name) VALUES (20, 'twenty'); INSERT INTO thread_probe (id, name) VALUES (21, 'twenty-one')");
        expect(await raw.query<{ n: number }>('SELECT count(*) AS n FROM thread_probe WHERE id >= $1', [20])).toEqual([{ n: 2 }]);
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    expect(database.writeGeneration!()!).toBeGreaterThan(before);
    expect((await sql<{ n: number }>`SELECT count(*) AS n FROM thread_probe WHERE id >= 20`.execute(database.db)).rows).toEqual([{ n: 0 }]);
    expect(await database.rawTransaction((raw) => raw.query<{ one: number }>('SELECT 1 AS one'))).toEqual([{ one: 1 }]);
  });

  it('never lets a statement from outside into an open transaction: concurrent work waits its turn', async () => {
    const order: string[] = [];
    let inside!: () => void;
    const entered = new Promise<void>((done) => (inside = done));
    const transaction = database.db.transaction().execute(async (trx) => {
      await sql`INSERT INTO thread_probe (id, name) VALUES (30, 'thirty')`.execute(trx);
      inside();
      await new Promise((done) => setTimeout(done, 50));
      order.push('transaction');
      throw new Error('undo');
    });
    await entered;
    // Sent while the transaction is open: it must neither see nor join it.
    const outside = sql<{ n: number }>`SELECT count(*) AS n FROM thread_probe WHERE id = 30`.execute(database.db).then((result) => {
      order.push('outside');
      return result.rows;
    });
    await expect(transaction).rejects.toThrow('undo');
    expect(await outside).toEqual([{ n: 0 }]);
    expect(order).toEqual(['transaction', 'outside']);
  });

  it('answers many concurrent queries, each its own rows', async () => {
    const answers = await Promise.all(Array.from({ length: 60 }, (_, i) => sql<{ i: number }>`SELECT ${i}::int AS i`.execute(database.db)));
    expect(answers.map((answer) => answer.rows[0]!.i)).toEqual(Array.from({ length: 60 }, (_, i) => i));
  });

  it('dumps the cluster, and a database opened from the dump has the data', async () => {
    const dump = await database.dump!();
    expect(dump.size).toBeGreaterThan(1_000_000);
    const copy = await openDatabase({ initialData: dump });
    try {
      expect((await sql<{ name: string }>`SELECT name FROM thread_probe ORDER BY id`.execute(copy.db)).rows).toEqual([{ name: 'one' }, { name: 'twelve' }]);
    } finally {
      await copy.close();
    }
  }, OPENING_MS);

  it('times its steps in the thread, read and reset over the message channel', async () => {
    await resetPgliteSteps();
    await sql`SELECT pg_sleep(0.03)`.execute(database.db);
    const figures = await readPgliteSteps();
    expect(figures.count).toBeGreaterThan(0);
    expect(figures.maxMs).toBeGreaterThanOrEqual(25);
    expect(figures.maxStatement).toContain('pg_sleep');
    await resetPgliteSteps();
    expect((await readPgliteSteps()).maxMs).toBeLessThan(figures.maxMs);
  });
});

describe('a PGlite thread that stops', () => {
  it('answers the waiting and every later request with 503 serverBusy in the envelope, never hangs', async () => {
    const server = await startTestServer('pglite');
    try {
      const { loginId } = await createAccount(server);
      const signedIn = await server.post('/auth/login', { loginId, password: PASSWORD });
      expect(signedIn.status).toBe(200);
      const thread = server.database.thread;
      expect(thread).toBeInstanceOf(PgliteThread);
      // A slow statement in flight when the thread dies.
      const inFlight = sql`SELECT pg_sleep(5)`.execute(server.db).catch((error: unknown) => error);
      await new Promise((done) => setTimeout(done, 50));
      await thread!.crashForTest();
      expect(await inFlight).toMatchObject({ code: 'serverBusy' });
      const answer = await server.post('/auth/login', { loginId, password: PASSWORD });
      expect(answer.status).toBe(503);
      expect(answer.body).toEqual({ error: { code: 'serverBusy', message: expect.any(String) } });
    } finally {
      await server.close().catch(() => {});
    }
  }, OPENING_MS);
});
