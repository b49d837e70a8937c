import { describe, expect, it } from 'vitest';
import { HOLD_MAX_ATTEMPTS } from '../../../contract/index.ts';
import type { Db } from '../../../server/db/schema.ts';
import { DISCOVERY_PER_GROUP, DISCOVERY_PER_TARGET, DISCOVERY_PER_TARGET_AND_GROUP } from '../../../server/domain/discovery.ts';
import { OTP_ACCOUNT_SENDS_PER_DAY, OTP_GUESSES_PER_CODE, OTP_SENDS_PER_DAY, loginWithOtp, sendOtp } from '../../../server/domain/otp-login.ts';
import { RefusalMemory } from '../../../server/domain/refusal-memory.ts';
import { OTP_SETTINGS, outcome, sentCode, statementCounter, suiteDatabase, wrongCode } from '../code-support.ts';
import { HOUR, MINUTE, TestClock, createAccount, databases, tableCounts, useTestServer } from '../support.ts';

/** Every count and hold, to show that a refusal wrote nothing. */
function holdRows(db: Db) {
  return db.selectFrom('holds').selectAll().orderBy('kind').orderBy('subject').execute();
}

/** The device cookie a response set, as a request's cookie header. */
function deviceCookieOf(setCookie: string | null): string | undefined {
  const match = /(?:^|,\s*)portal_device=([^;]*)/.exec(setCookie ?? '');
  return match?.[1] ? `portal_device=${match[1]}` : undefined;
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

  it('holds the address that sent more than 5 wrong codes, and only it: the owner signs in from elsewhere and from a known browser behind the same address', async () => {
    const account = await createAccount(server);
    const email = account.email ?? '';
    const device = await ownerSignsIn(account.loginId, email, '198.51.100.2');
    const attacker = '203.0.113.9';
    expect((await send(account.loginId, attacker)).status).toBe(200);
    const code = await sentCode(server.db, email);
    for (let n = 1; n <= HOLD_MAX_ATTEMPTS; n++) expect((await login(account.loginId, wrongCode(code), attacker)).body.error.code).toBe('codeWrong');
    const held = await login(account.loginId, wrongCode(code), attacker);
    expect([held.status, held.body.error.code]).toEqual([429, 'otpHeld']);
    expect(held.body.error.holdUntil).toBe(new Date(server.clock.now().getTime() + 24 * HOUR).toISOString());
    // The held address is refused even the right code, and gets no new one.
    expect((await login(account.loginId, code, attacker)).body.error.code).toBe('otpHeld');
    server.clock.advance(MINUTE);
    expect((await send(account.loginId, attacker)).body.error.code).toBe('otpHeld');

    // Another address of the owner: a new code signs in.
    await ownerSignsIn(account.loginId, email, '198.51.100.3');
    // The owner's known browser behind the attacker's own address: its device id is its key.
    await ownerSignsIn(account.loginId, email, attacker, device);
    // The same address without that cookie stays held.
    expect((await send(account.loginId, attacker)).body.error.code).toBe('otpHeld');
  });

  it('counts an IPv6 /64 as one address', async () => {
    const account = await createAccount(server);
    expect((await send(account.loginId, '2001:db8:7:7::1')).status).toBe(200);
    const code = await sentCode(server.db, account.email ?? '');
    for (let n = 1; n <= HOLD_MAX_ATTEMPTS + 1; n++) await login(account.loginId, wrongCode(code), `2001:db8:7:7::${n.toString(16)}`);
    expect((await login(account.loginId, code, '2001:db8:7:7:ffff::2')).body.error.code).toBe('otpHeld');
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

  it('answers a held key with no statement at all, and the database still holds it for an app that never saw it', async () => {
    const account = await createAccount({ db: database.db, clock });
    const memory = new RefusalMemory();
    const client = { addressGroup: '203.0.113.50' };
    await sendOtp(database.db, { loginId: account.loginId }, settings, clock.now(), client, { memory });
    const code = await sentCode(database.db, account.email ?? '');
    for (let n = 0; n <= HOLD_MAX_ATTEMPTS; n++) await outcome(loginWithOtp(database.db, { loginId: account.loginId, code: wrongCode(code) }, settings, clock.now(), client, { memory }));

    const counter = statementCounter();
    const db = database.db.withPlugin(counter.plugin);
    expect(await outcome(loginWithOtp(db, { loginId: account.loginId, code }, settings, clock.now(), client, { memory }))).toBe('otpHeld');
    expect(await outcome(sendOtp(db, { loginId: account.loginId }, settings, clock.now(), client, { memory }))).toBe('otpHeld');
    expect(counter.count).toBe(0);

    // Another instance (a fresh memory) asks the database, which knows.
    expect(await outcome(loginWithOtp(database.db, { loginId: account.loginId, code }, settings, clock.now(), client, { memory: new RefusalMemory() }))).toBe('otpHeld');
    // Once the hold has run out, the memory lets the right code through.
    clock.advance(24 * HOUR);
    expect(await outcome(loginWithOtp(database.db, { loginId: account.loginId, code }, settings, clock.now(), client, { memory }))).toBe('codeExpired');
  });
});
