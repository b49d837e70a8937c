import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../server/config.ts';
import { type TestServer, createAccount, databases, openTestDatabase, signIn, startTestServer } from '../support.ts';

/*
 * Rotating SESSION_SECRET without signing everyone out (issue 25, docs/operations.md): for a while
 * the servers run with the new SESSION_SECRET and the old one as SESSION_SECRET_PREVIOUS; a
 * session stored under the old one is accepted and moved under the new one on its first request.
 */
const OLD = 'old-session-secret-0123456789abcdef0123456789';
const NEW = 'new-session-secret-fedcba9876543210fedcba9876';

describe.each(databases)('rotating SESSION_SECRET on $name', ({ name }) => {
  let opened: Awaited<ReturnType<typeof openTestDatabase>>;
  const servers: TestServer[] = [];
  const serverWith = async (env: Record<string, string>) => {
    const server = await startTestServer(name, { database: opened.database, env });
    servers.push(server);
    return server;
  };

  beforeAll(async () => {
    opened = await openTestDatabase(name);
  });
  afterAll(async () => {
    await opened.drop();
  });

  it('keeps sessions made under the old secret through the rotation, and only those used during it after', async () => {
    const before = await serverWith({ SESSION_SECRET: OLD });
    const used = await createAccount(before);
    const idle = await createAccount(before);
    const usedCookie = await signIn(before, used.loginId);
    const idleCookie = await signIn(before, idle.loginId);

    const rotating = await serverWith({ SESSION_SECRET: NEW, SESSION_SECRET_PREVIOUS: OLD });
    const me = await rotating.get('/api/users/me', { cookie: usedCookie });
    expect(me.status, me.text).toBe(200);
    expect(me.body.data.loginId).toBe(used.loginId);
    // New sessions are stored under the new secret only.
    const fresh = await createAccount(rotating);
    const freshCookie = await signIn(rotating, fresh.loginId);

    const after = await serverWith({ SESSION_SECRET: NEW });
    expect((await after.get('/api/users/me', { cookie: usedCookie })).status).toBe(200);
    expect((await after.get('/api/users/me', { cookie: freshCookie })).status).toBe(200);
    // Not seen during the rotation: still stored under the old secret, so voided.
    expect((await after.get('/api/users/me', { cookie: idleCookie })).status).toBe(401);
    // And the old secret alone no longer finds the moved session.
    expect((await before.get('/api/users/me', { cookie: usedCookie })).status).toBe(401);
  });

  it('ends a session stored under the old secret on logout during the rotation', async () => {
    const before = await serverWith({ SESSION_SECRET: OLD });
    const account = await createAccount(before);
    const cookie = await signIn(before, account.loginId);
    const rotating = await serverWith({ SESSION_SECRET: NEW, SESSION_SECRET_PREVIOUS: OLD });
    expect((await rotating.post('/auth/logout', undefined, { cookie })).status).toBe(200);
    expect((await before.get('/api/users/me', { cookie })).status).toBe(401);
    expect((await rotating.get('/api/users/me', { cookie })).status).toBe(401);
    const sessions = await rotating.db.selectFrom('sessions').select('id_hash').where('user_id', '=', account.id).execute();
    expect(sessions).toEqual([]);
  });

  it('refuses a previous secret equal to the current one', () => {
    expect(() => loadConfig({ SESSION_SECRET: NEW, SESSION_SECRET_PREVIOUS: NEW })).toThrow(/SESSION_SECRET_PREVIOUS must differ/);
  });
});
