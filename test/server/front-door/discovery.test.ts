import { type KyselyPlugin } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HOLD_MAX_ATTEMPTS } from '../../../contract/index.ts';
import { DEVICE_COOKIE, issueDeviceToken } from '../../../server/domain/device-cookie.ts';
import { DISCOVERY_PER_GROUP, DISCOVERY_PER_TARGET, DISCOVERY_PER_TARGET_AND_GROUP } from '../../../server/domain/discovery.ts';
import { DomainError } from '../../../server/domain/errors.ts';
import { requestPasswordReset } from '../../../server/domain/password-reset.ts';
import { RefusalMemory } from '../../../server/domain/refusal-memory.ts';
import type { AccountSettings } from '../../../server/domain/settings.ts';
import { MINUTE, PASSWORD, TestClock, type TestResponse, type TestServer, createAccount, databases, openTestDatabase, signIn, useTestServer, tableCounts, uniqueLoginId } from '../support.ts';

/** The device cookie a response set (`portal_device=…`), or undefined. */
function deviceCookieOf(response: TestResponse): string | undefined {
  const match = new RegExp(`(?:^|,\\s*)${DEVICE_COOKIE}=([^;]*)`).exec(response.setCookie ?? '');
  return match?.[1] ? `${DEVICE_COOKIE}=${match[1]}` : undefined;
}

/** Every call that can tell whether a login or an email has an account, asked about `email` (and `loginId`). */
function discoveryCalls(server: TestServer, cookie: string, headers: Record<string, string> = {}) {
  return {
    'otpLogin.send': (email: string) => server.post('/auth/otp/send', { loginId: email }, { headers }),
    'password.forgot': (email: string) => server.post('/api/password/forgot', { by: 'email', email, lang: 'en' }, { headers }),
    'users.register': (email: string) =>
      server.post('/api/users/register', { loginId: uniqueLoginId('disc'), email, displayName: 'Chan Tai Man', acceptTerms: true, recaptcha: 'token', lang: 'en' }, { headers }),
    'staffRegistration.register': (email: string) =>
      server.post('/api/edb/register', { loginId: uniqueLoginId('disc'), email, enFullName: 'CHAN Tai Man', chFullName: '陳大文', acceptTerms: true, recaptcha: 'token', lang: 'en' }, { headers }),
    'emailChange.request (login)': (email: string) => server.post('/api/profile/email-change', { kind: 'login', email, lang: 'en' }, { cookie, headers }),
    'emailChange.request (contact)': (email: string) => server.post('/api/profile/email-change', { kind: 'contact', email, lang: 'en' }, { cookie, headers }),
    'upgrade.sendEmailCode (student)': (email: string) => server.post('/api/upgrades/email', { kind: 'studentMember', email }, { cookie, headers }),
    'upgrade.sendEmailCode (full)': (email: string) => server.post('/api/upgrades/email', { kind: 'fullMember', email }, { cookie, headers }),
    'mfaLogin.setup': (email: string) => server.post('/auth/mfa/email', { email }, { headers }),
  };
}

describe.each(databases)('Account discovery is rate limited on $name', ({ name }) => {
  const server = useTestServer(name, { env: { TRUST_PROXY: '1' } });

  it(`refuses an email asked about ${DISCOVERY_PER_TARGET.limit} times in an hour on every call that can tell it has an account, once the asking network has spent its own ${DISCOVERY_PER_TARGET_AND_GROUP.limit}`, async () => {
    const account = await createAccount(server);
    const cookie = await signIn(server, account.loginId);
    const flooder = { 'x-forwarded-for': '203.0.113.9' };
    const calls = discoveryCalls(server, cookie, flooder);
    const target = 'someone.else@example.test';
    const start = server.clock.now().getTime();
    for (let n = 0; n < DISCOVERY_PER_TARGET.limit; n++) {
      const answer = await server.post('/api/password/forgot', { by: 'email', email: target, lang: 'en' }, { headers: { 'x-forwarded-for': `203.0.113.${n + 10}` } });
      expect(answer.body.error?.code, `request ${n + 1}`).toBe('emailNotFound');
    }
    // The target is spent; the flooding network still has its own share, then is refused.
    for (let n = 0; n < DISCOVERY_PER_TARGET_AND_GROUP.limit; n++) {
      const answer = await server.post('/api/password/forgot', { by: 'email', email: target, lang: 'en' }, { headers: flooder });
      expect(answer.body.error?.code, `request ${n + 1} past the target's count`).toBe('emailNotFound');
    }
    // OTP send and forgot password, the owner's ways in, ask for the challenge instead of the wait
    // (owner-challenge.test.ts); the others say when to ask again.
    const challenging = new Set(['otpLogin.send', 'password.forgot']);
    for (const [call, ask] of Object.entries(calls)) {
      const before = await tableCounts(server.db);
      const refused = await ask(target.toUpperCase());
      if (challenging.has(call)) {
        expect([refused.status, refused.body.error?.code, refused.body.error?.holdUntil], call).toEqual([429, 'loginChallengeRequired', undefined]);
      } else {
        expect([refused.status, refused.body.error?.code], call).toEqual([429, 'tooManyRequests']);
        expect(refused.body.error.holdUntil, call).toBe(new Date(start + DISCOVERY_PER_TARGET.windowMs).toISOString());
      }
      expect(await tableCounts(server.db), call).toEqual(before);
    }
    // Other emails are still answered by the same calls.
    expect((await calls['password.forgot']('nobody.yet@example.test')).body.error.code).toBe('emailNotFound');
  });

  it('never locks the owner out: their known browser passes a flooded login uncounted, and their own network keeps its share', async () => {
    const account = await createAccount(server);
    const home = { 'x-forwarded-for': '192.0.2.44' };
    const signedIn = await server.post('/auth/login', { loginId: account.loginId, password: PASSWORD }, { headers: home });
    const device = deviceCookieOf(signedIn);
    expect(device).toBeDefined();
    // Someone floods the owner's login from one address until the login is spent, and that address's share too.
    const flood = { 'x-forwarded-for': '198.51.100.90' };
    for (let n = 0; n < DISCOVERY_PER_TARGET.limit + DISCOVERY_PER_TARGET_AND_GROUP.limit; n++) {
      const sent = await server.post('/auth/otp/send', { loginId: account.loginId }, { headers: flood });
      expect(sent.body.error?.code, `flood ${n + 1}`).not.toBe('tooManyRequests');
    }
    const refused = await server.post('/api/password/forgot', { by: 'loginId', loginId: account.loginId, lang: 'en' }, { headers: flood });
    expect([refused.status, refused.body.error?.code]).toEqual([429, 'loginChallengeRequired']);

    // The owner's known browser, behind the flooding address itself, passes (uncounted: that address has nothing left).
    for (let n = 0; n < 3; n++) {
      const forgot = await server.post('/api/password/forgot', { by: 'loginId', loginId: account.loginId.toUpperCase(), lang: 'en' }, { headers: flood, cookie: device });
      expect(forgot.status, `known browser, request ${n + 1}: ${forgot.text}`).toBe(200);
    }
    server.clock.advance(MINUTE + 1000);
    expect((await server.post('/auth/otp/send', { loginId: account.loginId }, { headers: flood, cookie: device })).status).toBe(200);
    // Forged device cookies and those of other accounts do not pass.
    const forged = `${DEVICE_COOKIE}=${issueDeviceToken('not-the-session-secret', account.id)}`;
    expect((await server.post('/api/password/forgot', { by: 'loginId', loginId: account.loginId, lang: 'en' }, { headers: flood, cookie: forged })).status).toBe(429);
    const other = await createAccount(server);
    const otherDevice = deviceCookieOf(await server.post('/auth/login', { loginId: other.loginId, password: PASSWORD }, { headers: flood }));
    expect(otherDevice).toBeDefined();
    const withOther = await server.post('/api/password/forgot', { by: 'loginId', loginId: account.loginId, lang: 'en' }, { headers: flood, cookie: otherDevice });
    expect([withOther.status, withOther.body.error?.code]).toEqual([429, 'loginChallengeRequired']);

    // An unknown browser on the owner's own network: its network's share of the spent login, then the challenge (never a wait).
    for (let n = 0; n < DISCOVERY_PER_TARGET_AND_GROUP.limit; n++) {
      const forgot = await server.post('/api/password/forgot', { by: 'loginId', loginId: account.loginId, lang: 'en' }, { headers: home });
      expect(forgot.status, `owner's network, request ${n + 1}: ${forgot.text}`).toBe(200);
    }
    const later = await server.post('/api/password/forgot', { by: 'loginId', loginId: account.loginId, lang: 'en' }, { headers: home });
    expect([later.status, later.body.error?.code]).toEqual([429, 'loginChallengeRequired']);
    const solved = await server.post('/api/password/forgot', { by: 'loginId', loginId: account.loginId, lang: 'en', recaptchaToken: 'solved' }, { headers: home });
    expect(solved.status, solved.text).toBe(200);
    // The known browser still passes from there.
    server.clock.advance(MINUTE + 1000);
    expect((await server.post('/auth/otp/send', { loginId: account.loginId }, { headers: home, cookie: device })).status).toBe(200);
  });

  it(`refuses an address group after ${DISCOVERY_PER_GROUP.limit} requests in ${DISCOVERY_PER_GROUP.windowMs / MINUTE} minutes across all those calls; other addresses go on`, async () => {
    const scanner = { headers: { 'x-forwarded-for': '203.0.113.200' } };
    for (let n = 0; n < DISCOVERY_PER_GROUP.limit; n++) {
      const call = n % 2 === 0 ? '/api/password/forgot' : '/auth/otp/send';
      const body = n % 2 === 0 ? { by: 'loginId', loginId: `scan_${n}`, lang: 'en' } : { loginId: `scan_${n}` };
      const answer = await server.post(call, body, scanner);
      expect(answer.status, `request ${n + 1}: ${answer.text}`).toBe(404);
    }
    const registration = { loginId: uniqueLoginId('scan'), email: 'scan@example.test', displayName: 'Scanner', acceptTerms: true, recaptcha: 'token', lang: 'en' };
    const refused = await server.post('/api/users/register', registration, scanner);
    expect([refused.status, refused.body.error.code]).toEqual([429, 'tooManyRequests']);
    expect((await server.post('/api/users/register', registration, { headers: { 'x-forwarded-for': '203.0.113.201' } })).status).toBe(200);
    server.clock.advance(DISCOVERY_PER_GROUP.windowMs);
    expect((await server.post('/api/password/forgot', { by: 'loginId', loginId: 'scan_again', lang: 'en' }, scanner)).body.error.code).toBe('loginIdNotFound');
  });
});

describe.each(databases)('A held forgot-password request is answered from memory on $name', ({ name }) => {
  const clock = new TestClock();
  const settings: AccountSettings = {
    policy: { minLength: 8, complexity: 3 },
    publicUrl: 'http://portal.test',
    supportEmail: 'support@portal.test',
    sessionSecret: 'test-secret-for-forgot-0123456789',
  };
  let close: () => Promise<void>;
  let database: Awaited<ReturnType<typeof openTestDatabase>>['database'];
  beforeAll(async () => {
    const opened = await openTestDatabase(name);
    database = opened.database;
    close = opened.drop;
  });
  afterAll(async () => {
    await close();
  });

  it('sends no statement to the database once this app has seen the hold; another app asks the database', async () => {
    const account = await createAccount({ db: database.db, clock });
    const memory = new RefusalMemory();
    const ask = (db = database.db, options = { memory }) =>
      requestPasswordReset(db, { by: 'loginId', loginId: account.loginId, lang: 'en' }, settings, clock.now(), options).then(
        () => 'ok',
        (error: unknown) => (error instanceof DomainError ? error.code : Promise.reject(error)),
      );
    for (let n = 0; n < HOLD_MAX_ATTEMPTS; n++) expect(await ask()).toBe('ok');
    expect(await ask()).toBe('held');

    let statements = 0;
    const plugin: KyselyPlugin = {
      transformQuery: ({ node }) => {
        statements++;
        return node;
      },
      transformResult: async ({ result }) => result,
    };
    expect(await ask(database.db.withPlugin(plugin))).toBe('held');
    expect(statements).toBe(0);
    expect(await ask(database.db, { memory: new RefusalMemory() })).toBe('held');
  });
});
