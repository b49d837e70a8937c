import { afterEach, describe, expect, it, vi } from 'vitest';
import { ADDRESS_FLOOD_FAILURES, FREE_ATTEMPTS, MAX_DELAY_MS, delayAfter } from '../../../server/domain/login-throttle.ts';
import { configurePasswordHashing, passwordPool } from '../../../server/domain/passwords.ts';
import { PASSWORD, type TestResponse, createAccount, databases, uniqueLoginId, useTestServer } from '../support.ts';

const WRONG = 'Wrong-Password-1';
let addressCounter = 0;
/** A client address no other test uses (documentation range 203.0.113.0/24, then 198.51.100.0/24). */
const newAddress = () => {
  addressCounter++;
  return addressCounter < 250 ? `203.0.113.${addressCounter}` : `198.51.100.${addressCounter - 249}`;
};

describe('delayAfter', () => {
  it('is free for the first attempts, then doubles from 1 s up to the cap', () => {
    expect(Array.from({ length: FREE_ATTEMPTS - 1 }, (_, i) => delayAfter(i + 1))).toEqual([0, 0, 0, 0]);
    expect([5, 6, 7, 8].map(delayAfter)).toEqual([1_000, 2_000, 4_000, 8_000]);
    expect(delayAfter(40)).toBe(MAX_DELAY_MS);
  });
});

describe.each(databases)('password-login throttling on $name', ({ name }) => {
  // One trusted proxy: the client address is the last X-Forwarded-For entry.
  const server = useTestServer(name, { env: { TRUST_PROXY: '1' } });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  const login = (loginId: string, password: string, address: string): Promise<TestResponse> =>
    server.post('/auth/login', { loginId, password }, { headers: { 'x-forwarded-for': `10.9.9.9, ${address}` } });

  const isoAfter = (ms: number) => new Date(server.clock.ms + ms).toISOString();

  it('lets the first wrong passwords through, then answers loginThrottled with a holdUntil that grows', async () => {
    const account = await createAccount(server);
    const address = newAddress();
    for (let i = 0; i < FREE_ATTEMPTS; i++) {
      const response = await login(account.loginId, WRONG, address);
      expect(response.status).toBe(401);
      expect(response.body.error.code).toBe('loginFailed');
    }
    for (const delay of [1_000, 2_000, 4_000]) {
      const refused = await login(account.loginId, WRONG, address);
      expect(refused.status).toBe(429);
      expect(refused.body).toEqual({ error: { code: 'loginThrottled', message: expect.any(String), holdUntil: isoAfter(delay) } });
      expect(refused.setCookie).toBeNull();
      server.clock.advance(delay - 1);
      expect((await login(account.loginId, WRONG, address)).body.error.code).toBe('loginThrottled');
      server.clock.advance(1);
      expect((await login(account.loginId, WRONG, address)).body.error.code).toBe('loginFailed');
    }
  });

  it('refuses inside the delay without evaluating the password, even a right one; after it a right password signs in and clears the count', async () => {
    const account = await createAccount(server);
    const address = newAddress();
    for (let i = 0; i < FREE_ATTEMPTS; i++) await login(account.loginId, WRONG, address);
    const verify = vi.spyOn(passwordPool(), 'verify');
    const refused = await login(account.loginId, PASSWORD, address);
    expect(refused.body.error.code).toBe('loginThrottled');
    expect(verify).not.toHaveBeenCalled();

    server.clock.advance(1_000);
    const signedIn = await login(account.loginId, PASSWORD, address);
    expect(signedIn.status).toBe(200);
    expect(verify).toHaveBeenCalledTimes(1);
    // The count starts again: five free wrong passwords.
    for (let i = 0; i < FREE_ATTEMPTS; i++) expect((await login(account.loginId, WRONG, address)).body.error.code).toBe('loginFailed');
    expect((await login(account.loginId, WRONG, address)).body.error.code).toBe('loginThrottled');
  });

  it('does not block the same account from another address (the owner is never locked out)', async () => {
    const account = await createAccount(server);
    const attacker = newAddress();
    for (let i = 0; i < FREE_ATTEMPTS; i++) await login(account.loginId, WRONG, attacker);
    expect((await login(account.loginId, PASSWORD, attacker)).body.error.code).toBe('loginThrottled');
    const owner = await login(account.loginId, PASSWORD, newAddress());
    expect(owner.status).toBe(200);
    expect(owner.body.data).toMatchObject({ status: 'signedIn', user: { userId: account.id } });
    // The owner signing in elsewhere does not lift the attacker's delay.
    expect((await login(account.loginId, WRONG, attacker)).body.error.code).toBe('loginThrottled');
  });

  it('counts the login ID and the login email of one account together', async () => {
    const account = await createAccount(server);
    const address = newAddress();
    for (let i = 0; i < FREE_ATTEMPTS; i++) await login(i % 2 ? account.loginId : (account.email ?? ''), WRONG, address);
    expect((await login(account.email ?? '', WRONG, address)).body.error.code).toBe('loginThrottled');
  });

  it('throttles an unknown login exactly like a known one, so the delay tells nothing about who exists', async () => {
    const address = newAddress();
    const unknown = uniqueLoginId('ghost');
    for (let i = 0; i < FREE_ATTEMPTS; i++) expect((await login(unknown, WRONG, address)).body.error.code).toBe('loginFailed');
    const refused = await login(unknown, WRONG, address);
    expect(refused.status).toBe(429);
    expect(refused.body.error).toEqual({ code: 'loginThrottled', message: expect.any(String), holdUntil: isoAfter(1_000) });
  });

  it('counts parallel wrong attempts exactly: 20 at once evaluate 5 and refuse 15', async () => {
    const account = await createAccount(server);
    const address = newAddress();
    const verify = vi.spyOn(passwordPool(), 'verify');
    const answers = await Promise.all(Array.from({ length: 20 }, () => login(account.loginId, WRONG, address)));
    const codes = answers.map((a) => a.body.error.code);
    expect(codes.filter((c) => c === 'loginFailed')).toHaveLength(FREE_ATTEMPTS);
    expect(codes.filter((c) => c === 'loginThrottled')).toHaveLength(20 - FREE_ATTEMPTS);
    expect(verify).toHaveBeenCalledTimes(FREE_ATTEMPTS);
    const row = await server.db
      .selectFrom('login_throttles')
      .selectAll()
      .where('subject', '=', account.id)
      .where('address', '=', address)
      .executeTakeFirstOrThrow();
    expect(row.attempts).toBe(FREE_ATTEMPTS);
    expect(row.held_until?.toISOString()).toBe(isoAfter(1_000));
  });

  it('signs in a right password from an address flooding wrong passwords (the address cap queues, never refuses)', async () => {
    const address = newAddress();
    // The address sent more wrong passwords than its cap in this window.
    await server.db
      .insertInto('login_throttles')
      .values({
        subject: '*',
        address,
        attempts: ADDRESS_FLOOD_FAILURES + 1,
        window_started_at: server.clock.now(),
        last_attempt_at: server.clock.now(),
        held_until: null,
        last_refused: false,
      })
      .execute();
    const pupils = await Promise.all(Array.from({ length: 3 }, () => createAccount(server)));
    const verify = vi.spyOn(passwordPool(), 'verify');
    const flood = Array.from({ length: 12 }, (_, i) => login(uniqueLoginId(`guess${i}`), WRONG, address));
    const signIns = pupils.map((pupil) => login(pupil.loginId, PASSWORD, address));
    const [floodAnswers, pupilAnswers] = await Promise.all([Promise.all(flood), Promise.all(signIns)]);
    expect(pupilAnswers.map((a) => a.status)).toEqual([200, 200, 200]);
    expect(floodAnswers.every((a) => a.body.error.code === 'loginFailed')).toBe(true);
    // Its evaluations waited in the pool's low lane.
    expect(verify.mock.calls.every(([, , lane]) => lane?.key === address && lane.low === true)).toBe(true);
    // Another address is in the normal lane.
    const other = await createAccount(server);
    await login(other.loginId, PASSWORD, newAddress());
    expect(verify.mock.calls.at(-1)?.[2]?.low).toBe(false);
  });

  it('answers loginThrottled, not a 5xx, when one address has more evaluations queued than its lane holds', async () => {
    await configurePasswordHashing({ size: 1, maxQueuedPerLane: 2 });
    try {
      const address = newAddress();
      const answers = await Promise.all(Array.from({ length: 6 }, (_, i) => login(uniqueLoginId(`queue${i}`), WRONG, address)));
      const codes = answers.map((a) => a.body.error.code);
      expect(codes.filter((c) => c === 'loginFailed').length).toBeGreaterThanOrEqual(2);
      expect(codes.filter((c) => c === 'loginThrottled').length).toBeGreaterThanOrEqual(1);
      expect(answers.every((a) => a.status === 401 || a.status === 429)).toBe(true);
      const refused = answers.find((a) => a.status === 429);
      expect(refused?.body.error.holdUntil).toBe(isoAfter(1_000));
    } finally {
      await configurePasswordHashing({ niceness: 0 });
    }
  });
});

describe.each(databases)('client address without a trusted proxy on $name', ({ name }) => {
  const server = useTestServer(name);

  it('ignores X-Forwarded-For unless TRUST_PROXY is set, so a forged header does not escape the delay', async () => {
    const account = await createAccount(server);
    const forged = (i: number) => ({ headers: { 'x-forwarded-for': `192.0.2.${i}` } });
    for (let i = 0; i < FREE_ATTEMPTS; i++) await server.post('/auth/login', { loginId: account.loginId, password: WRONG }, forged(i));
    const refused = await server.post('/auth/login', { loginId: account.loginId, password: WRONG }, forged(99));
    expect(refused.body.error.code).toBe('loginThrottled');
  });
});
