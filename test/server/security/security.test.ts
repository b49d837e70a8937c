import { describe, expect, it } from 'vitest';
import { queueSecurityEmail, securityEmailUser } from '../../../server/domain/security-emails.ts';
import { purgeSignInHistory, recordSignIn } from '../../../server/domain/sign-in-history.ts';
import { SECURITY_EMAIL_KINDS } from '../../../server/mail/security-templates.ts';
import {
  HOUR,
  NEW_PASSWORD,
  PASSWORD,
  completeSecondFactor,
  createAccount,
  databases,
  emailsTo,
  mfaCookieOf,
  useTestServer,
  tokenFromEmail,
} from '../support.ts';

const SESSIONS = '/api/profile/security/sessions';
const SIGN_OUT = '/api/profile/security/sessions/sign-out';
const SIGN_OUT_OTHERS = '/api/profile/security/sessions/sign-out-others';
const HISTORY = '/api/profile/security/sign-ins';

const FIREFOX_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const CHROME_MAC = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

describe.each(databases)('account security on $name', ({ name }) => {

  const server = useTestServer(name);

  async function login(loginId: string, userAgent: string, password = PASSWORD) {
    return server.post('/auth/login', { loginId, password }, { headers: { 'user-agent': userAgent } });
  }

  async function signedIn(loginId: string, userAgent: string): Promise<string> {
    const response = await login(loginId, userAgent);
    expect(response.status).toBe(200);
    expect(response.cookie).toBeTruthy();
    return response.cookie ?? '';
  }

  describe('the sessions signed in now', () => {
    it('lists each live session with its browser and system, marks the current one, and shows no id hash', async () => {
      const account = await createAccount(server);
      const firefox = await signedIn(account.loginId, FIREFOX_WINDOWS);
      await signedIn(account.loginId, SAFARI_IPHONE);
      const response = await server.get(SESSIONS, { cookie: firefox });
      expect(response.status).toBe(200);
      const sessions = response.body.data.sessions as Array<Record<string, unknown>>;
      expect(sessions).toHaveLength(2);
      expect(sessions[0]).toMatchObject({ current: true, browser: 'Firefox 133', system: 'Windows 10' });
      expect(sessions[1]).toMatchObject({ current: false, browser: 'Mobile Safari 17', system: 'iOS 17.5' });
      const hashes = await server.db.selectFrom('sessions').select('id_hash').where('user_id', '=', account.id).execute();
      for (const { id_hash } of hashes) expect(response.text).not.toContain(id_hash);
      expect(response.text).not.toContain(firefox.split('=')[1]);
    });

    it('answers 401 without a session', async () => {
      expect((await server.get(SESSIONS)).status).toBe(401);
    });

    it('signs out one other session: that browser’s next call is answered 401, this one stays', async () => {
      const account = await createAccount(server);
      const mine = await signedIn(account.loginId, FIREFOX_WINDOWS);
      const other = await signedIn(account.loginId, SAFARI_IPHONE);
      const listed = await server.get(SESSIONS, { cookie: mine });
      const target = (listed.body.data.sessions as Array<{ id: string; current: boolean }>).find((s) => !s.current);
      const response = await server.post(SIGN_OUT, { sessionId: target?.id }, { cookie: mine });
      expect(response.status).toBe(200);
      const refused = await server.get('/api/users/me', { cookie: other });
      expect(refused.status).toBe(401);
      expect(refused.body.error.code).toBe('sessionSignedOut');
      expect((await server.get('/api/users/me', { cookie: mine })).status).toBe(200);
    });

    it("cannot sign out another user's session (sessionNotFound), and that session lives on", async () => {
      const alice = await createAccount(server);
      const bob = await createAccount(server);
      const aliceCookie = await signedIn(alice.loginId, FIREFOX_WINDOWS);
      const bobCookie = await signedIn(bob.loginId, SAFARI_IPHONE);
      const bobs = await server.get(SESSIONS, { cookie: bobCookie });
      const bobSession = (bobs.body.data.sessions as Array<{ id: string }>)[0]?.id;
      const response = await server.post(SIGN_OUT, { sessionId: bobSession }, { cookie: aliceCookie });
      expect(response.status).toBe(404);
      expect(response.body.error.code).toBe('sessionNotFound');
      expect((await server.get('/api/users/me', { cookie: bobCookie })).status).toBe(200);
    });

    it('refuses to sign out the current session here (sessionIsCurrent) and refuses a malformed id with 400', async () => {
      const account = await createAccount(server);
      const mine = await signedIn(account.loginId, FIREFOX_WINDOWS);
      const listed = await server.get(SESSIONS, { cookie: mine });
      const current = (listed.body.data.sessions as Array<{ id: string }>)[0]?.id;
      const refused = await server.post(SIGN_OUT, { sessionId: current }, { cookie: mine });
      expect(refused.status).toBe(409);
      expect(refused.body.error.code).toBe('sessionIsCurrent');
      const malformed = await server.post(SIGN_OUT, { sessionId: 'not-a-uuid' }, { cookie: mine });
      expect(malformed.status).toBe(400);
      expect((await server.get('/api/users/me', { cookie: mine })).status).toBe(200);
    });

    it("signs out all others: every other session of the user ends, the current one and other users' stay", async () => {
      const account = await createAccount(server);
      const stranger = await createAccount(server);
      const mine = await signedIn(account.loginId, FIREFOX_WINDOWS);
      const others = [await signedIn(account.loginId, SAFARI_IPHONE), await signedIn(account.loginId, CHROME_MAC)];
      const strangers = await signedIn(stranger.loginId, CHROME_MAC);
      const response = await server.post(SIGN_OUT_OTHERS, undefined, { cookie: mine });
      expect(response.status).toBe(200);
      expect(response.body.data).toEqual({ signedOut: 2 });
      for (const cookie of others) expect((await server.get('/api/users/me', { cookie })).status).toBe(401);
      expect((await server.get('/api/users/me', { cookie: mine })).status).toBe(200);
      expect((await server.get('/api/users/me', { cookie: strangers })).status).toBe(200);
      const listed = await server.get(SESSIONS, { cookie: mine });
      expect(listed.body.data.sessions).toHaveLength(1);
    });
  });

  describe('a browser signed out from elsewhere (issue 26, item 12)', () => {
    const ME = '/api/users/me';
    async function codeFor(cookie: string): Promise<string | undefined> {
      const response = await server.get(ME, { cookie });
      expect(response.status).toBe(401);
      return response.body.error.code as string | undefined;
    }

    it('is told sessionSignedOut after "sign out all others", for as many calls as it makes, and nothing is remembered about a live session', async () => {
      const account = await createAccount(server);
      const mine = await signedIn(account.loginId, FIREFOX_WINDOWS);
      const other = await signedIn(account.loginId, SAFARI_IPHONE);
      expect((await server.post(SIGN_OUT_OTHERS, undefined, { cookie: mine })).status).toBe(200);
      expect(await codeFor(other)).toBe('sessionSignedOut');
      expect(await codeFor(other)).toBe('sessionSignedOut');
      const ended = await server.db.selectFrom('ended_sessions').select(['id_hash', 'reason']).execute();
      const live = await server.db.selectFrom('sessions').select('id_hash').where('user_id', '=', account.id).execute();
      expect(ended.map((row) => row.reason)).toContain('signedOutElsewhere');
      for (const { id_hash } of live) expect(ended.map((row) => row.id_hash)).not.toContain(id_hash);
    });

    it('is told sessionSignedOut after a password change in another browser; that browser stays signed in', async () => {
      const account = await createAccount(server);
      const changer = await signedIn(account.loginId, FIREFOX_WINDOWS);
      const other = await signedIn(account.loginId, SAFARI_IPHONE);
      const changed = await server.post('/api/password/change', { currentPassword: PASSWORD, newPassword: NEW_PASSWORD, confirmNewPassword: NEW_PASSWORD }, { cookie: changer });
      expect(changed.status).toBe(200);
      expect(await codeFor(other)).toBe('sessionSignedOut');
      expect((await server.get(ME, { cookie: changed.cookie ?? '' })).status).toBe(200);
    });

    it('an expired session, its own logout and an unknown cookie stay unauthorized ("Session expired")', async () => {
      const account = await createAccount(server);
      const idle = await signedIn(account.loginId, FIREFOX_WINDOWS);
      server.clock.advance(2 * HOUR);
      expect(await codeFor(idle)).toBe('unauthorized');
      const leaving = await signedIn(account.loginId, SAFARI_IPHONE);
      expect((await server.post('/auth/logout', undefined, { cookie: leaving })).status).toBe(200);
      expect(await codeFor(leaving)).toBe('unauthorized');
      expect(await codeFor(`portal_session=${'A'.repeat(43)}`)).toBe('unauthorized');
    });
  });

  describe('the sign-in history', () => {
    it('shows a wrong password then a success, newest first, with how and the browser', async () => {
      const account = await createAccount(server);
      expect((await login(account.loginId, SAFARI_IPHONE, 'Wrong-Password-1')).status).toBe(401);
      server.clock.advance(1_000);
      const cookie = await signedIn(account.loginId, FIREFOX_WINDOWS);
      const response = await server.get(HISTORY, { cookie });
      expect(response.status).toBe(200);
      expect(response.body.data.days).toBe(90);
      expect(response.body.data.entries).toEqual([
        { at: expect.any(String), method: 'password', outcome: 'success', browser: 'Firefox 133', system: 'Windows 10' },
        { at: expect.any(String), method: 'password', outcome: 'wrongPassword', browser: 'Mobile Safari 17', system: 'iOS 17.5' },
      ]);
    });

    it('keeps the row of a refused attempt although the sign-in failed (its transaction commits before the refusal)', async () => {
      const account = await createAccount(server);
      for (let i = 0; i < 3; i++) expect((await login(account.loginId, CHROME_MAC, 'Wrong-Password-1')).status).toBe(401);
      const rows = await server.db.selectFrom('sign_in_history').select(['outcome', 'method']).where('user_id', '=', account.id).execute();
      expect(rows).toEqual(Array.from({ length: 3 }, () => ({ outcome: 'wrongPassword', method: 'password' })));
      expect(await server.db.selectFrom('sessions').select('user_id').where('user_id', '=', account.id).execute()).toEqual([]);
    });

    it('records throttled attempts as throttled, once a minute however many arrive', async () => {
      const account = await createAccount(server);
      const statuses: number[] = [];
      for (let i = 0; i < 9; i++) statuses.push((await login(account.loginId, CHROME_MAC, 'Wrong-Password-1')).status);
      expect(statuses.filter((status) => status === 429).length).toBeGreaterThan(1);
      const outcomes = async () =>
        (await server.db.selectFrom('sign_in_history').select('outcome').where('user_id', '=', account.id).execute()).map((row) => row.outcome);
      expect((await outcomes()).filter((outcome) => outcome === 'throttled')).toHaveLength(1);
      server.clock.advance(61_000);
      // The delay has run out: one more wrong password is evaluated, the next is throttled again and recorded.
      expect((await login(account.loginId, CHROME_MAC, 'Wrong-Password-1')).status).toBe(401);
      expect((await login(account.loginId, CHROME_MAC, 'Wrong-Password-1')).status).toBe(429);
      expect((await outcomes()).filter((outcome) => outcome === 'throttled')).toHaveLength(2);
    });

    it('writes a success row in the transaction of the session: when the session cannot be written, neither is the row', async () => {
      const account = await createAccount(server);
      await expect(
        server.db.transaction().execute(async (tx) => {
          await recordSignIn(tx, { userId: account.id, method: 'google', outcome: 'success', at: server.clock.now() });
          throw new Error('the session insert failed');
        }),
      ).rejects.toThrow('the session insert failed');
      expect(await server.db.selectFrom('sign_in_history').select('id').where('user_id', '=', account.id).execute()).toEqual([]);
    });

    it('records OTP sign-ins and wrong codes', async () => {
      const account = await createAccount(server);
      expect((await server.post('/auth/otp/send', { loginId: account.loginId })).status).toBe(200);
      const code = /\b(\d{6})\b/.exec((await emailsTo(server, account.email ?? ''))[0]?.text ?? '')?.[1] ?? '';
      const wrong = code === '000000' ? '111111' : '000000';
      expect((await server.post('/auth/otp/login', { loginId: account.loginId, code: wrong })).status).toBe(400);
      const ok = await server.post('/auth/otp/login', { loginId: account.loginId, code }, { headers: { 'user-agent': SAFARI_IPHONE } });
      expect(ok.status).toBe(200);
      const listed = await server.get(SESSIONS, { cookie: ok.cookie });
      expect(listed.body.data.sessions).toEqual([expect.objectContaining({ current: true, browser: 'Mobile Safari 17', system: 'iOS 17.5' })]);
      const rows = await server.db.selectFrom('sign_in_history').select(['method', 'outcome']).where('user_id', '=', account.id).orderBy('id').execute();
      expect(rows).toEqual([
        { method: 'otp', outcome: 'wrongCode' },
        { method: 'otp', outcome: 'success' },
      ]);
    });

    it('records QR sign-ins, with the browser on the session', async () => {
      const school = `SEC${Math.random().toString(36).slice(2, 8).toUpperCase()}`;
      await server.db.insertInto('schools').values({ code: school, name: 'Security School', allow_qr_login: true }).execute();
      const student = await createAccount(server, { category: 'STUDENT', schoolCode: school, email: null });
      const owner = await signedIn(student.loginId, CHROME_MAC);
      const refreshed = await server.post('/api/profile/qr-code/refresh', undefined, { cookie: owner });
      expect(refreshed.status).toBe(200);
      const qr = await server.post('/auth/qr-login', { code: refreshed.body.data.code }, { headers: { 'user-agent': SAFARI_IPHONE } });
      expect(qr.status).toBe(200);
      const listed = await server.get(SESSIONS, { cookie: qr.cookie });
      expect(listed.body.data.sessions[0]).toMatchObject({ current: true, browser: 'Mobile Safari 17' });
      const entries = (await server.get(HISTORY, { cookie: qr.cookie })).body.data.entries as Array<{ method: string; outcome: string }>;
      expect(entries.map((entry) => `${entry.method}:${entry.outcome}`)).toEqual(['qr:success', 'password:success']);
    });

    it('shows only the last 90 days, and the purge drops older rows', async () => {
      const account = await createAccount(server);
      const now = server.clock.now();
      await recordSignIn(server.db, { userId: account.id, method: 'qr', outcome: 'success', at: new Date(now.getTime() - 91 * 24 * HOUR) });
      await recordSignIn(server.db, { userId: account.id, method: 'qr', outcome: 'notAllowed', at: new Date(now.getTime() - 89 * 24 * HOUR) });
      const cookie = await signedIn(account.loginId, CHROME_MAC);
      const entries = (await server.get(HISTORY, { cookie })).body.data.entries as Array<{ outcome: string }>;
      expect(entries.map((entry) => entry.outcome)).toEqual(['success', 'notAllowed']);
      // recordSignIn at the sign-in dropped the account's 91-day-old row already.
      expect(await server.db.selectFrom('sign_in_history').select('id').where('user_id', '=', account.id).execute()).toHaveLength(2);
      server.clock.advance(2 * 24 * HOUR);
      await purgeSignInHistory(server.db, server.clock.now());
      const left = await server.db.selectFrom('sign_in_history').select('outcome').where('user_id', '=', account.id).execute();
      expect(left.map((row) => row.outcome)).toEqual(['success']);
    });
  });

  describe('security emails', () => {
    it('emails a sign-in from a browser not seen before, not one seen before, and not the very first sign-in', async () => {
      const account = await createAccount(server, { language: 'zh_hant' });
      const to = account.email ?? '';
      await signedIn(account.loginId, FIREFOX_WINDOWS);
      expect(await emailsTo(server, to)).toHaveLength(0);
      await signedIn(account.loginId, FIREFOX_WINDOWS.replace('133.0', '134.0'));
      expect(await emailsTo(server, to)).toHaveLength(0);
      await signedIn(account.loginId, SAFARI_IPHONE);
      const sent = await emailsTo(server, to);
      expect(sent).toHaveLength(1);
      expect(sent[0]?.subject).toBe('你的教育平台帳戶在新的瀏覽器登入');
      expect(sent[0]?.text).toContain('Mobile Safari 17');
      expect(sent[0]?.text).toContain('香港時間');
      expect(sent[0]?.text).toContain('如這不是你本人的操作');
      expect(sent[0]?.text).toContain('/zh_hant/profile/security');
    });

    it('emails a changed password in the account language, in the transaction of the change', async () => {
      const account = await createAccount(server, { language: 'zh_hans' });
      const cookie = await signedIn(account.loginId, CHROME_MAC);
      const response = await server.post('/api/password/change', { currentPassword: PASSWORD, newPassword: NEW_PASSWORD, confirmNewPassword: NEW_PASSWORD }, { cookie });
      expect(response.status).toBe(200);
      const sent = await emailsTo(server, account.email ?? '');
      expect(sent[0]?.subject).toBe('你的教育平台密码已更改');
      expect(sent[0]?.text).toContain('香港时间');
      expect(sent[0]?.text).toContain('/zh_hans/forget-password');
    });

    it('sends no password notice when the change is refused', async () => {
      const account = await createAccount(server);
      const cookie = await signedIn(account.loginId, CHROME_MAC);
      const response = await server.post('/api/password/change', { currentPassword: 'Wrong-Password-9', newPassword: NEW_PASSWORD, confirmNewPassword: NEW_PASSWORD }, { cookie });
      expect(response.status).toBe(400);
      expect(await emailsTo(server, account.email ?? '')).toHaveLength(0);
    });

    it('emails a reset password after the link is used', async () => {
      const account = await createAccount(server);
      expect((await server.post('/api/password/forgot', { by: 'email', email: account.email, lang: 'en' })).status).toBe(200);
      const token = tokenFromEmail((await emailsTo(server, account.email ?? ''))[0]);
      expect((await server.post('/api/password/reset', { token, newPassword: NEW_PASSWORD, confirmNewPassword: NEW_PASSWORD })).status).toBe(200);
      const sent = await emailsTo(server, account.email ?? '');
      expect(sent[0]?.subject).toBe('Your education platform password was reset');
      expect(sent[0]?.text).toContain('(Hong Kong time)');
      expect(sent[0]?.text).toContain('If this was not you');
    });

    it('emails the login address when the two-factor email is set, and records the two-factor sign-in', async () => {
      const account = await createAccount(server, { category: 'SCHOOL_ADMINISTRATOR' });
      const started = await login(account.loginId, CHROME_MAC);
      const mfaCookie = mfaCookieOf(started);
      if (!mfaCookie) throw new Error('no two-factor challenge');
      // The password alone is no sign-in: its row says the second step is not completed (issue 26)
      // and gives way to the two-factor success once it is.
      expect(await server.db.selectFrom('sign_in_history').select(['method', 'outcome']).where('user_id', '=', account.id).execute()).toEqual([
        { method: 'password', outcome: 'secondStepNotCompleted' },
      ]);
      const done = await completeSecondFactor(server, account.id, mfaCookie, `${account.loginId}.mfa@example.test`);
      expect(done.status).toBe(200);
      const notice = (await emailsTo(server, account.email ?? '')).find((email) => email.subject === 'Your two-factor email was changed');
      expect(notice?.text).toContain('(Hong Kong time)');
      expect(notice?.text).not.toContain(`${account.loginId}.mfa@`);
      const rows = await server.db.selectFrom('sign_in_history').select(['method', 'outcome']).where('user_id', '=', account.id).execute();
      expect(rows).toEqual([{ method: 'twoFactor', outcome: 'success' }]);
    });

    it('renders every kind, in each language, through the outbox with what to do if it was not them', async () => {
      for (const language of ['zh_hant', 'en', 'zh_hans'] as const) {
        const account = await createAccount(server, { language });
        const user = await securityEmailUser(server.db, account.id);
        if (!user) throw new Error('no account');
        for (const kind of SECURITY_EMAIL_KINDS) {
          await server.db.transaction().execute((tx) =>
            queueSecurityEmail(tx, user, kind, {
              at: server.clock.now(),
              supportEmail: 'help@portal.test',
              publicUrl: 'http://portal.test',
              provider: 'Google',
              newEmail: 'new.address@example.test',
              browser: 'Chrome 131',
              system: 'macOS 10.15.7',
            }),
          );
        }
        const sent = await emailsTo(server, account.email ?? '');
        expect(sent).toHaveLength(SECURITY_EMAIL_KINDS.length);
        for (const email of sent) {
          expect(email.text).toContain('help@portal.test');
          expect(email.text).toContain(`http://portal.test/${language}/profile/security`);
          expect(email.text).not.toContain('new.address@');
        }
        expect(new Set(sent.map((email) => email.subject)).size).toBe(SECURITY_EMAIL_KINDS.length);
      }
    });

    it('writes no notice when the transaction that queued it rolls back', async () => {
      const account = await createAccount(server);
      const user = await securityEmailUser(server.db, account.id);
      if (!user) throw new Error('no account');
      await expect(
        server.db.transaction().execute(async (tx) => {
          await queueSecurityEmail(tx, user, 'thirdPartyLinked', { at: server.clock.now(), supportEmail: 's@portal.test', publicUrl: 'http://portal.test', provider: 'Google' });
          throw new Error('the link was refused');
        }),
      ).rejects.toThrow('the link was refused');
      expect(await emailsTo(server, account.email ?? '')).toHaveLength(0);
    });
  });
});
