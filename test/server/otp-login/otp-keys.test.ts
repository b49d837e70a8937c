import { afterEach, describe, expect, it, vi } from 'vitest';
import { HOLD_MAX_ATTEMPTS } from '../../../contract/index.ts';
import type { Db } from '../../../server/db/schema.ts';
import { DISCOVERY_PER_GROUP, DISCOVERY_PER_TARGET, DISCOVERY_PER_TARGET_AND_GROUP } from '../../../server/domain/discovery.ts';
import {
  OTP_ACCOUNT_SENDS_PER_DAY,
  OTP_CHALLENGED_KIND,
  OTP_CHALLENGED_PER_KEY,
  OTP_GUESS_KIND,
  OTP_GUESSES_PER_CODE,
  OTP_HOLD_KIND,
  OTP_SENDS_PER_DAY,
  loginWithOtp,
  sendOtp,
} from '../../../server/domain/otp-login.ts';
import { RefusalMemory } from '../../../server/domain/refusal-memory.ts';
import { deviceCookieOf, OTP_SETTINGS, outcome, sentCode, statementCounter, suiteDatabase, wrongCode } from '../code-support.ts';
import { HOUR, MINUTE, PASSWORD, TestClock, createAccount, databases, startTestServer, tableCounts, useTestServer, type TestServer } from '../support.ts';

/** Every count and hold, to show that a refusal wrote nothing. */
function holdRows(db: Db) {
  return db.selectFrom('holds').selectAll().orderBy('kind').orderBy('subject').execute();
}

describe.each(databases)('OTP wrong codes and sends, counted per address or device, on $name', ({ name }) => {
  // One trusted proxy: each request's address is the X-Forwarded-For entry it carries.
  const server = useTestServer(name, { env: { TRUST_PROXY: '1' } });

  const from = (address: string, cookie?: string) => ({ headers: { 'x-forwarded-for': address }, cookie });
  const send = (loginId: string, address: string, cookie?: string) => server.post('/auth/otp/send', { loginId }, from(address, cookie));
  const login = (loginId: string, code: string, address: string, cookie?: string) => server.post('/auth/otp/login', { loginId, code }, from(address, cookie));

  /** Signs the owner in by OTP from `address`; returns the device cookie that browser now carries. */
  async function ownerSignsIn(loginId: string, email: string, address: string, cookie?: string): Promise<string> {
    const sent = await send(loginId, address, cookie);
    expect(sent.status, sent.text).toBe(200);
    const signedIn = await login(loginId, await sentCode(server.db, email), address, cookie);
    expect(signedIn.status, signedIn.text).toBe(200);
    server.clock.advance(MINUTE);
    return deviceCookieOf(signedIn.setCookie) ?? cookie ?? '';
  }

  it('gives the browser a device cookie bound to the account on OTP sign-in, kept on the next one', async () => {
    const account = await createAccount(server);
    const device = await ownerSignsIn(account.loginId, account.email ?? '', '198.51.100.1');
    expect(device).toMatch(/^portal_device=[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{43}$/);
    expect(await ownerSignsIn(account.loginId, account.email ?? '', '198.51.100.1', device)).toBe(device);
  });

  it('holds the address that sent more than 5 wrong codes, and only it (its unknown browsers asked for the challenge): the owner signs in from elsewhere and from a known browser behind the same address', async () => {
    const account = await createAccount(server);
    const email = account.email ?? '';
    const device = await ownerSignsIn(account.loginId, email, '198.51.100.2');
    const attacker = '203.0.113.9';
    expect((await send(account.loginId, attacker)).status).toBe(200);
    const code = await sentCode(server.db, email);
    for (let n = 1; n <= HOLD_MAX_ATTEMPTS; n++) expect((await login(account.loginId, wrongCode(code), attacker)).body.error.code).toBe('codeWrong');
    // The sixth holds the (account, address) key; a browser the account does not know is asked for the challenge, never told to wait.
    const held = await login(account.loginId, wrongCode(code), attacker);
    expect([held.status, held.body.error.code, held.body.error.holdUntil]).toEqual([429, 'loginChallengeRequired', undefined]);
    const key = await server.db.selectFrom('holds').select('held_until').where('subject', '=', `${account.id}|a:${attacker}`).where('kind', '=', 'otp').executeTakeFirstOrThrow();
    expect(key.held_until?.toISOString()).toBe(new Date(server.clock.now().getTime() + 24 * HOUR).toISOString());
    // Without a solved challenge the held address gets neither a sign-in with the right code nor a new code.
    expect((await login(account.loginId, code, attacker)).body.error.code).toBe('loginChallengeRequired');
    server.clock.advance(MINUTE);
    expect((await send(account.loginId, attacker)).body.error.code).toBe('loginChallengeRequired');

    // Another address of the owner: a new code signs in.
    await ownerSignsIn(account.loginId, email, '198.51.100.3');
    // The owner's known browser behind the attacker's own address: its device id is its key.
    await ownerSignsIn(account.loginId, email, attacker, device);
    // The same address without that cookie stays held: still the challenge.
    expect((await send(account.loginId, attacker)).body.error.code).toBe('loginChallengeRequired');
  });

  it('counts an IPv6 /64 as one address', async () => {
    const account = await createAccount(server);
    expect((await send(account.loginId, '2001:db8:7:7::1')).status).toBe(200);
    const code = await sentCode(server.db, account.email ?? '');
    for (let n = 1; n <= HOLD_MAX_ATTEMPTS + 1; n++) await login(account.loginId, wrongCode(code), `2001:db8:7:7::${n.toString(16)}`);
    expect((await login(account.loginId, code, '2001:db8:7:7:ffff::2')).body.error.code).toBe('loginChallengeRequired');
    expect((await login(account.loginId, code, '2001:db8:7:8::1')).status).toBe(200);
  });

  it(`spends the code after ${OTP_GUESSES_PER_CODE} wrong codes from all addresses together; the owner's new code works`, async () => {
    const account = await createAccount(server);
    const email = account.email ?? '';
    expect((await send(account.loginId, '198.51.100.4')).status).toBe(200);
    const code = await sentCode(server.db, email);
    // Below every address's hold: four wrong codes each from five addresses.
    for (let n = 0; n < OTP_GUESSES_PER_CODE; n++) {
      const wrong = await login(account.loginId, wrongCode(code), `203.0.113.${100 + Math.floor(n / 4)}`);
      expect(wrong.body.error.code, `guess ${n + 1}`).toBe('codeWrong');
    }
    expect((await login(account.loginId, wrongCode(code), '203.0.113.200')).body.error.code).toBe('codeNotFound');
    // The right code is spent too: nobody, the owner included, can use it now.
    expect((await login(account.loginId, code, '198.51.100.4')).body.error.code).toBe('codeNotFound');
    server.clock.advance(MINUTE);
    await ownerSignsIn(account.loginId, email, '198.51.100.4');
  });

  it(`lets one address ask for ${OTP_SENDS_PER_DAY} codes a day, the account's unknown browsers ${OTP_ACCOUNT_SENDS_PER_DAY}, and its known browsers always`, async () => {
    const account = await createAccount(server);
    const email = account.email ?? '';
    const device = await ownerSignsIn(account.loginId, email, '198.51.100.5');
    // Spread over hours, so the per-login discovery limit is not what refuses.
    const step = HOUR / (DISCOVERY_PER_TARGET.limit / 2);
    let sends = 1;
    for (let address = 0; sends < OTP_ACCOUNT_SENDS_PER_DAY; address++) {
      for (let n = 0; n < OTP_SENDS_PER_DAY && sends < OTP_ACCOUNT_SENDS_PER_DAY; n++, sends++) {
        server.clock.advance(step);
        const sent = await send(account.loginId, `203.0.113.${address + 20}`);
        expect(sent.status, `send ${sends + 1} from address ${address}: ${sent.text}`).toBe(200);
      }
      if (address === 0) {
        server.clock.advance(step);
        // The address's own 10 are spent: the challenge, not a wait (docs/decisions/holds.md).
        const spent = await send(account.loginId, '203.0.113.20');
        expect([spent.status, spent.body.error.code]).toEqual([429, 'loginChallengeRequired']);
      }
    }
    server.clock.advance(step);
    const refused = await send(account.loginId, '203.0.113.99');
    expect([refused.status, refused.body.error.code]).toEqual([429, 'otpSendLimit']);
    // The owner's known browser is not counted against the account.
    await ownerSignsIn(account.loginId, email, '203.0.113.99', device);
  });
});

describe.each(databases)('A held network asks the browsers the account does not know for the challenge, never a lockout (issue 21 item 3), on $name', ({ name }) => {
  const server = useTestServer(name, { env: { TRUST_PROXY: '1' } });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  const FLOOD = '203.0.113.66';
  const request = (address: string, cookie?: string) => ({ headers: { 'x-forwarded-for': address }, cookie });
  const send = (loginId: string, extra: { token?: string; cookie?: string } = {}, on: TestServer = server) =>
    on.post('/auth/otp/send', { loginId, ...(extra.token ? { recaptchaToken: extra.token } : {}) }, request(FLOOD, extra.cookie));
  const login = (loginId: string, code: string, extra: { token?: string; cookie?: string } = {}, on: TestServer = server) =>
    on.post('/auth/otp/login', { loginId, code, ...(extra.token ? { recaptchaToken: extra.token } : {}) }, request(FLOOD, extra.cookie));
  const historyRows = (userId: string) => server.db.selectFrom('sign_in_history').select('id').where('user_id', '=', userId).execute();

  /** Six wrong codes from the flooding network, on a browser the account does not know: its key is held. Returns the right code. */
  async function sixWrongCodes(loginId: string, email: string): Promise<string> {
    expect((await send(loginId)).status).toBe(200);
    const code = await sentCode(server.db, email);
    for (let n = 1; n <= HOLD_MAX_ATTEMPTS; n++) expect((await login(loginId, wrongCode(code))).body.error.code, `wrong code ${n}`).toBe('codeWrong');
    const sixth = await login(loginId, wrongCode(code));
    expect([sixth.status, sixth.body.error.code, sixth.body.error.holdUntil]).toEqual([429, 'loginChallengeRequired', undefined]);
    return code;
  }

  it('asks an unknown browser after 6 wrong codes for the challenge; a solved one lets the right code sign in, and the network stays held for the next', async () => {
    const account = await createAccount(server);
    const email = account.email ?? '';
    const code = await sixWrongCodes(account.loginId, email);
    expect((await login(account.loginId, code)).body.error.code).toBe('loginChallengeRequired');

    // The owner, on an unknown browser behind that network, solves the widget: the right code signs in.
    const signedIn = await login(account.loginId, code, { token: 'solved-by-the-owner' });
    expect([signedIn.status, signedIn.text]).toEqual([200, expect.stringContaining(`"${account.loginId}"`)]);
    expect(deviceCookieOf(signedIn.setCookie)).toBeDefined();
    // The right code ended no hold and cleared none: the key is held as before, for the next unknown browser there.
    const key = await server.db.selectFrom('holds').select('held_until').where('subject', '=', `${account.id}|a:${FLOOD}`).where('kind', '=', OTP_HOLD_KIND).executeTakeFirstOrThrow();
    expect(key.held_until?.getTime()).toBeGreaterThan(server.clock.now().getTime());
    server.clock.advance(MINUTE);
    expect((await send(account.loginId)).body.error.code).toBe('loginChallengeRequired');
    // A send with a solved challenge is sent too (held the same way), and its code signs in with another solved one.
    expect((await send(account.loginId, { token: 'solved-again' })).status).toBe(200);
    const next = await sentCode(server.db, email);
    expect((await login(account.loginId, next)).body.error.code).toBe('loginChallengeRequired');
    expect((await login(account.loginId, next, { token: 'solved-once-more' })).status).toBe(200);
  });

  it(`judges each code that carries a solved challenge: a wrong one is one of the code's guesses, ${OTP_CHALLENGED_PER_KEY.limit} an hour per network, a refused token is none`, async () => {
    const account = await createAccount(server);
    const code = await sixWrongCodes(account.loginId, account.email ?? '');
    const start = server.clock.now().getTime();
    for (let n = 1; n <= OTP_CHALLENGED_PER_KEY.limit; n++) {
      const wrong = await login(account.loginId, wrongCode(code), { token: `solved-${n}` });
      expect([wrong.status, wrong.body.error.code], `challenged code ${n}`).toEqual([400, 'codeWrong']);
    }
    // Every one was a guess at this code (OTP_GUESSES_PER_CODE for all keys together still spends it) and a counted challenge.
    const rows = await server.db.selectFrom('holds').select(['kind', 'attempts']).where('subject', 'in', [account.id, `${account.id}|a:${FLOOD}`]).execute();
    expect(rows.find((row) => row.kind === OTP_GUESS_KIND)?.attempts).toBe(HOLD_MAX_ATTEMPTS + 1 + OTP_CHALLENGED_PER_KEY.limit);
    expect(rows.find((row) => row.kind === OTP_CHALLENGED_KIND)?.attempts).toBe(OTP_CHALLENGED_PER_KEY.limit);
    const spent = await login(account.loginId, code, { token: 'one-more' });
    expect([spent.status, spent.body.error.code, spent.body.error.holdUntil]).toEqual([429, 'tooManyRequests', new Date(start + OTP_CHALLENGED_PER_KEY.windowMs).toISOString()]);

    // A token the verifier refuses is no pass (another app on the same database, whose verifier says no).
    server.clock.advance(OTP_CHALLENGED_PER_KEY.windowMs);
    const refusing = await startTestServer(name, { env: { TRUST_PROXY: '1' }, database: server.database, recaptcha: async () => false });
    refusing.clock.ms = server.clock.ms;
    expect((await login(account.loginId, code, { token: 'a-bot' }, refusing)).body.error.code).toBe('loginChallengeRequired');
  });

  it('refuses an unsolved flood from memory: no statement and no sign-in history row', async () => {
    const account = await createAccount(server);
    const code = await sixWrongCodes(account.loginId, account.email ?? '');
    const rows = (await historyRows(account.id)).length;
    const queries = vi.spyOn(server.db.getExecutor(), 'provideConnection');
    for (let n = 0; n < 5; n++) {
      const refused = await login(account.loginId.toUpperCase(), n % 2 ? code : wrongCode(code));
      expect([refused.status, refused.body.error.code]).toEqual([429, 'loginChallengeRequired']);
    }
    expect(queries).not.toHaveBeenCalled();
    vi.restoreAllMocks();
    expect(await historyRows(account.id)).toHaveLength(rows);
  });

  it('keeps a known browser as it was: its own key is held after its own 6 wrong codes, and no challenge passes that', async () => {
    const account = await createAccount(server);
    const device = deviceCookieOf((await server.post('/auth/login', { loginId: account.loginId, password: PASSWORD }, request('192.0.2.80'))).setCookie);
    expect(device).toBeDefined();
    const cookie = device ?? '';
    expect((await send(account.loginId, { cookie })).status).toBe(200);
    const code = await sentCode(server.db, account.email ?? '');
    for (let n = 1; n <= HOLD_MAX_ATTEMPTS; n++) await login(account.loginId, wrongCode(code), { cookie });
    const held = await login(account.loginId, wrongCode(code), { cookie });
    expect([held.status, held.body.error.code, held.body.error.holdUntil]).toEqual([429, 'otpHeld', new Date(server.clock.now().getTime() + 24 * HOUR).toISOString()]);
    expect((await login(account.loginId, code, { cookie, token: 'solved' })).body.error.code).toBe('otpHeld');
    // The network itself is not held for the account's unknown browsers: the right code signs in there.
    expect((await login(account.loginId, code)).status).toBe(200);
  });
});

describe.each(databases)('Account discovery through OTP send, on $name', ({ name }) => {
  const server = useTestServer(name, { env: { TRUST_PROXY: '1' } });
  const send = (loginId: string, address: string) => server.post('/auth/otp/send', { loginId }, { headers: { 'x-forwarded-for': address } });

  it(`refuses a login asked about more than ${DISCOVERY_PER_TARGET.limit} times in an hour, from an address that has spent its own ${DISCOVERY_PER_TARGET_AND_GROUP.limit} beyond them, with the challenge`, async () => {
    for (let n = 0; n < DISCOVERY_PER_TARGET.limit; n++) {
      expect((await send('nobody_here', `198.51.100.${n}`)).body.error.code).toBe('otpUnknownLogin');
    }
    // The login is spent: each address group still has a few of its own (the owner's network is never locked out).
    for (let n = 0; n < DISCOVERY_PER_TARGET_AND_GROUP.limit; n++) {
      expect((await send('nobody_here', '198.51.100.250')).body.error.code).toBe('otpUnknownLogin');
    }
    // Beyond them, the challenge instead of a wait (docs/decisions/front-door.md).
    const refused = await send('NoBody_Here ', '198.51.100.250');
    expect([refused.status, refused.body.error.code, refused.body.error.holdUntil]).toEqual([429, 'loginChallengeRequired', undefined]);
    // Answered from memory: nothing is written.
    const before = [await tableCounts(server.db), await holdRows(server.db)];
    expect((await send('nobody_here', '198.51.100.250')).body.error.code).toBe('loginChallengeRequired');
    expect([await tableCounts(server.db), await holdRows(server.db)]).toEqual(before);
    expect((await send('nobody_here', '198.51.100.251')).body.error.code).toBe('otpUnknownLogin');
    server.clock.advance(DISCOVERY_PER_TARGET.windowMs);
    expect((await send('nobody_here', '198.51.100.250')).body.error.code).toBe('otpUnknownLogin');
  });

  it(`refuses an address group after ${DISCOVERY_PER_GROUP.limit} requests in ${DISCOVERY_PER_GROUP.windowMs / MINUTE} minutes, whatever logins it names; other addresses go on`, async () => {
    for (let n = 0; n < DISCOVERY_PER_GROUP.limit; n++) {
      const answer = await send(`scan_${n}`, '2001:db8:99:1::1');
      expect(answer.body.error.code, `request ${n + 1}`).toBe('otpUnknownLogin');
    }
    const refused = await send('scan_last', '2001:db8:99:1:abcd::9');
    expect([refused.status, refused.body.error.code]).toEqual([429, 'tooManyRequests']);
    expect((await send('scan_last', '2001:db8:99:2::1')).body.error.code).toBe('otpUnknownLogin');
  });
});

describe.each(databases)('OTP refusals answered from the app memory, on $name', ({ name }) => {
  const database = suiteDatabase(name);
  const clock = new TestClock();
  const settings = OTP_SETTINGS;

  it('answers a held key (an unknown browser: the challenge) with no statement at all, and the database still holds it for an app that never saw it', async () => {
    const account = await createAccount({ db: database.db, clock });
    const memory = new RefusalMemory();
    const client = { addressGroup: '203.0.113.50' };
    await sendOtp(database.db, { loginId: account.loginId }, settings, clock.now(), client, { memory });
    const code = await sentCode(database.db, account.email ?? '');
    for (let n = 0; n <= HOLD_MAX_ATTEMPTS; n++) await outcome(loginWithOtp(database.db, { loginId: account.loginId, code: wrongCode(code) }, settings, clock.now(), client, { memory }));

    const counter = statementCounter();
    const db = database.db.withPlugin(counter.plugin);
    expect(await outcome(loginWithOtp(db, { loginId: account.loginId, code }, settings, clock.now(), client, { memory }))).toBe('loginChallengeRequired');
    expect(await outcome(sendOtp(db, { loginId: account.loginId }, settings, clock.now(), client, { memory }))).toBe('loginChallengeRequired');
    expect(counter.count).toBe(0);

    // Another instance (a fresh memory) asks the database, which knows.
    expect(await outcome(loginWithOtp(database.db, { loginId: account.loginId, code }, settings, clock.now(), client, { memory: new RefusalMemory() }))).toBe('loginChallengeRequired');
    // Once the hold has run out, the memory lets the right code through.
    clock.advance(24 * HOUR);
    expect(await outcome(loginWithOtp(database.db, { loginId: account.loginId, code }, settings, clock.now(), client, { memory }))).toBe('codeExpired');
  });
});
