import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { SESSION_TABLES } from '../../../server/db/write-counter.ts';
import { PASSWORD, createAccount, databases, signIn, uniqueLoginId, useTestServer } from '../support.ts';

/**
 * The write generation moves only for statements that may change what a session lookup reads
 * (server/db/write-counter.ts): a guessing flood writes throttle rows on every guess, and those
 * must not empty every signed-in user's session cache (issue 21).
 */
describe.each(databases)('write generation on $name', ({ name }) => {
  const server = useTestServer(name);
  const generation = () => server.database.writeGeneration?.() ?? null;

  it('stays put for wrong passwords and other tables, moves for writes to the session lookup’s tables', async () => {
    const account = await createAccount(server);
    const cookie = await signIn(server, account.loginId);
    expect((await server.get('/api/users/me', { cookie })).status).toBe(200);
    const before = generation();
    expect(before).not.toBeNull();
    // Wrong passwords write throttle rows and history, read-only raw SQL names `users`: nothing a session lookup reads.
    expect((await server.post('/auth/login', { loginId: account.loginId, password: `${PASSWORD}x` })).status).toBe(401);
    expect((await server.post('/auth/login', { loginId: uniqueLoginId('nobody'), password: PASSWORD })).status).toBe(401);
    await sql`SELECT count(*) FROM users`.execute(server.db);
    expect(generation()).toBe(before);
    expect((await server.get('/api/users/me', { cookie })).status).toBe(200);
    expect(generation()).toBe(before);
    // A query-builder write and a raw write to a watched table both move it.
    await server.db.updateTable('users').set({ display_name: 'Renamed' }).where('id', '=', account.id).execute();
    const afterBuilder = generation();
    expect(afterBuilder).not.toBe(before);
    // Counted once, when sent: on PostgreSQL the change feed's NOTIFY of this process's own write
    // (migration 0009's trigger) arrives later and must not move it again (a CI run saw a
    // sign-in's notice land in the middle of this test).
    await server.database.changesHeard?.();
    expect(generation()).toBe(afterBuilder);
    await sql`UPDATE sessions SET last_seen_at = last_seen_at WHERE user_id = ${account.id}`.execute(server.db);
    expect(generation()).not.toBe(afterBuilder);
    // The renamed account shows on the next lookup: the cached row was not reused.
    expect((await server.get('/api/users/me', { cookie })).body.data.displayName).toBe('Renamed');
  });

  it('watches every table the session lookup reads', async () => {
    const { rows } = await sql<{ definition: string }>`SELECT pg_get_functiondef('session_accounts'::regproc) AS definition`.execute(server.db);
    const read = [...(rows[0]?.definition ?? '').matchAll(/\b(?:FROM|JOIN)\s+(\w+)/gi)].map((match) => match[1]);
    expect(read.length).toBeGreaterThan(0);
    for (const table of read) expect(SESSION_TABLES).toContain(table);
  });
});
