import { describe, expect, it } from 'vitest';
import { SUBSCRIPTION_SERVICES } from '../../../contract/index.ts';
import {
  HOUR,
  MINUTE,
  NEW_PASSWORD,
  createAccount,
  databases,
  emailsTo,
  signIn,
  useTestServer,
  tableCounts,
  tokenFromEmail,
  uniqueLoginId,
} from '../support.ts';

describe.each(databases)('registration and activation on $name', ({ name }) => {
  /** Tokens ending in "-robot" fail the check, like a real verifier refusing a bot. */
  const recaptcha = async (token: string) => token.length > 0 && !token.endsWith('-robot');
  const server = useTestServer(name, { recaptcha });

  function registration(overrides: Record<string, unknown> = {}) {
    const loginId = uniqueLoginId('reg');
    return { loginId, email: `${loginId}@Example.test`, displayName: 'Chan Tai Man', acceptTerms: true, recaptcha: 'token', lang: 'en', ...overrides };
  }

  async function register(overrides: Record<string, unknown> = {}) {
    const payload = registration(overrides);
    const response = await server.post('/api/users/register', payload);
    expect(response.status, response.text).toBe(200);
    const email = String(payload.email).toLowerCase();
    return { loginId: String(payload.loginId), email, token: tokenFromEmail((await emailsTo(server, email))[0]) };
  }

  async function activate(token: string, path = '/api/user-activate') {
    return server.post(path, { encryptCode: token, newPassword: NEW_PASSWORD, confirmNewPassword: NEW_PASSWORD });
  }

  describe('POST /api/users/register', () => {
    it('creates a pending PUBLIC account and emails its activation link in the chosen language', async () => {
      const payload = registration({ lang: 'zh_hant' });
      const response = await server.post('/api/users/register', payload);
      const email = String(payload.email).toLowerCase();
      expect(response.status).toBe(200);
      expect(response.body).toEqual({ data: { email } });
      const user = await server.db.selectFrom('users').selectAll().where('login_id', '=', String(payload.loginId)).executeTakeFirstOrThrow();
      expect(user).toMatchObject({ status: 'pending', category: 'PUBLIC', login_email: email, password_hash: null, language: 'zh_hant' });
      const [mail] = await emailsTo(server, email);
      expect(mail?.subject).toBe('啟動你的教育平台帳戶');
      expect(mail?.text).toMatch(new RegExp(`^.*${server.config.publicUrl}/zh_hant/user-activate\\?code=[A-Za-z0-9_-]{43}$`, 'm'));
    });

    it('answers loginIdTaken and emailTaken with the field, whatever the letter case', async () => {
      const existing = await createAccount(server);
      const byId = await server.post('/api/users/register', registration({ loginId: existing.loginId.toUpperCase() }));
      expect(byId.status).toBe(409);
      expect(byId.body.error).toMatchObject({ code: 'loginIdTaken', fields: [{ field: 'loginId', rule: 'taken' }] });
      const byEmail = await server.post('/api/users/register', registration({ email: (existing.email ?? '').toUpperCase() }));
      expect(byEmail.status).toBe(409);
      expect(byEmail.body.error).toMatchObject({ code: 'emailTaken', fields: [{ field: 'email', rule: 'taken' }] });
    });

    it('answers a taken login ID and a taken email together, each with its field (issue 13)', async () => {
      const one = await createAccount(server);
      const other = await createAccount(server);
      const both = await server.post('/api/users/register', registration({ loginId: one.loginId, email: other.email ?? '' }));
      expect(both.status).toBe(409);
      expect(both.body.error).toMatchObject({
        code: 'loginIdTaken',
        fields: [
          { field: 'loginId', rule: 'taken' },
          { field: 'email', rule: 'taken' },
        ],
      });
    });

    it('gives back the login ID and email of a registration whose activation link expired unused', async () => {
      const first = registration();
      expect((await server.post('/api/users/register', first)).status).toBe(200);
      const stillHeld = await server.post('/api/users/register', registration({ loginId: first.loginId, email: first.email }));
      expect(stillHeld.body.error).toMatchObject({ code: 'loginIdTaken' });
      const byEmail = await server.post('/api/users/register', registration({ email: first.email }));
      expect(byEmail.body.error).toMatchObject({ code: 'emailTaken' });

      server.clock.advance(72 * HOUR + MINUTE);
      const again = await server.post('/api/users/register', registration({ loginId: first.loginId, email: first.email }));
      expect(again.status).toBe(200);
      const rows = await server.db.selectFrom('users').select(['id', 'status']).where('login_id', '=', String(first.loginId).toLowerCase()).execute();
      expect(rows).toHaveLength(1);
      // Only abandoned self-registrations are released: an active account keeps its login ID for good.
      const active = await createAccount(server);
      const clash = await server.post('/api/users/register', registration({ loginId: active.loginId }));
      expect(clash.body.error).toMatchObject({ code: 'loginIdTaken' });
    });

    it('lets one of several parallel registrations of one login ID through and tells the rest it is taken', async () => {
      const loginId = uniqueLoginId('race');
      const responses = await Promise.all(
        Array.from({ length: 6 }, (_, i) => server.post('/api/users/register', registration({ loginId, email: `${loginId}.${i}@example.test` }))),
      );
      expect(responses.filter((r) => r.status === 200)).toHaveLength(1);
      expect(responses.filter((r) => r.status !== 200).map((r) => r.body.error.code)).toEqual(Array(5).fill('loginIdTaken'));
      const mails = await Promise.all(Array.from({ length: 6 }, (_, i) => emailsTo(server, `${loginId}.${i}@example.test`)));
      expect(mails.flat()).toHaveLength(1);
    });

    it('answers recaptchaFailed when the robot check fails, and creates nothing', async () => {
      const before = await tableCounts(server.db);
      const response = await server.post('/api/users/register', registration({ recaptcha: 'token-robot' }));
      expect(response.status).toBe(400);
      expect(response.body.error).toMatchObject({ code: 'recaptchaFailed', fields: [{ field: 'recaptcha', rule: 'recaptcha' }] });
      expect(await tableCounts(server.db)).toEqual(before);
    });

    it('answers termsNotAccepted when the terms are not accepted', async () => {
      const response = await server.post('/api/users/register', registration({ acceptTerms: false }));
      expect(response.status).toBe(400);
      expect(response.body.error).toMatchObject({ code: 'termsNotAccepted', fields: [{ field: 'acceptTerms', rule: 'accepted' }] });
    });

    it('answers invalidPayload with every field at fault', async () => {
      const response = await server.post('/api/users/register', registration({ loginId: 'x', email: 'not-an-email', acceptTerms: false, recaptcha: '' }));
      expect(response.status).toBe(400);
      expect(response.body.error.code).toBe('invalidPayload');
      expect(response.body.error.fields).toEqual([
        { field: 'loginId', rule: 'minLength' },
        { field: 'email', rule: 'format' },
        { field: 'acceptTerms', rule: 'accepted' },
        { field: 'recaptcha', rule: 'recaptcha' },
      ]);
    });
  });

  describe('POST /api/user-activate/check-record', () => {
    it('answers the record of a usable link', async () => {
      const { loginId, email, token } = await register();
      const response = await server.post('/api/user-activate/check-record', { encryptCode: token });
      expect(response.status).toBe(200);
      expect(response.body).toEqual({ data: { userId: expect.any(String), loginId, email, kind: 'user' } });
    });

    it('answers wrongUrl, recordNotFound, alreadyUsed and expired', async () => {
      expect((await server.post('/api/user-activate/check-record', { encryptCode: 'short' })).body.error.code).toBe('wrongUrl');
      const unknown = await server.post('/api/user-activate/check-record', { encryptCode: 'B'.repeat(43) });
      expect(unknown.status).toBe(404);
      expect(unknown.body.error.code).toBe('recordNotFound');

      const used = await register();
      expect((await activate(used.token)).status).toBe(200);
      const usedCheck = await server.post('/api/user-activate/check-record', { encryptCode: used.token });
      expect(usedCheck.status).toBe(410);
      expect(usedCheck.body.error.code).toBe('alreadyUsed');

      const late = await register();
      server.clock.advance(72 * HOUR + MINUTE);
      const lateCheck = await server.post('/api/user-activate/check-record', { encryptCode: late.token });
      expect(lateCheck.status).toBe(410);
      expect(lateCheck.body.error.code).toBe('expired');
    });
  });

  describe('POST /api/user-activate', () => {
    it('sets the password, activates the account and signs the user in', async () => {
      const { loginId, token } = await register();
      const response = await activate(token);
      expect(response.status).toBe(200);
      expect(response.body).toEqual({ data: { userId: expect.any(String) } });
      // The browser becomes a known device of the account (login-throttling.md "Device cookies").
      expect(response.setCookie).toMatch(/portal_device=[^;]+/);
      const me = await server.get('/api/users/me', { cookie: response.cookie });
      expect(me.status).toBe(200);
      expect(me.body.data).toMatchObject({ userId: response.body.data.userId, loginId, category: 'PUBLIC' });
      expect((await server.post('/auth/login', { loginId, password: NEW_PASSWORD })).status).toBe(200);
    });

    it('uses the link once: a second activation answers alreadyUsed', async () => {
      const { token } = await register();
      expect((await activate(token)).status).toBe(200);
      const again = await activate(token);
      expect(again.status).toBe(410);
      expect(again.body.error.code).toBe('alreadyUsed');
    });

    it('refuses a weak password with its rule and leaves the link usable', async () => {
      const { token } = await register();
      const response = await server.post('/api/user-activate', { encryptCode: token, newPassword: 'abc', confirmNewPassword: 'abc' });
      expect(response.status).toBe(400);
      expect(response.body.error).toMatchObject({ code: 'passwordTooShort', fields: [{ field: 'newPassword', rule: 'minLength' }] });
      expect((await server.post('/api/user-activate/check-record', { encryptCode: token })).status).toBe(200);
    });

    it('refuses a confirmation that differs', async () => {
      const { token } = await register();
      const response = await server.post('/api/user-activate', { encryptCode: token, newPassword: NEW_PASSWORD, confirmNewPassword: `${NEW_PASSWORD}x` });
      expect(response.status).toBe(400);
      expect(response.body.error).toMatchObject({ code: 'invalidPayload', fields: [{ field: 'confirmNewPassword', rule: 'sameAs' }] });
    });

    it('does not accept a buyer link, nor the buyer call a user link', async () => {
      const invitation = await server.post('/dev/api/buyer-invitations', { email: `${uniqueLoginId('buyer')}@school.test`, lang: 'en' });
      const buyerToken = tokenFromEmail((await emailsTo(server, invitation.body.data.email))[0]);
      expect((await activate(buyerToken)).body.error.code).toBe('recordNotFound');
      const { token } = await register();
      expect((await activate(token, '/api/user-activate/buyer')).body.error.code).toBe('recordNotFound');
    });
  });

  describe('POST /api/user-activate/buyer', () => {
    it('activates a school purchaser invited by email', async () => {
      const email = `${uniqueLoginId('buyer')}@school.test`;
      const invitation = await server.post('/dev/api/buyer-invitations', { email, lang: 'zh_hans' });
      expect(invitation.status).toBe(200);
      const [mail] = await emailsTo(server, email);
      expect(mail?.text).toContain(`${server.config.publicUrl}/zh_hans/buyer-activate?code=`);
      const token = tokenFromEmail(mail);
      const check = await server.post('/api/user-activate/check-record', { encryptCode: token });
      expect(check.body.data).toMatchObject({ kind: 'buyer', email, loginId: invitation.body.data.loginId });
      const response = await activate(token, '/api/user-activate/buyer');
      expect(response.status).toBe(200);
      const me = await server.get('/api/users/me', { cookie: response.cookie });
      expect(me.body.data).toMatchObject({ category: 'SCHOOL_PURCHASER', loginEmail: email, permissions: [] });
    });
  });

  describe('POST /api/user-activate/subscribe', () => {
    async function activated() {
      const { token } = await register();
      const response = await activate(token);
      return { token, userId: response.body.data.userId as string, cookie: response.cookie };
    }

    it('stores the chosen newsletters for the user who just activated', async () => {
      const { token, userId, cookie } = await activated();
      const response = await server.post('/api/user-activate/subscribe', { encryptCode: token, userId, services: ['edPost', 'parentInfo', 'edPost'] }, { cookie });
      expect(response.status).toBe(200);
      expect(response.body).toEqual({ data: { services: ['edPost', 'parentInfo'] } });
      const row = await server.db.selectFrom('users').select('subscriptions').where('id', '=', userId).executeTakeFirstOrThrow();
      expect(row.subscriptions).toEqual(['edPost', 'parentInfo']);
    });

    it('needs the session of that user', async () => {
      const { token, userId } = await activated();
      const anonymous = await server.post('/api/user-activate/subscribe', { encryptCode: token, userId, services: [] });
      expect(anonymous.status).toBe(401);
      const other = await createAccount(server);
      const otherCookie = await signIn(server, other.loginId);
      const wrongUser = await server.post('/api/user-activate/subscribe', { encryptCode: token, userId, services: [] }, { cookie: otherCookie });
      expect(wrongUser.status).toBe(403);
      expect(wrongUser.body.error.code).toBe('forbidden');
    });

    it('needs a link of that user used within the last hour', async () => {
      const { token, userId, cookie } = await activated();
      const unused = await register();
      const notUsed = await server.post('/api/user-activate/subscribe', { encryptCode: unused.token, userId, services: [] }, { cookie });
      expect(notUsed.body.error.code).toBe('recordNotFound');
      server.clock.advance(61 * MINUTE);
      const fresh = await signIn(server, (await server.db.selectFrom('users').select('login_id').where('id', '=', userId).executeTakeFirstOrThrow()).login_id, NEW_PASSWORD);
      const late = await server.post('/api/user-activate/subscribe', { encryptCode: token, userId, services: [...SUBSCRIPTION_SERVICES] }, { cookie: fresh });
      expect(late.status).toBe(410);
      expect(late.body.error.code).toBe('expired');
      expect(cookie).toBeTruthy();
    });
  });
});
