import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEVICE_COOKIE, issueDeviceToken } from '../../../server/domain/device-cookie.ts';
import { ACCOUNT_BUDGET, ADDRESS_FLOOD_FAILURES, FLOODING_LANE_DEPTH, FREE_ATTEMPTS } from '../../../server/domain/login-throttle.ts';
import { passwordPool } from '../../../server/domain/passwords.ts';
import { RefusalMemory } from '../../../server/domain/refusal-memory.ts';
import { PASSWORD, type TestResponse, type TestServer, completeSecondFactor, createAccount, databases, mfaCookieOf, startTestServer, uniqueLoginId, useTestServer } from '../support.ts';

const WRONG = 'Wrong-Password-1';
let addressCounter = 0;
/** A client address no other test uses (documentation range 192.0.2.0/24, then 198.18.0.0/15). */
const newAddress = () => {
  addressCounter++;
  return addressCounter < 250 ? `192.0.2.${addressCounter}` : `198.18.${Math.floor(addressCounter / 250)}.${addressCounter % 250}`;
};

/** The device cookie a response set (`portal_device=…`), or undefined. */
function deviceCookieOf(response: TestResponse): string | undefined {
  const match = new RegExp(`(?:^|,\\s*)${DEVICE_COOKIE}=([^;]*)`).exec(response.setCookie ?? '');
  return match?.[1] ? `${DEVICE_COOKIE}=${match[1]}` : undefined;
}

/** Counts every statement an app runs on its database (each one asks the executor for a connection). */
function countQueries(server: TestServer) {
  return vi.spyOn(server.db.getExecutor(), 'provideConnection');
}

describe.each(databases)('password guessing on $name', ({ name }) => {
  const server = useTestServer(name, { env: { TRUST_PROXY: '1' } });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  const login = (body: Record<string, unknown>, address: string, cookie?: string, on: TestServer = server): Promise<TestResponse> =>
    on.post('/auth/login', body, { headers: { 'x-forwarded-for': `10.9.9.9, ${address}` }, ...(cookie ? { cookie } : {}) });
  const historyRows = async (userId: string) =>
    (await server.db.selectFrom('sign_in_history').select('outcome').where('user_id', '=', userId).execute()).map((row) => row.outcome);

  it('answers a repeated refusal from the app’s memory: no statement, no history row; another app asks the database, which refuses too', async () => {
    const account = await createAccount(server);
    const address = newAddress();
    for (let i = 0; i < FREE_ATTEMPTS; i++) await login({ loginId: account.loginId, password: WRONG }, address);
    // The database decides the first refusal (and writes its history row); the app remembers it.
    expect((await login({ loginId: account.loginId, password: WRONG }, address)).body.error.code).toBe('loginThrottled');
    const rows = await historyRows(account.id);
    expect(rows.filter((outcome) => outcome === 'throttled')).toHaveLength(1);

    const queries = countQueries(server);
    const verify = vi.spyOn(passwordPool(), 'verify');
    for (let i = 0; i < 5; i++) {
      const refused = await login({ loginId: account.loginId.toUpperCase(), password: PASSWORD }, address);
      expect(refused.status).toBe(429);
      expect(refused.body.error).toEqual({ code: 'loginThrottled', message: expect.any(String), holdUntil: new Date(server.clock.ms + 1_000).toISOString() });
    }
    expect(queries).not.toHaveBeenCalled();
    expect(verify).not.toHaveBeenCalled();
    queries.mockRestore();
    expect(await historyRows(account.id)).toEqual(rows);

    // A second app on the same database has not seen the refusal: it asks the database, which knows.
    const other = await startTestServer(name, { env: { TRUST_PROXY: '1' }, database: server.database });
    other.clock.ms = server.clock.ms;
    const otherQueries = countQueries(other);
    expect((await login({ loginId: account.loginId, password: PASSWORD }, address, undefined, other)).body.error.code).toBe('loginThrottled');
    expect(otherQueries).toHaveBeenCalled();
    // Once the delay is over, the memory no longer refuses: the right password signs in.
    server.clock.advance(1_000);
    expect((await login({ loginId: account.loginId, password: PASSWORD }, address)).status).toBe(200);
  });

  it('answers made-up device cookies from memory like no cookie: a new fake token per attempt finds the same refusal', async () => {
    const account = await createAccount(server);
    const address = newAddress();
    for (let i = 0; i <= FREE_ATTEMPTS; i++) await login({ loginId: account.loginId, password: WRONG }, address);
    const queries = countQueries(server);
    for (let i = 0; i < 5; i++) {
      // Well-formed, but signed with another secret: each one a new device id if it were believed.
      const fake = `${DEVICE_COOKIE}=${issueDeviceToken(`not-the-secret-${i}`, account.id)}`;
      expect((await login({ loginId: account.loginId, password: WRONG }, address, fake)).body.error.code).toBe('loginThrottled');
    }
    expect(queries).not.toHaveBeenCalled();
  });

  it('counts IPv6 addresses by their /64, also when forwarded by a trusted proxy', async () => {
    const account = await createAccount(server);
    for (let i = 1; i <= FREE_ATTEMPTS; i++) {
      expect((await login({ loginId: account.loginId, password: WRONG }, `2001:db8:21:${addressCounter}::${i}`)).body.error.code).toBe('loginFailed');
    }
    // Another address of the same /64 is the same client.
    expect((await login({ loginId: account.loginId, password: WRONG }, `2001:db8:21:${addressCounter}:ffff::9`)).body.error.code).toBe('loginThrottled');
    // The next /64 is another client.
    expect((await login({ loginId: account.loginId, password: WRONG }, `2001:db8:21:${addressCounter + 1}::1`)).body.error.code).toBe('loginFailed');
    const rows = await server.db.selectFrom('login_throttles').select('address').where('subject', '=', account.id).execute();
    expect(rows.map((row) => row.address).sort()).toEqual(['#budget', `2001:db8:21:${addressCounter + 1}::/64`, `2001:db8:21:${addressCounter}::/64`].sort());
    addressCounter += 2;
  });

  it('spends at most the account’s budget on unknown browsers across 20 addresses; the owner’s browser still signs in; an unknown one passes the challenge', async () => {
    const account = await createAccount(server);
    // The owner signed in from this browser before the attack: it carries a device cookie.
    const owner = await login({ loginId: account.loginId, password: PASSWORD }, newAddress());
    expect(owner.status).toBe(200);
    const ownerDevice = deviceCookieOf(owner);
    expect(ownerDevice).toBeDefined();

    const attackers = Array.from({ length: 20 }, () => newAddress());
    const verify = vi.spyOn(passwordPool(), 'verify');
    const codes: string[] = [];
    for (let round = 0; round < 6; round++) {
      if (round === FREE_ATTEMPTS) server.clock.advance(1_000);
      for (const address of attackers) codes.push((await login({ loginId: account.loginId, password: WRONG }, address)).body.error.code);
    }
    expect(verify.mock.calls.length).toBeLessThanOrEqual(ACCOUNT_BUDGET);
    expect(verify).toHaveBeenCalledTimes(ACCOUNT_BUDGET);
    expect(codes.filter((code) => code === 'loginFailed')).toHaveLength(ACCOUNT_BUDGET);
    expect(codes.filter((code) => code === 'loginChallengeRequired')).toHaveLength(120 - ACCOUNT_BUDGET);

    // The owner's own browser, even from an attacking address: no challenge, signed in.
    const signedIn = await login({ loginId: account.loginId, password: PASSWORD }, attackers[0] ?? '', ownerDevice);
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.data.status).toBe('signedIn');

    // An unknown browser with the right password: the challenge, never a lockout.
    const stranger = newAddress();
    const challenged = await login({ loginId: account.loginId, password: PASSWORD }, stranger);
    expect(challenged.status).toBe(429);
    expect(challenged.body.error.code).toBe('loginChallengeRequired');
    // A forged device cookie (well formed, not signed for this account) is an unknown browser.
    const forged = `${DEVICE_COOKIE}=${issueDeviceToken('not-the-session-secret', account.id)}`;
    expect((await login({ loginId: account.loginId, password: PASSWORD }, stranger, forged)).body.error.code).toBe('loginChallengeRequired');
    // With a token the verifier accepts (the development stand-in accepts any non-empty one), it signs in.
    const passed = await login({ loginId: account.loginId, password: PASSWORD, recaptchaToken: 'solved-by-a-person' }, stranger);
    expect(passed.status).toBe(200);
    expect(deviceCookieOf(passed)).toBeDefined();
  });

  it('answers the challenge from memory once the database said so, and asks the database when a token or a device cookie comes', async () => {
    const account = await createAccount(server);
    await server.db
      .insertInto('login_throttles')
      .values({ subject: account.id, address: '#budget', attempts: ACCOUNT_BUDGET, window_started_at: server.clock.now(), last_attempt_at: server.clock.now(), held_until: null, last_refused: false })
      .execute();
    const address = newAddress();
    expect((await login({ loginId: account.loginId, password: PASSWORD }, address)).body.error.code).toBe('loginChallengeRequired');
    const queries = countQueries(server);
    expect((await login({ loginId: account.loginId, password: PASSWORD }, newAddress())).body.error.code).toBe('loginChallengeRequired');
    expect(queries).not.toHaveBeenCalled();
    // A token the verifier refuses: asked, and still the challenge.
    const refusing = await startTestServer(name, { env: { TRUST_PROXY: '1' }, database: server.database, recaptcha: async () => false });
    refusing.clock.ms = server.clock.ms;
    expect((await login({ loginId: account.loginId, password: PASSWORD, recaptchaToken: 'a-bot' }, address, undefined, refusing)).body.error.code).toBe(
      'loginChallengeRequired',
    );
    expect((await login({ loginId: account.loginId, password: PASSWORD, recaptchaToken: 'a-person' }, address)).status).toBe(200);
  });

  it('asks an unknown login for the challenge exactly like an account, so the budget tells nothing about who exists', async () => {
    const unknown = uniqueLoginId('nobody');
    await server.db
      .insertInto('login_throttles')
      .values({ subject: `login:${unknown}`, address: '#budget', attempts: ACCOUNT_BUDGET, window_started_at: server.clock.now(), last_attempt_at: server.clock.now(), held_until: null, last_refused: false })
      .execute();
    const refused = await login({ loginId: unknown, password: WRONG }, newAddress());
    expect(refused.status).toBe(429);
    expect(refused.body.error).toEqual({ code: 'loginChallengeRequired', message: expect.any(String) });
    expect((await login({ loginId: unknown, password: WRONG, recaptchaToken: 'a-person' }, newAddress())).body.error.code).toBe('loginFailed');
  });

  it('counts a known device’s wrong passwords under its own id, with the usual growing delays', async () => {
    const account = await createAccount(server);
    const address = newAddress();
    const device = deviceCookieOf(await login({ loginId: account.loginId, password: PASSWORD }, address));
    for (let i = 0; i < FREE_ATTEMPTS; i++) expect((await login({ loginId: account.loginId, password: WRONG }, address, device)).body.error.code).toBe('loginFailed');
    expect((await login({ loginId: account.loginId, password: WRONG }, address, device)).body.error.code).toBe('loginThrottled');
    // The same address without the cookie is another count, and the device never touched the budget.
    expect((await login({ loginId: account.loginId, password: WRONG }, address)).body.error.code).toBe('loginFailed');
    const rows = await server.db.selectFrom('login_throttles').select(['address', 'attempts']).where('subject', '=', account.id).execute();
    expect(rows.find((row) => row.address.startsWith('device:'))?.attempts).toBe(FREE_ATTEMPTS);
    expect(rows.find((row) => row.address === '#budget')?.attempts).toBe(1);
  });

  it('keeps the device id across sign-ins and issues the cookie httpOnly', async () => {
    const account = await createAccount(server);
    const first = await login({ loginId: account.loginId, password: PASSWORD }, newAddress());
    expect(first.setCookie).toMatch(new RegExp(`${DEVICE_COOKIE}=[^;]+;.*HttpOnly`, 'i'));
    const again = await login({ loginId: account.loginId, password: PASSWORD }, newAddress(), deviceCookieOf(first));
    expect(deviceCookieOf(again)).toBe(deviceCookieOf(first));
    expect((await login({ loginId: account.loginId, password: WRONG }, newAddress())).setCookie ?? '').not.toContain(DEVICE_COOKIE);
  });

  it('issues the device cookie after the second factor, not with the password alone', async () => {
    const admin = await createAccount(server, { category: 'SCHOOL_ADMINISTRATOR' });
    const password = await login({ loginId: admin.loginId, password: PASSWORD }, newAddress());
    expect(password.body.data.status).toBe('secondFactor');
    expect(deviceCookieOf(password)).toBeUndefined();
    const mfaCookie = mfaCookieOf(password);
    if (!mfaCookie) throw new Error('no second-factor cookie');
    const done = await completeSecondFactor(server, admin.id, mfaCookie);
    expect(done.status).toBe(200);
    expect(deviceCookieOf(done)).toBeDefined();
  });

  it('refuses a flooding address from memory once it has a few attempts under way, and still signs in others', async () => {
    const address = newAddress();
    await server.db
      .insertInto('login_throttles')
      .values({ subject: '*', address, attempts: ADDRESS_FLOOD_FAILURES + 1, window_started_at: server.clock.now(), last_attempt_at: server.clock.now(), held_until: null, last_refused: false })
      .execute();
    // The first attempt learns from the database that the address floods.
    expect((await login({ loginId: uniqueLoginId('spray'), password: WRONG }, address)).body.error.code).toBe('loginFailed');
    const verify = vi.spyOn(passwordPool(), 'verify');
    const answers = await Promise.all(Array.from({ length: 12 }, (_, i) => login({ loginId: uniqueLoginId(`spray${i}`), password: WRONG }, address)));
    const refused = answers.filter((answer) => answer.status === 429);
    expect(refused.length).toBeGreaterThanOrEqual(12 - 2 * FLOODING_LANE_DEPTH);
    expect(refused.every((answer) => answer.body.error.code === 'loginThrottled' && answer.body.error.holdUntil === new Date(server.clock.ms + 1_000).toISOString())).toBe(true);
    expect(verify.mock.calls.length).toBe(12 - refused.length);
    const other = await createAccount(server);
    expect((await login({ loginId: other.loginId, password: PASSWORD }, newAddress())).status).toBe(200);
  });

  it('keeps a flooding address’s wrong passwords in their places for the hold, so it gets a few evaluations per hold; a right password from it leaves at once', async () => {
    // Long enough that a right password under a loaded CI (two cores, argon2 beside the browser
    // projects) still answers well within it.
    const holdMs = 3_000;
    const held = await startTestServer(name, { env: { TRUST_PROXY: '1', LOGIN_FLOODING_HOLD_MS: String(holdMs) }, database: server.database });
    held.clock.ms = server.clock.ms;
    const address = newAddress();
    await server.db
      .insertInto('login_throttles')
      .values({ subject: '*', address, attempts: ADDRESS_FLOOD_FAILURES + 1, window_started_at: held.clock.now(), last_attempt_at: held.clock.now(), held_until: null, last_refused: false })
      .execute();
    const timed = async (loginId: string, password: string) => {
      const started = performance.now();
      const answer = await login({ loginId, password }, address, undefined, held);
      return { code: answer.body.error?.code ?? answer.status, ms: performance.now() - started };
    };
    // The first attempt learns from the database that the address floods: held from then on.
    const first = await timed(uniqueLoginId('hold'), WRONG);
    expect(first.code).toBe('loginFailed');
    expect(first.ms).toBeGreaterThanOrEqual(holdMs - 1);
    const verify = vi.spyOn(passwordPool(), 'verify');
    // Twice the lanes at once: the first FLOODING_LANE_DEPTH are evaluated and keep their places, the rest are refused from memory.
    const answers = await Promise.all(Array.from({ length: 2 * FLOODING_LANE_DEPTH }, (_, i) => login({ loginId: uniqueLoginId(`hold${i}`), password: WRONG }, address, undefined, held)));
    expect(answers.filter((answer) => answer.status === 401).length).toBe(FLOODING_LANE_DEPTH);
    expect(answers.filter((answer) => answer.status === 429).length).toBe(FLOODING_LANE_DEPTH);
    expect(verify.mock.calls.length).toBe(FLOODING_LANE_DEPTH);
    // Once the places are free again a pupil behind the address signs in without waiting for a hold.
    const pupil = await createAccount(server);
    const right = await timed(pupil.loginId, PASSWORD);
    expect(right.code).toBe(200);
    expect(right.ms).toBeLessThan(holdMs);
  });

  it('answers every wrong password on the floor, for an account and an unknown login alike; a right password does not wait for it', async () => {
    const floorMs = 300;
    const floored = await startTestServer(name, { env: { TRUST_PROXY: '1', LOGIN_WRONG_PASSWORD_FLOOR_MS: String(floorMs) }, database: server.database });
    floored.clock.ms = server.clock.ms;
    const account = await createAccount(server);
    const timed = async (loginId: string, password: string) => {
      const started = performance.now();
      const answer = await login({ loginId, password }, newAddress(), undefined, floored);
      return { code: answer.body.error?.code ?? answer.status, ms: performance.now() - started };
    };
    const known = await timed(account.loginId, WRONG);
    const unknown = await timed(uniqueLoginId('nobody'), WRONG);
    expect(known.code).toBe('loginFailed');
    expect(unknown.code).toBe('loginFailed');
    // A timer never fires early by more than its rounding to the millisecond.
    expect(known.ms).toBeGreaterThanOrEqual(floorMs - 1);
    expect(unknown.ms).toBeGreaterThanOrEqual(floorMs - 1);
    expect((await timed(account.loginId, PASSWORD)).code).toBe(200);
  });
});

describe('RefusalMemory attempts under way', () => {
  it('counts each key’s requests under way and forgets a key once none is left', () => {
    const memory = new RefusalMemory();
    expect([memory.enter('lane:a'), memory.enter('lane:a'), memory.enter('lane:b')]).toEqual([1, 2, 1]);
    memory.leave('lane:a');
    expect(memory.inFlight('lane:a')).toBe(1);
    memory.leave('lane:a');
    memory.leave('lane:a');
    expect(memory.inFlight('lane:a')).toBe(0);
    expect(memory.enter('lane:a')).toBe(1);
  });
});
