import { describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '../../../server/domain/sessions.ts';
import {
  HOUR,
  MINUTE,
  PASSWORD,
  createAccount,
  databases,
  signIn,
  useTestServer,
} from '../support.ts';

describe.each(databases)('sign-in and sessions on $name', ({ name }) => {
  const server = useTestServer(name);

  describe('POST /auth/login', () => {
    it('signs in by login ID, sets an HttpOnly SameSite=Lax session cookie and answers the user', async () => {
      const account = await createAccount(server);
      const response = await server.post('/auth/login', { loginId: account.loginId, password: PASSWORD });
      expect(response.status).toBe(200);
      expect(response.body.data).toEqual({ status: 'signedIn', user: {
        userId: account.id,
        loginId: account.loginId,
        loginEmail: account.email,
        contactEmail: account.email,
        category: 'PUBLIC',
        displayName: `Test ${account.loginId}`,
        schoolCode: null,
        permissions: ['profile.parent', 'family'],
        userFamilyRoles: [],
        language: 'en',
      } });
      const cookie = response.setCookie ?? '';
      expect(cookie).toMatch(new RegExp(`^${SESSION_COOKIE}=[A-Za-z0-9_-]{43};`));
      expect(cookie).toContain('HttpOnly');
      expect(cookie).toContain('SameSite=Lax');
      expect(cookie).toContain('Path=/');
      expect(cookie).not.toContain('Secure');
    });

    it('signs in by login email, in any letter case', async () => {
      const account = await createAccount(server);
      const response = await server.post('/auth/login', { loginId: (account.email ?? '').toUpperCase(), password: PASSWORD });
      expect(response.status).toBe(200);
      expect(response.body.data.user.userId).toBe(account.id);
    });

    it('answers loginFailed for a wrong password and for an unknown account alike, without a cookie', async () => {
      const account = await createAccount(server);
      const wrong = await server.post('/auth/login', { loginId: account.loginId, password: 'Wrong-Password-1' });
      const unknown = await server.post('/auth/login', { loginId: 'nobody_here', password: PASSWORD });
      for (const response of [wrong, unknown]) {
        expect(response.status).toBe(401);
        expect(response.body).toEqual({ error: { code: 'loginFailed', message: expect.any(String) } });
        expect(response.setCookie).toBeNull();
      }
    });

    it('answers accountInactive for an account not yet activated', async () => {
      const pending = await createAccount(server, { status: 'pending', password: null });
      const response = await server.post('/auth/login', { loginId: pending.loginId, password: PASSWORD });
      expect(response.status).toBe(403);
      expect(response.body.error.code).toBe('accountInactive');
    });

    it('stores only a keyed hash of the session id', async () => {
      const account = await createAccount(server);
      const cookie = await signIn(server, account.loginId);
      const rawId = cookie.split('=')[1] ?? '';
      const rows = await server.db.selectFrom('sessions').select('id_hash').where('user_id', '=', account.id).execute();
      expect(rows).toHaveLength(1);
      expect(rows[0]?.id_hash).not.toContain(rawId);
      expect(rows[0]?.id_hash).toMatch(/^[A-Za-z0-9_-]{43}$/);
    });

    it('rotates the session: signing in again with a cookie replaces that session', async () => {
      const account = await createAccount(server);
      const first = await signIn(server, account.loginId);
      const again = await server.post('/auth/login', { loginId: account.loginId, password: PASSWORD }, { cookie: first });
      expect(again.status).toBe(200);
      expect(again.cookie).toBeTruthy();
      expect(again.cookie).not.toBe(first);
      expect((await server.get('/api/users/me', { cookie: first })).status).toBe(401);
      expect((await server.get('/api/users/me', { cookie: again.cookie })).status).toBe(200);
      expect(await server.db.selectFrom('sessions').select('id_hash').where('user_id', '=', account.id).execute()).toHaveLength(1);
    });
  });

  describe('GET /api/users/me', () => {
    it('answers the signed-in user', async () => {
      const account = await createAccount(server, { category: 'FULL_MEMBER' });
      const cookie = await signIn(server, account.loginId);
      const response = await server.get('/api/users/me', { cookie });
      expect(response.status).toBe(200);
      expect(response.body.data).toMatchObject({ userId: account.id, category: 'FULL_MEMBER', permissions: ['profile.parent', 'fullMember', 'family'] });
    });

    it('answers 401 unauthorized without a cookie, and clears a cookie it does not know', async () => {
      const none = await server.get('/api/users/me');
      expect(none.status).toBe(401);
      expect(none.body).toEqual({ error: { code: 'unauthorized', message: expect.any(String) } });
      const stale = await server.get('/api/users/me', { cookie: `${SESSION_COOKIE}=${'x'.repeat(43)}` });
      expect(stale.status).toBe(401);
      expect(stale.cookie).toBe('');
      const garbage = await server.get('/api/users/me', { cookie: `${SESSION_COOKIE}=%%%;;;` });
      expect(garbage.status).toBe(401);
    });

    it('signs out after 60 minutes without a request', async () => {
      const account = await createAccount(server);
      const cookie = await signIn(server, account.loginId);
      server.clock.advance(59 * MINUTE);
      expect((await server.get('/api/users/me', { cookie })).status).toBe(200);
      server.clock.advance(59 * MINUTE);
      expect((await server.get('/api/users/me', { cookie })).status).toBe(200);
      server.clock.advance(60 * MINUTE);
      expect((await server.get('/api/users/me', { cookie })).status).toBe(401);
    });

    it('signs out 12 hours after login however active the user is', async () => {
      const account = await createAccount(server);
      const cookie = await signIn(server, account.loginId);
      for (let elapsed = 0; elapsed < 12 * HOUR - 50 * MINUTE; elapsed += 50 * MINUTE) {
        server.clock.advance(50 * MINUTE);
        expect((await server.get('/api/users/me', { cookie })).status).toBe(200);
      }
      server.clock.advance(50 * MINUTE);
      expect((await server.get('/api/users/me', { cookie })).status).toBe(401);
    });

    it('writes last seen at most once a minute', async () => {
      const account = await createAccount(server);
      const cookie = await signIn(server, account.loginId);
      const lastSeen = async () =>
        (await server.db.selectFrom('sessions').select('last_seen_at').where('user_id', '=', account.id).executeTakeFirstOrThrow()).last_seen_at.getTime();
      const signedInAt = await lastSeen();
      server.clock.advance(30_000);
      await server.get('/api/users/me', { cookie });
      expect(await lastSeen()).toBe(signedInAt);
      server.clock.advance(31_000);
      await server.get('/api/users/me', { cookie });
      expect(await lastSeen()).toBe(server.clock.now().getTime());
    });

    it('answers from the database as it is now: changes and ended sessions show at once', async () => {
      const account = await createAccount(server);
      const cookie = await signIn(server, account.loginId);
      expect((await server.get('/api/users/me', { cookie })).body.data.displayName).toBe(`Test ${account.loginId}`);
      expect((await server.get('/api/users/me', { cookie })).body.data.displayName).toBe(`Test ${account.loginId}`);
      await server.db.updateTable('users').set({ display_name: 'Renamed' }).where('id', '=', account.id).execute();
      expect((await server.get('/api/users/me', { cookie })).body.data.displayName).toBe('Renamed');
      await server.db.deleteFrom('sessions').where('user_id', '=', account.id).execute();
      expect((await server.get('/api/users/me', { cookie })).status).toBe(401);
    });

    it('answers many parallel requests of different users each with their own account', async () => {
      const accounts = await Promise.all(Array.from({ length: 6 }, () => createAccount(server)));
      const cookies = await Promise.all(accounts.map((a) => signIn(server, a.loginId)));
      const responses = await Promise.all(cookies.flatMap((cookie) => [cookie, cookie, cookie]).map((cookie) => server.get('/api/users/me', { cookie })));
      expect(responses.map((r) => r.body.data.userId)).toEqual(accounts.flatMap((a) => [a.id, a.id, a.id]));
    });
  });

  describe('POST /auth/logout', () => {
    it('ends the session and clears the cookie', async () => {
      const account = await createAccount(server);
      const cookie = await signIn(server, account.loginId);
      const response = await server.post('/auth/logout', undefined, { cookie });
      expect(response.status).toBe(200);
      expect(response.body).toEqual({ data: {} });
      expect(response.cookie).toBe('');
      expect(response.setCookie).toMatch(/Max-Age=0/);
      expect((await server.get('/api/users/me', { cookie })).status).toBe(401);
    });

    it('answers the same without a session', async () => {
      const response = await server.post('/auth/logout');
      expect(response.status).toBe(200);
      expect(response.body).toEqual({ data: {} });
    });
  });
});
