import { describe, expect, it } from 'vitest';
import { HOLD_MAX_ATTEMPTS } from '../../../contract/index.ts';
import type { Db } from '../../../server/db/schema.ts';
import { OTP_HOLD_KIND, OTP_SENDS_PER_DAY, loginWithOtp, sendOtp } from '../../../server/domain/otp-login.ts';
import { listOutbox } from '../../../server/mail/outbox.ts';
import { deviceCookieOf, logInto, OTP_SETTINGS, outcome, rowCounts, sentCode, statementCounter, suiteDatabase, wrongCode } from '../code-support.ts';
import { HOUR, MINUTE, PASSWORD, TestClock, createAccount, databases, useTestServer } from '../support.ts';

/** Every table an OTP call could change. */
const counts = (db: Db) => rowCounts(db, ['users', 'sessions', 'otp_codes', 'outbox', 'holds']);

describe.each(databases)('OTP login over HTTP on $name', ({ name }) => {
  const lines: string[] = [];
  const server = useTestServer(name, { log: logInto(lines) });

  const send = (loginId: string) => server.post('/auth/otp/send', { loginId });
  const login = (loginId: string, code: string, cookie?: string) => server.post('/auth/otp/login', { loginId, code }, { cookie });

  it('emails a six-digit code in the account language, stores only its HMAC, and signs in with it', async () => {
    const account = await createAccount(server, { language: 'zh_hant' });
    const sent = await send(account.loginId);
    expect(sent.status, sent.text).toBe(200);
    const now = server.clock.now().getTime();
    expect(sent.body).toEqual({ data: { expiresAt: new Date(now + 10 * MINUTE).toISOString(), resendAt: new Date(now + MINUTE).toISOString() } });
    const [email, ...more] = await listOutbox(server.db, { to: account.email ?? '' });
    expect(more).toEqual([]);
    expect(email?.subject).toBe('你的教育平台一次性密碼');
    expect(email?.text).toContain('10 分鐘內有效');
    const code = await sentCode(server.db, account.email ?? '');
    const row = await server.db.selectFrom('otp_codes').selectAll().where('user_id', '=', account.id).executeTakeFirstOrThrow();
    expect(row.code_hash).not.toContain(code);
    expect(row.code_hash).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const signedIn = await login(account.loginId, code);
    expect(signedIn.status, signedIn.text).toBe(200);
    expect(signedIn.body.data).toMatchObject({ userId: account.id, loginId: account.loginId });
    expect(signedIn.cookie).toMatch(/^portal_session=/);
    const me = await server.get('/api/users/me', { cookie: signedIn.cookie });
    expect(me.body.data.loginId).toBe(account.loginId);
  });

  it('finds the account by its login email too, and writes English and Simplified Chinese emails', async () => {
    for (const [language, text] of [
      ['en', 'Your one-time password is:'],
      ['zh_hans', '你的一次性密码是'],
    ] as const) {
      const account = await createAccount(server, { language });
      expect((await send((account.email ?? '').toUpperCase())).status).toBe(200);
      const [email] = await listOutbox(server.db, { to: account.email ?? '' });
      expect(email?.text).toContain(text);
      const code = await sentCode(server.db, account.email ?? '');
      expect((await login(account.email ?? '', code)).status).toBe(200);
    }
  });

  it('rotates the session the request came with', async () => {
    const account = await createAccount(server);
    const first = await server.post('/auth/login', { loginId: account.loginId, password: PASSWORD });
    await send(account.loginId);
    const signedIn = await login(account.loginId, await sentCode(server.db, account.email ?? ''), first.cookie);
    expect(signedIn.status).toBe(200);
    expect(signedIn.cookie).not.toBe(first.cookie);
    expect((await server.get('/api/users/me', { cookie: first.cookie })).status).toBe(401);
  });

  it('uses a code once', async () => {
    const account = await createAccount(server);
    await send(account.loginId);
    const code = await sentCode(server.db, account.email ?? '');
    expect((await login(account.loginId, code)).status).toBe(200);
    const again = await login(account.loginId, code);
    expect([again.status, again.body.error.code]).toEqual([404, 'codeNotFound']);
  });

  it('answers codeWrong, codeNotFound (nothing sent) and codeExpired (after 10 minutes)', async () => {
    const account = await createAccount(server);
    const none = await login(account.loginId, '123456');
    expect([none.status, none.body.error.code]).toEqual([404, 'codeNotFound']);
    await send(account.loginId);
    const code = await sentCode(server.db, account.email ?? '');
    const wrong = await login(account.loginId, wrongCode(code));
    expect([wrong.status, wrong.body.error.code]).toEqual([400, 'codeWrong']);
    server.clock.advance(10 * MINUTE - 1);
    expect((await login(account.loginId, wrongCode(code))).body.error.code).toBe('codeWrong');
    server.clock.advance(1);
    const expired = await login(account.loginId, code);
    expect([expired.status, expired.body.error.code]).toEqual([410, 'codeExpired']);
  });

  it('refuses a resend before a minute has passed, then replaces the code', async () => {
    const account = await createAccount(server);
    await send(account.loginId);
    const first = await sentCode(server.db, account.email ?? '');
    server.clock.advance(MINUTE - 1);
    const early = await send(account.loginId);
    expect([early.status, early.body.error.code]).toEqual([429, 'codeResendTooSoon']);
    expect(early.body.error.holdUntil).toBe(new Date(server.clock.now().getTime() + 1).toISOString());
    expect(await listOutbox(server.db, { to: account.email ?? '' })).toHaveLength(1);
    server.clock.advance(1);
    expect((await send(account.loginId)).status).toBe(200);
    const second = await sentCode(server.db, account.email ?? '');
    if (second !== first) expect((await login(account.loginId, first)).body.error.code).toBe('codeWrong');
    expect((await login(account.loginId, second)).status).toBe(200);
  });

  it('lets only one of parallel sends through', async () => {
    const account = await createAccount(server);
    const results = await Promise.all(Array.from({ length: 8 }, () => send(account.loginId)));
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(results.filter((r) => r.status !== 200).every((r) => r.body.error.code === 'codeResendTooSoon')).toBe(true);
    expect(await listOutbox(server.db, { to: account.email ?? '' })).toHaveLength(1);
  });

  it('does not reset the wrong-code count with a new code: the 6th wrong code holds a known browser, with the advice to use the password', async () => {
    const account = await createAccount(server);
    // A browser the account knows (a password sign-in gave it a device cookie) is held and told to wait; an
    // unknown one is asked for the challenge instead (otp-keys.test.ts).
    const device = deviceCookieOf((await server.post('/auth/login', { loginId: account.loginId, password: PASSWORD })).setCookie);
    expect(device).toBeDefined();
    const send = (loginId: string) => server.post('/auth/otp/send', { loginId }, { cookie: device });
    const login = (loginId: string, code: string) => server.post('/auth/otp/login', { loginId, code }, { cookie: device });
    for (let n = 1; n <= HOLD_MAX_ATTEMPTS; n++) {
      expect((await send(account.loginId)).status).toBe(200);
      const code = await sentCode(server.db, account.email ?? '');
      expect((await login(account.loginId, wrongCode(code))).body.error.code, `wrong code ${n}`).toBe('codeWrong');
      server.clock.advance(MINUTE);
    }
    await send(account.loginId);
    const code = await sentCode(server.db, account.email ?? '');
    const held = await login(account.loginId, wrongCode(code));
    expect([held.status, held.body.error.code]).toEqual([429, 'otpHeld']);
    expect(held.body.error.holdUntil).toBe(new Date(server.clock.now().getTime() + 24 * HOUR).toISOString());
    expect(held.body.error.message).toContain('password');
    // Held: even the right code is refused, and no new code is sent.
    expect((await login(account.loginId, code)).body.error.code).toBe('otpHeld');
    server.clock.advance(MINUTE);
    const before = await counts(server.db);
    expect((await send(account.loginId)).body.error.code).toBe('otpHeld');
    expect(await counts(server.db)).toEqual(before);
    // The password still signs in (the OTP hold is its own).
    expect((await server.post('/auth/login', { loginId: account.loginId, password: PASSWORD })).status).toBe(200);
    // After 24 hours codes work again.
    server.clock.advance(24 * HOUR);
    expect((await send(account.loginId)).status).toBe(200);
    expect((await login(account.loginId, await sentCode(server.db, account.email ?? ''))).status).toBe(200);
  });

  it('sends one address at most OTP_SENDS_PER_DAY codes for an account in 24 hours, then the challenge with nothing sent', async () => {
    const account = await createAccount(server);
    for (let n = 0; n < OTP_SENDS_PER_DAY; n++) {
      expect((await send(account.loginId)).status).toBe(200);
      server.clock.advance(MINUTE);
    }
    const before = await counts(server.db);
    const refused = await send(account.loginId);
    expect([refused.status, refused.body.error.code]).toEqual([429, 'loginChallengeRequired']);
    expect(await counts(server.db)).toEqual(before);
    expect((await login(account.loginId, await sentCode(server.db, account.email ?? ''))).status).toBe(200);
  });

  it('refuses to send to unknown logins, accounts without email and inactive accounts, and answers their codes codeNotFound', async () => {
    const noEmail = await createAccount(server, { category: 'STUDENT', email: null });
    const pending = await createAccount(server, { status: 'pending' });
    const before = await counts(server.db);
    const cases: [string, number, string][] = [
      ['nobody_here', 404, 'otpUnknownLogin'],
      ['nobody@example.test', 404, 'otpUnknownLogin'],
      [noEmail.loginId, 409, 'otpNoEmail'],
      [pending.loginId, 403, 'accountInactive'],
    ];
    for (const [loginId, status, code] of cases) {
      const sent = await send(loginId);
      expect([sent.status, sent.body.error.code], loginId).toEqual([status, code]);
      // Using a code says nothing about the account: no code was sent to any of them.
      const used = await login(loginId, '123456');
      expect([used.status, used.body.error.code], loginId).toEqual([404, 'codeNotFound']);
    }
    expect(await counts(server.db)).toEqual({ ...before, holds: (before.holds ?? 0) + cases.length });
  });

  it('sends a school administrator a code like anyone, and answers otpSchoolAdmin only to the right code, with no session', async () => {
    const admin = await createAccount(server, { category: 'SCHOOL_ADMINISTRATOR' });
    const sent = await send(admin.email ?? '');
    expect(sent.status, sent.text).toBe(200);
    const code = await sentCode(server.db, admin.email ?? '');
    const wrong = await login(admin.loginId, wrongCode(code));
    expect([wrong.status, wrong.body.error.code]).toEqual([400, 'codeWrong']);
    const right = await login(admin.loginId, code);
    expect([right.status, right.body.error.code]).toEqual([403, 'otpSchoolAdmin']);
    expect(right.cookie).toBeUndefined();
    expect(right.setCookie ?? '').not.toContain('portal_device=');
    const sessions = await server.db.selectFrom('sessions').select('user_id').where('user_id', '=', admin.id).execute();
    expect(sessions).toEqual([]);
    // The proven code is spent: it cannot be tried again.
    expect((await login(admin.loginId, code)).body.error.code).toBe('codeNotFound');
  });

  it('refuses malformed requests with invalidPayload', async () => {
    for (const [path, body] of [
      ['/auth/otp/send', {}],
      ['/auth/otp/send', { loginId: 'x'.repeat(5_000) }],
      ['/auth/otp/login', { loginId: 'someone', code: '12345' }],
      ['/auth/otp/login', { loginId: 'someone', code: 123456 }],
      ['/auth/otp/login', { loginId: '', code: '123456' }],
    ] as const) {
      const response = await server.post(path, body);
      expect([response.status, response.body.error?.code], JSON.stringify(body).slice(0, 60)).toEqual([400, 'invalidPayload']);
    }
  });

  it('never writes a code into the logs', async () => {
    const account = await createAccount(server);
    await send(account.loginId);
    const code = await sentCode(server.db, account.email ?? '');
    await login(account.loginId, wrongCode(code));
    await login(account.loginId, code);
    expect(lines.join('\n')).not.toContain(code);
    expect(lines.filter((line) => line.includes('refusal not declared'))).toEqual([]);
  });
});

/** Counts the statements that judge a code: the read of the account's otp_codes row. */
const evaluationCounter = () => statementCounter(/^select .* from "otp_codes"/);

describe.each(databases)('OTP holds and single use on $name', ({ name }) => {
  const database = suiteDatabase(name);
  const clock = new TestClock();
  const settings = OTP_SETTINGS;

  it('evaluates at most six of 50 parallel wrong codes, and holds the account after the 6th', async () => {
    const account = await createAccount({ db: database.db, clock });
    await sendOtp(database.db, { loginId: account.loginId }, settings, clock.now());
    const code = await sentCode(database.db, account.email ?? '');
    const counter = evaluationCounter();
    const db = database.db.withPlugin(counter.plugin);
    const results = await Promise.all(Array.from({ length: 50 }, () => outcome(loginWithOtp(db, { loginId: account.loginId, code: wrongCode(code) }, settings, clock.now()))));
    expect(counter.count).toBeLessThanOrEqual(HOLD_MAX_ATTEMPTS + 1);
    expect(results.filter((r) => r === 'codeWrong').length).toBeLessThanOrEqual(HOLD_MAX_ATTEMPTS);
    // Those not judged are refused: once the sixth wrong code is counted the key is held (this unknown browser is asked
    // for the challenge), and asked to wait while it was still being judged.
    const refused = (r: string) => r === 'loginChallengeRequired' || r === 'tooManyRequests';
    expect(results.filter((r) => r !== 'codeWrong').every(refused)).toBe(true);
    expect(results.filter(refused).length).toBeGreaterThanOrEqual(50 - HOLD_MAX_ATTEMPTS);
    expect(results).toContain('loginChallengeRequired');
    const hold = await database.db.selectFrom('holds').selectAll().where('subject', '=', `${account.id}|a:unknown`).where('kind', '=', OTP_HOLD_KIND).executeTakeFirstOrThrow();
    expect(hold.held_until?.getTime()).toBe(clock.now().getTime() + 24 * HOUR);
    expect(await outcome(loginWithOtp(database.db, { loginId: account.loginId, code }, settings, clock.now()))).toBe('loginChallengeRequired');
  });

  for (const parallel of [10, 20]) {
    it(`signs in once with one right code used ${parallel} times in parallel, and leaves no hold`, async () => {
      const account = await createAccount({ db: database.db, clock });
      await sendOtp(database.db, { loginId: account.loginId }, settings, clock.now());
      const code = await sentCode(database.db, account.email ?? '');
      const results = await Promise.all(Array.from({ length: parallel }, () => outcome(loginWithOtp(database.db, { loginId: account.loginId, code }, settings, clock.now()))));
      expect(results.filter((r) => r === 'ok')).toHaveLength(1);
      expect(results.filter((r) => r !== 'ok').every((r) => r === 'codeNotFound' || r === 'tooManyRequests'), results.join()).toBe(true);
      const sessions = await database.db.selectFrom('sessions').select('user_id').where('user_id', '=', account.id).execute();
      expect(sessions).toHaveLength(1);
      const holds = await database.db.selectFrom('holds').selectAll().where('kind', '=', OTP_HOLD_KIND).where('subject', 'like', `${account.id}|%`).execute();
      expect(holds.filter((row) => row.held_until !== null)).toEqual([]);
      // The owner signs in again with a new code, after any number of right codes.
      clock.advance(MINUTE);
      await sendOtp(database.db, { loginId: account.loginId }, settings, clock.now());
      const next = await sentCode(database.db, account.email ?? '');
      expect(await outcome(loginWithOtp(database.db, { loginId: account.loginId, code: next }, settings, clock.now()))).toBe('ok');
    });
  }
});
