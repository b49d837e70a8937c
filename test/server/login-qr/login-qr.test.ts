import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccountCategory } from '../../../contract/index.ts';
import type { UserStatus } from '../../../server/db/schema.ts';
import { LOGIN_QR_VALIDITY_MS } from '../../../server/domain/login-qr.ts';
import { sessionSecret } from '../../../server/http.ts';
import { SESSION_COOKIE, createSession } from '../../../server/domain/sessions.ts';
import { HOUR, type TestServer, createAccount, databases, startTestServer } from '../support.ts';

const READ = '/api/profile/qr-code';
const REFRESH = '/api/profile/qr-code/refresh';
const LOSE = '/api/profile/qr-code/lose';
const LOGIN = '/auth/qr-login';

describe.each(databases)('login QR code on $name', ({ name }) => {
  let server: TestServer;
  const lines: string[] = [];
  const allowing = `QRY${randomBytes(3).toString('hex')}`;
  const refusing = `QRN${randomBytes(3).toString('hex')}`;

  beforeAll(async () => {
    const capture = (level: string) => (message: string, fields?: Record<string, unknown>) => lines.push(JSON.stringify({ level, message, ...fields }));
    server = await startTestServer(name, { log: { info: capture('info'), warn: capture('warn'), error: capture('error') } });
    await server.db
      .insertInto('schools')
      .values([
        { code: allowing, name: 'QR School', allow_qr_login: true },
        { code: refusing, name: 'No QR School', allow_qr_login: false },
      ])
      .execute();
  });
  afterAll(async () => {
    await server.close();
  });

  async function student(options: { category?: AccountCategory; schoolCode?: string; status?: UserStatus } = {}) {
    const account = await createAccount(server, { category: options.category ?? 'STUDENT', schoolCode: options.schoolCode ?? allowing, email: null });
    // A session made directly: school administrators' password login may need a second factor.
    const sessionId = await createSession(server.db, account.id, { secret: sessionSecret(server.deps), now: server.clock.now() });
    return { ...account, cookie: `${SESSION_COOKIE}=${sessionId}` };
  }

  async function freshCode(cookie: string): Promise<string> {
    const response = await server.post(REFRESH, undefined, { cookie });
    expect(response.status).toBe(200);
    expect(response.body.data.status).toBe('active');
    return response.body.data.code as string;
  }

  const qrLogin = (code: string) => server.post(LOGIN, { code });

  describe('GET /api/profile/qr-code', () => {
    it('says there is no code before the first one is made, with the owner for the print', async () => {
      const account = await student();
      const response = await server.get(READ, { cookie: account.cookie });
      expect(response.status).toBe(200);
      expect(response.body.data).toEqual({ status: 'none', loginId: account.loginId, displayName: `Test ${account.loginId}` });
    });

    it('shows the current code again, the same text, with its creation and expiry dates', async () => {
      const account = await student();
      const code = await freshCode(account.cookie);
      const response = await server.get(READ, { cookie: account.cookie });
      expect(response.body.data).toMatchObject({ status: 'active', code, createdAt: server.clock.now().toISOString() });
      expect(Date.parse(response.body.data.expiresAt) - Date.parse(response.body.data.createdAt)).toBe(LOGIN_QR_VALIDITY_MS);
      expect(code).toMatch(/^PORTALQR1\.[\w-]{22}\.[\w-]{43}$/);
    });

    it('refuses accounts without the login QR code permission', async () => {
      for (const options of [{ category: 'PUBLIC' as const }, { schoolCode: refusing }, { category: 'SCHOOL_ADMINISTRATOR' as const }]) {
        const account = await student(options);
        for (const [method, path] of [['GET', READ], ['POST', REFRESH], ['POST', LOSE]] as const) {
          const response = await server.request(method, path, { cookie: account.cookie });
          expect(response.status, `${method} ${path}`).toBe(403);
          expect(response.body.error.code).toBe('forbidden');
        }
      }
    });

    it('needs a session', async () => {
      expect((await server.get(READ)).status).toBe(401);
      expect((await server.post(REFRESH)).status).toBe(401);
    });
  });

  describe('refresh and lose', () => {
    it('a refreshed code replaces the old one, which is refused at once', async () => {
      const account = await student();
      const old = await freshCode(account.cookie);
      const fresh = await freshCode(account.cookie);
      expect(fresh).not.toBe(old);
      const refused = await qrLogin(old);
      expect(refused.status).toBe(400);
      expect(refused.body.error.code).toBe('qrCodeInvalid');
      const signedIn = await qrLogin(fresh);
      expect(signedIn.status).toBe(200);
      // The browser becomes a known device of the account (login-throttling.md "Device cookies").
      expect(signedIn.setCookie).toMatch(/portal_device=[^;]+/);
    });

    it('a lost code is refused, and the page says lost until a new one is made', async () => {
      const account = await student();
      const code = await freshCode(account.cookie);
      const lost = await server.post(LOSE, undefined, { cookie: account.cookie });
      expect(lost.status).toBe(200);
      expect(lost.body.data).toMatchObject({ status: 'lost', lostAt: server.clock.now().toISOString() });
      expect(lost.body.data.code).toBeUndefined();
      expect((await qrLogin(code)).body.error.code).toBe('qrCodeInvalid');
      expect((await server.get(READ, { cookie: account.cookie })).body.data.status).toBe('lost');
      const fresh = await freshCode(account.cookie);
      expect((await qrLogin(fresh)).status).toBe(200);
    });

    it('losing when there is no code changes nothing', async () => {
      const account = await student();
      const response = await server.post(LOSE, undefined, { cookie: account.cookie });
      expect(response.status).toBe(200);
      expect(response.body.data.status).toBe('none');
    });

    it('stores only the code id and a hash, never the text of the code', async () => {
      const account = await student();
      const code = await freshCode(account.cookie);
      const row = await server.db.selectFrom('login_qr_codes').selectAll().where('user_id', '=', account.id).executeTakeFirstOrThrow();
      const secret = code.split('.')[2] ?? '';
      expect(JSON.stringify(row)).not.toContain(secret);
      expect(code).toContain(row.code_id);
    });
  });

  describe('POST /auth/qr-login', () => {
    it('signs the student in: the user and a session cookie that works', async () => {
      const account = await student();
      const code = await freshCode(account.cookie);
      const response = await qrLogin(code);
      expect(response.status).toBe(200);
      expect(response.body.data).toMatchObject({ loginId: account.loginId, category: 'STUDENT', permissions: expect.arrayContaining(['loginQrCode']) });
      expect(response.cookie).toMatch(/^portal_session=/);
      const me = await server.get('/api/users/me', { cookie: response.cookie });
      expect(me.body.data.loginId).toBe(account.loginId);
    });

    it('the same code signs in again (a card is used every day) until it expires', async () => {
      const account = await student();
      const code = await freshCode(account.cookie);
      expect((await qrLogin(code)).status).toBe(200);
      server.clock.advance(LOGIN_QR_VALIDITY_MS - HOUR);
      expect((await qrLogin(code)).status).toBe(200);
      server.clock.advance(HOUR);
      const expired = await qrLogin(code);
      expect(expired.status).toBe(400);
      expect(expired.body.error.code).toBe('qrCodeInvalid');
      const again = await student();
      await server.db.updateTable('login_qr_codes').set({ user_id: again.id }).where('user_id', '=', account.id).execute();
      expect((await server.get(READ, { cookie: again.cookie })).body.data.status).toBe('expired');
    });

    it('refuses garbled, unknown and forged codes alike', async () => {
      const account = await student();
      const code = await freshCode(account.cookie);
      const [prefix, id, secret] = code.split('.');
      const forged = `${prefix}.${id}.${(secret ?? '').replace(/^./, (c) => (c === 'A' ? 'B' : 'A'))}`;
      const unknownId = `${prefix}.${'A'.repeat(22)}.${secret}`;
      for (const text of ['hello', 'https://example.test/', forged, unknownId, `${code}x`]) {
        const response = await qrLogin(text);
        expect(response.status, text).toBe(400);
        expect(response.body.error.code, text).toBe('qrCodeInvalid');
        expect(response.cookie).toBeUndefined();
      }
      const empty = await qrLogin('');
      expect(empty.body.error.code).toBe('invalidPayload');
    });

    it('refuses a school that stopped allowing QR login, checked at login time', async () => {
      const account = await student();
      const code = await freshCode(account.cookie);
      await server.db.updateTable('users').set({ school_code: refusing }).where('id', '=', account.id).execute();
      const response = await qrLogin(code);
      expect(response.status).toBe(403);
      expect(response.body.error.code).toBe('qrLoginNotAllowed');
      expect(response.cookie).toBeUndefined();
    });

    it('never signs a school administrator in, even with a code made before the account changed category', async () => {
      const account = await student();
      const code = await freshCode(account.cookie);
      await server.db.updateTable('users').set({ category: 'SCHOOL_ADMINISTRATOR' }).where('id', '=', account.id).execute();
      const response = await qrLogin(code);
      expect(response.status).toBe(403);
      expect(response.body.error.code).toBe('qrLoginNotAllowed');
      expect(response.cookie).toBeUndefined();
    });

    it('refuses an account that is no longer active', async () => {
      const account = await student();
      const code = await freshCode(account.cookie);
      await server.db.updateTable('users').set({ status: 'pending' }).where('id', '=', account.id).execute();
      const response = await qrLogin(code);
      expect(response.body.error.code).toBe('qrLoginNotAllowed');
    });

    it('writes no code or secret to the logs', async () => {
      const account = await student();
      const code = await freshCode(account.cookie);
      await qrLogin(code);
      await qrLogin(`${code}garbage`);
      const secret = code.split('.')[2] ?? '';
      expect(lines.join('\n')).not.toContain(secret);
    });
  });
});
