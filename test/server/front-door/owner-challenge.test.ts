import { afterEach, describe, expect, it, vi } from 'vitest';
import { HOLD_MAX_ATTEMPTS } from '../../../contract/index.ts';
import { DEVICE_COOKIE } from '../../../server/domain/device-cookie.ts';
import {
  DISCOVERY_CHALLENGED_PER_TARGET_AND_GROUP,
  DISCOVERY_GROUP_KIND,
  DISCOVERY_PER_GROUP,
  DISCOVERY_PER_TARGET,
  DISCOVERY_PER_TARGET_AND_GROUP,
} from '../../../server/domain/discovery.ts';
import { OTP_SENDS_PER_DAY } from '../../../server/domain/otp-login.ts';
import { listOutbox } from '../../../server/mail/outbox.ts';
import { sentCode } from '../code-support.ts';
import { MINUTE, PASSWORD, startTestServer, type TestResponse, type TestServer, createAccount, databases, useTestServer } from '../support.ts';

/**
 * The owner is never locked out of OTP sign-in or forgot password by a flood on their login from
 * their own network (issue 21 item 3, docs/decisions/holds.md "The challenge"): past the login's
 * count and the network's share of it, these calls ask for the reCAPTCHA challenge the password
 * login uses instead of a wait; a solved one passes, counted and bounded per network.
 */

/** The device cookie a response set (`portal_device=…`), or undefined. */
function deviceCookieOf(response: TestResponse): string | undefined {
  const match = new RegExp(`(?:^|,\\s*)${DEVICE_COOKIE}=([^;]*)`).exec(response.setCookie ?? '');
  return match?.[1] ? `${DEVICE_COOKIE}=${match[1]}` : undefined;
}

/** Statements sent to the database from now on. */
function countQueries(server: TestServer) {
  return vi.spyOn(server.db.getExecutor(), 'provideConnection');
}

const FLOOD = { 'x-forwarded-for': '198.51.100.77' };
/** Requests about one login from one network that spend the login's count and that network's share. */
const SPENDING = DISCOVERY_PER_TARGET.limit + DISCOVERY_PER_TARGET_AND_GROUP.limit;
/** Each spec sends some forty requests: on PGlite under a loaded machine that takes longer than the default. */
const SLOW = 120_000;

describe.each(databases)('The owner passes a flooded login with the challenge on $name', ({ name }) => {
  const server = useTestServer(name, { env: { TRUST_PROXY: '1' } });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  const otpSend = (loginId: string, extra: { recaptchaToken?: string; cookie?: string | undefined; headers?: Record<string, string> } = {}, on: TestServer = server) =>
    on.post('/auth/otp/send', { loginId, ...(extra.recaptchaToken ? { recaptchaToken: extra.recaptchaToken } : {}) }, { headers: extra.headers ?? FLOOD, ...(extra.cookie ? { cookie: extra.cookie } : {}) });
  const forgot = (loginId: string, extra: { recaptchaToken?: string; cookie?: string | undefined; headers?: Record<string, string> } = {}, on: TestServer = server) =>
    on.post(
      '/api/password/forgot',
      { by: 'loginId', loginId, lang: 'en', ...(extra.recaptchaToken ? { recaptchaToken: extra.recaptchaToken } : {}) },
      { headers: extra.headers ?? FLOOD, ...(extra.cookie ? { cookie: extra.cookie } : {}) },
    );

  it('OTP: an unknown browser behind the flooding network is asked for the challenge, and a solved one sends the code that signs in', async () => {
    const account = await createAccount(server);
    // A flood of OTP sends for the owner's login from one network, a minute apart so codes are
    // really sent: the network's day of codes for the account, the login's count and the network's share are spent.
    const answers: string[] = [];
    for (let n = 0; n < SPENDING; n++) {
      answers.push((await otpSend(account.loginId)).body.error?.code ?? 'sent');
      server.clock.advance(MINUTE + 1000);
    }
    expect(answers.filter((code) => code === 'sent')).toHaveLength(OTP_SENDS_PER_DAY);
    // Past the network's day of codes for this account: the challenge as well, not a day's wait.
    expect(answers.slice(OTP_SENDS_PER_DAY)).toEqual(Array(SPENDING - OTP_SENDS_PER_DAY).fill('loginChallengeRequired'));

    // The flooder without a token: the challenge, answered from memory (no statement at all).
    const first = await otpSend(account.loginId);
    expect([first.status, first.body.error?.code]).toEqual([429, 'loginChallengeRequired']);
    const queries = countQueries(server);
    for (let n = 0; n < 5; n++) expect((await otpSend(account.loginId.toUpperCase())).body.error?.code).toBe('loginChallengeRequired');
    expect(queries).not.toHaveBeenCalled();
    vi.restoreAllMocks();

    // A token the verifier refuses is no pass (another app on the same database, whose verifier says no).
    const refusing = await startTestServer(name, { env: { TRUST_PROXY: '1' }, database: server.database, recaptcha: async () => false });
    refusing.clock.ms = server.clock.ms;
    expect((await otpSend(account.loginId, { recaptchaToken: 'a-bot' }, refusing)).body.error?.code).toBe('loginChallengeRequired');

    // The owner on a browser the account does not know, behind the same network: solves the widget,
    // is sent a code (past the network's spent day of codes too), and signs in with it.
    const before = (await listOutbox(server.db, { to: account.email ?? '' })).length;
    const passed = await otpSend(account.loginId, { recaptchaToken: 'solved-by-the-owner' });
    expect([passed.status, passed.text]).toEqual([200, expect.stringContaining('resendAt')]);
    expect(await listOutbox(server.db, { to: account.email ?? '' })).toHaveLength(before + 1);
    const signedIn = await server.post('/auth/otp/login', { loginId: account.loginId, code: await sentCode(server.db, account.email ?? '') }, { headers: FLOOD });
    expect([signedIn.status, signedIn.text]).toEqual([200, expect.stringContaining(`"${account.loginId}"`)]);
    expect(deviceCookieOf(signedIn)).toBeDefined();
  }, SLOW);

  it('OTP: the challenge is bounded per network, the network’s own limit stays, and a known browser still passes without it', async () => {
    const account = await createAccount(server);
    const home = { 'x-forwarded-for': '192.0.2.61' };
    const device = deviceCookieOf(await server.post('/auth/login', { loginId: account.loginId, password: PASSWORD }, { headers: home }));
    expect(device).toBeDefined();
    for (let n = 0; n < SPENDING; n++) await otpSend(account.loginId);
    expect((await otpSend(account.loginId)).body.error?.code).toBe('loginChallengeRequired');

    // Each solved challenge is counted: DISCOVERY_CHALLENGED_PER_TARGET_AND_GROUP an hour from this network, then the wait.
    const start = server.clock.now().getTime();
    for (let n = 0; n < DISCOVERY_CHALLENGED_PER_TARGET_AND_GROUP.limit; n++) {
      const answer = await otpSend(account.loginId, { recaptchaToken: `solved-${n}` });
      expect(answer.body.error?.code ?? 'sent', `challenged request ${n + 1}`).not.toMatch(/tooManyRequests|loginChallengeRequired/);
    }
    const spent = await otpSend(account.loginId, { recaptchaToken: 'one-more' });
    expect([spent.status, spent.body.error?.code]).toEqual([429, 'tooManyRequests']);
    expect(spent.body.error.holdUntil).toBe(new Date(start + DISCOVERY_CHALLENGED_PER_TARGET_AND_GROUP.windowMs).toISOString());

    // The owner's known browser behind the flooding network: no challenge, no count.
    server.clock.advance(MINUTE + 1000);
    expect((await otpSend(account.loginId, { cookie: device })).status).toBe(200);

    // Another network past its own limit of discovery requests: no challenge passes that.
    const scanner = { 'x-forwarded-for': '203.0.113.240' };
    await server.db
      .insertInto('holds')
      .values({ subject: '203.0.113.240', kind: DISCOVERY_GROUP_KIND, attempts: DISCOVERY_PER_GROUP.limit, window_started_at: server.clock.now(), held_until: null })
      .execute();
    const scanned = await otpSend(account.loginId, { recaptchaToken: 'solved', headers: scanner });
    expect([scanned.status, scanned.body.error?.code]).toEqual([429, 'tooManyRequests']);
  }, SLOW);

  it('Forgot password: the flooding network’s hold and spent share ask for the challenge; a solved one sends the link; a known browser passes without it', async () => {
    const account = await createAccount(server);
    const home = { 'x-forwarded-for': '192.0.2.62' };
    const device = deviceCookieOf(await server.post('/auth/login', { loginId: account.loginId, password: PASSWORD }, { headers: home }));
    expect(device).toBeDefined();
    const answers: string[] = [];
    for (let n = 0; n < SPENDING; n++) answers.push((await forgot(account.loginId)).body.error?.code ?? 'sent');
    // Five links, then the network's hold on this account: from now on the challenge, not a wait.
    expect(answers.slice(0, HOLD_MAX_ATTEMPTS)).toEqual(Array(HOLD_MAX_ATTEMPTS).fill('sent'));
    expect(new Set(answers.slice(HOLD_MAX_ATTEMPTS))).toEqual(new Set(['loginChallengeRequired']));

    // The first refusal past the network's share is the database's; the next ones are memory's.
    expect((await forgot(account.loginId)).body.error?.code).toBe('loginChallengeRequired');
    const queries = countQueries(server);
    for (let n = 0; n < 5; n++) {
      const refused = await forgot(account.loginId);
      expect([refused.status, refused.body.error?.code]).toEqual([429, 'loginChallengeRequired']);
    }
    expect(queries).not.toHaveBeenCalled();
    vi.restoreAllMocks();

    const before = (await listOutbox(server.db, { to: account.email ?? '' })).length;
    const passed = await forgot(account.loginId, { recaptchaToken: 'solved-by-the-owner' });
    expect([passed.status, passed.text]).toEqual([200, expect.stringContaining('maskedEmail')]);
    expect(await listOutbox(server.db, { to: account.email ?? '' })).toHaveLength(before + 1);

    // The owner's known browser behind the flooding network: neither the discovery limit nor the network's hold.
    const known = await forgot(account.loginId, { cookie: device });
    expect([known.status, known.text]).toEqual([200, expect.stringContaining('maskedEmail')]);
  }, SLOW);
});
