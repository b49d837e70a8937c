import { describe, expect, it } from 'vitest';
import { HOLD_MAX_ATTEMPTS } from '../../../contract/index.ts';
import {
  HOUR,
  MINUTE,
  NEW_PASSWORD,
  PASSWORD,
  createAccount,
  databases,
  emailsTo,
  signIn,
  useTestServer,
  tableCounts,
  tokenFromEmail,
} from '../support.ts';

describe.each(databases)('passwords on $name', ({ name }) => {
  const server = useTestServer(name);

  async function forgot(account: { email: string | null }, lang = 'en') {
    const response = await server.post('/api/password/forgot', { by: 'email', email: account.email, lang });
    expect(response.status).toBe(200);
    const [mail] = await emailsTo(server, account.email ?? '');
    return tokenFromEmail(mail);
  }

  describe('POST /api/password/forgot', () => {
    it('emails a reset link to the login email found by email, answering the masked address', async () => {
      const account = await createAccount(server, { email: 'someone.forgetful@example.test', language: 'zh_hans' });
      const response = await server.post('/api/password/forgot', { by: 'email', email: 'Someone.Forgetful@Example.test', lang: 'en' });
      expect(response.status).toBe(200);
      expect(response.body).toEqual({ data: { maskedEmail: 's•••l@example.test' } });
      const [mail] = await emailsTo(server, 'someone.forgetful@example.test');
      expect(mail?.subject).toBe('重置你的教育平台密码');
      expect(mail?.text).toContain(`${server.config.publicUrl}/zh_hans/reset-password?token=`);
      expect(mail?.text).toContain(account.loginId);
    });

    it('finds the account by login ID too', async () => {
      const account = await createAccount(server);
      const response = await server.post('/api/password/forgot', { by: 'loginId', loginId: account.loginId.toUpperCase(), lang: 'en' });
      expect(response.status).toBe(200);
      expect(await emailsTo(server, account.email ?? '')).toHaveLength(1);
    });

    it('answers emailNotFound, loginIdNotFound and accountHasNoEmail (SPEC §8) and sends nothing', async () => {
      const student = await createAccount(server, { category: 'STUDENT', email: null });
      const before = await tableCounts(server.db);
      const byEmail = await server.post('/api/password/forgot', { by: 'email', email: 'nobody@nowhere.test', lang: 'en' });
      expect(byEmail.status).toBe(404);
      expect(byEmail.body.error.code).toBe('emailNotFound');
      const byId = await server.post('/api/password/forgot', { by: 'loginId', loginId: 'no_such_login', lang: 'en' });
      expect(byId.status).toBe(404);
      expect(byId.body.error.code).toBe('loginIdNotFound');
      const noEmail = await server.post('/api/password/forgot', { by: 'loginId', loginId: student.loginId, lang: 'en' });
      expect(noEmail.status).toBe(409);
      expect(noEmail.body.error.code).toBe('accountHasNoEmail');
      expect(await tableCounts(server.db)).toEqual(before);
    });

    it('answers accountInactive for an account that was never activated', async () => {
      const pending = await createAccount(server, { status: 'pending', password: null });
      const response = await server.post('/api/password/forgot', { by: 'email', email: pending.email, lang: 'en' });
      expect(response.status).toBe(403);
      expect(response.body.error.code).toBe('accountInactive');
    });

    it('holds the account after five requests from one network: the sixth asks for the challenge and sends nothing', async () => {
      const account = await createAccount(server);
      for (let i = 0; i < HOLD_MAX_ATTEMPTS; i++) {
        expect((await server.post('/api/password/forgot', { by: 'loginId', loginId: account.loginId, lang: 'en' })).status).toBe(200);
      }
      const sixth = await server.post('/api/password/forgot', { by: 'email', email: account.email, lang: 'en' });
      expect([sixth.status, sixth.body.error.code]).toEqual([429, 'loginChallengeRequired']);
      const seventh = await server.post('/api/password/forgot', { by: 'email', email: account.email, lang: 'en' });
      expect([seventh.status, seventh.body.error.code]).toEqual([429, 'loginChallengeRequired']);
      expect(await emailsTo(server, account.email ?? '')).toHaveLength(HOLD_MAX_ATTEMPTS);
    });
  });

  describe('POST /api/password/reset/check', () => {
    it('answers the login ID of a usable link', async () => {
      const account = await createAccount(server);
      const token = await forgot(account);
      const response = await server.post('/api/password/reset/check', { token });
      expect(response.status).toBe(200);
      expect(response.body).toEqual({ data: { loginId: account.loginId } });
    });

    it('answers wrongUrl for a token of the wrong shape and recordNotFound for an unknown one', async () => {
      const wrong = await server.post('/api/password/reset/check', { token: 'not a token' });
      expect(wrong.status).toBe(400);
      expect(wrong.body.error.code).toBe('wrongUrl');
      const unknown = await server.post('/api/password/reset/check', { token: 'A'.repeat(43) });
      expect(unknown.status).toBe(404);
      expect(unknown.body.error.code).toBe('recordNotFound');
    });

    it('answers expired an hour after the link was sent', async () => {
      const account = await createAccount(server);
      const token = await forgot(account);
      server.clock.advance(59 * MINUTE);
      expect((await server.post('/api/password/reset/check', { token })).status).toBe(200);
      server.clock.advance(2 * MINUTE);
      const late = await server.post('/api/password/reset/check', { token });
      expect(late.status).toBe(410);
      expect(late.body.error.code).toBe('expired');
    });
  });

  describe('POST /api/password/reset', () => {
    it('sets the new password, signs the user out everywhere, and uses the link up', async () => {
      const account = await createAccount(server);
      const cookie = await signIn(server, account.loginId);
      const token = await forgot(account);
      const response = await server.post('/api/password/reset', { token, newPassword: NEW_PASSWORD, confirmNewPassword: NEW_PASSWORD });
      expect(response.status).toBe(200);
      expect(response.body).toEqual({ data: {} });

      expect((await server.get('/api/users/me', { cookie })).status).toBe(401);
      expect((await server.post('/auth/login', { loginId: account.loginId, password: PASSWORD })).body.error.code).toBe('loginFailed');
      expect((await server.post('/auth/login', { loginId: account.loginId, password: NEW_PASSWORD })).status).toBe(200);

      const again = await server.post('/api/password/reset', { token, newPassword: 'Yet-Another-Pass-9', confirmNewPassword: 'Yet-Another-Pass-9' });
      expect(again.status).toBe(410);
      expect(again.body.error.code).toBe('alreadyUsed');
      expect((await server.post('/api/password/reset/check', { token })).body.error.code).toBe('alreadyUsed');
    });

    it('voids older reset links of the same account', async () => {
      const account = await createAccount(server);
      const first = await forgot(account);
      const second = await forgot(account);
      expect(first).not.toBe(second);
      expect((await server.post('/api/password/reset', { token: second, newPassword: NEW_PASSWORD, confirmNewPassword: NEW_PASSWORD })).status).toBe(200);
      expect((await server.post('/api/password/reset/check', { token: first })).body.error.code).toBe('alreadyUsed');
    });

    it('refuses a weak new password with its rule and leaves the link usable', async () => {
      const account = await createAccount(server);
      const token = await forgot(account);
      const cases = [
        ['Sh0rt!', 'passwordTooShort', 'minLength'],
        ['alllowercaseletters', 'passwordTooSimple', 'complexity'],
        ['P@ssw0rd', 'passwordTooCommon', 'common'],
        [account.loginId.toUpperCase(), 'passwordTooCommon', 'common'],
      ] as const;
      for (const [password, code, rule] of cases) {
        // The login ID is all lower case letters, digits and `_`: upper-casing it gives three classes.
        const response = await server.post('/api/password/reset', { token, newPassword: password, confirmNewPassword: password });
        expect(response.status, password).toBe(400);
        expect(response.body.error, password).toMatchObject({ code, fields: [{ field: 'newPassword', rule }] });
      }
      expect((await server.post('/api/password/reset/check', { token })).status).toBe(200);
    });

    it('refuses the current password as the new one with passwordSameAsOld, as the change-password page does, and leaves the link usable (issue 13)', async () => {
      const account = await createAccount(server);
      const token = await forgot(account);
      const response = await server.post('/api/password/reset', { token, newPassword: PASSWORD, confirmNewPassword: PASSWORD });
      expect(response.status).toBe(400);
      expect(response.body.error).toMatchObject({ code: 'passwordSameAsOld', fields: [{ field: 'newPassword', rule: 'sameAsOld' }] });
      expect((await server.post('/api/password/reset/check', { token })).status).toBe(200);
    });

    it('answers expired for a link used after an hour', async () => {
      const account = await createAccount(server);
      const token = await forgot(account);
      server.clock.advance(HOUR + MINUTE);
      const response = await server.post('/api/password/reset', { token, newPassword: NEW_PASSWORD, confirmNewPassword: NEW_PASSWORD });
      expect(response.status).toBe(410);
      expect(response.body.error.code).toBe('expired');
    });

    it('lets exactly one of 20 parallel uses of one link succeed; the others are told it is already used', async () => {
      const account = await createAccount(server);
      const token = await forgot(account);
      const passwords = Array.from({ length: 20 }, (_, i) => `Parallel-Pass-${i}x`);
      const responses = await Promise.all(
        passwords.map((password) => server.post('/api/password/reset', { token, newPassword: password, confirmNewPassword: password })),
      );
      const statuses = responses.map((r) => r.status);
      expect(statuses.filter((s) => s === 200)).toHaveLength(1);
      expect(responses.filter((r) => r.status !== 200).map((r) => r.body.error.code)).toEqual(Array(19).fill('alreadyUsed'));
      const winner = passwords[statuses.indexOf(200)];
      expect((await server.post('/auth/login', { loginId: account.loginId, password: winner })).status).toBe(200);
    });
  });

  describe('POST /api/password/change', () => {
    const change = (cookie: string, currentPassword: string, newPassword: string) =>
      server.post('/api/password/change', { currentPassword, newPassword, confirmNewPassword: newPassword }, { cookie });

    it('needs a session', async () => {
      const response = await server.post('/api/password/change', { currentPassword: PASSWORD, newPassword: NEW_PASSWORD, confirmNewPassword: NEW_PASSWORD });
      expect(response.status).toBe(401);
      expect(response.body.error.code).toBe('unauthorized');
    });

    it('answers currentPasswordIncorrect with the field when the current password is wrong', async () => {
      const account = await createAccount(server);
      const cookie = await signIn(server, account.loginId);
      const response = await change(cookie, 'Not-The-Password-1', NEW_PASSWORD);
      expect(response.status).toBe(400);
      expect(response.body.error).toMatchObject({ code: 'currentPasswordIncorrect', fields: [{ field: 'currentPassword', rule: 'incorrect' }] });
    });

    it('answers passwordSameAsOld when nothing would change', async () => {
      const account = await createAccount(server);
      const cookie = await signIn(server, account.loginId);
      const response = await change(cookie, PASSWORD, PASSWORD);
      expect(response.status).toBe(400);
      expect(response.body.error).toMatchObject({ code: 'passwordSameAsOld', fields: [{ field: 'newPassword', rule: 'sameAsOld' }] });
    });

    it('applies the new-password policy', async () => {
      const account = await createAccount(server);
      const cookie = await signIn(server, account.loginId);
      const response = await change(cookie, PASSWORD, 'qwertyuiop');
      expect(response.status).toBe(400);
      expect(response.body.error.code).toBe('passwordTooSimple');
      const common = await change(cookie, PASSWORD, 'Password1');
      expect(common.body.error).toMatchObject({ code: 'passwordTooCommon', fields: [{ field: 'newPassword', rule: 'common' }] });
    });

    it('rotates the session and ends the other sessions of the user', async () => {
      const account = await createAccount(server);
      const here = await signIn(server, account.loginId);
      const elsewhere = await signIn(server, account.loginId);
      const response = await change(here, PASSWORD, NEW_PASSWORD);
      expect(response.status).toBe(200);
      expect(response.body).toEqual({ data: {} });
      expect(response.cookie).toBeTruthy();
      expect(response.cookie).not.toBe(here);
      expect((await server.get('/api/users/me', { cookie: here })).status).toBe(401);
      expect((await server.get('/api/users/me', { cookie: elsewhere })).status).toBe(401);
      expect((await server.get('/api/users/me', { cookie: response.cookie })).status).toBe(200);
      expect((await server.post('/auth/login', { loginId: account.loginId, password: NEW_PASSWORD })).status).toBe(200);
    });
  });
});
