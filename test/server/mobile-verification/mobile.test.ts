import { isValidPhoneNumber } from 'libphonenumber-js/mobile';
import { describe, expect, it } from 'vitest';
import { HOLD_MAX_ATTEMPTS, type Language } from '../../../contract/index.ts';
import type { Db } from '../../../server/db/schema.ts';
import { MOBILE_HOLD_KIND, MOBILE_SENDS_PER_DAY, sendMobileCode, verifyMobileCode } from '../../../server/domain/mobile.ts';
import { listOutbox } from '../../../server/mail/outbox.ts';
import { logInto, outcome, rowCounts, sentCode, statementCounter, suiteDatabase, wrongCode } from '../code-support.ts';
import { type AccountFixture, HOUR, MINUTE, TestClock, createAccount, databases, signIn, useTestServer } from '../support.ts';

/** Row counts of every table a mobile call could change. */
const counts = (db: Db) => rowCounts(db, ['users', 'mobile_codes', 'outbox', 'holds']);

let numbers = 0;
/** A Hong Kong mobile number no other test has used (9xxxxxxx). */
/** A Hong Kong mobile number no other test uses: 9xxxxxxx, skipping the ranges not allocated to mobiles (~13%). */
function hkMobile(): string {
  for (;;) {
    numbers++;
    const candidate = `9${String(1_000_000 + ((Date.now() + numbers * 7919) % 8_999_999)).slice(-7)}`;
    if (isValidPhoneNumber(candidate, 'HK')) return candidate;
  }
}

describe.each(databases)('mobile verification on $name', ({ name }) => {
  const lines: string[] = [];
  const server = useTestServer(name, { log: logInto(lines) });

  async function signedIn(language: Language = 'en'): Promise<AccountFixture & { cookie: string }> {
    const account = await createAccount(server, { language });
    return { ...account, cookie: await signIn(server, account.loginId) };
  }

  function send(cookie: string, body: Record<string, unknown>) {
    return server.post('/api/profile/mobile/send-code', { countryCode: '852', lang: 'en', ...body }, { cookie });
  }

  function check(cookie: string, body: Record<string, unknown>) {
    return server.post('/api/profile/mobile/verify', { countryCode: '852', ...body }, { cookie });
  }

  describe('POST /api/profile/mobile/send-code', () => {
    it('writes a six-digit code as an SMS in the account language and stores only its HMAC', async () => {
      const user = await signedIn('zh_hant');
      const mobile = hkMobile();
      const response = await send(user.cookie, { mobile, lang: 'zh_hant' });
      expect(response.status, response.text).toBe(200);
      const now = server.clock.now().getTime();
      expect(response.body).toEqual({
        data: { expiresAt: new Date(now + 5 * MINUTE).toISOString(), resendAt: new Date(now + MINUTE).toISOString() },
      });
      const [sms, ...more] = await listOutbox(server.db, { to: `+852${mobile}` });
      expect(more).toEqual([]);
      expect(sms?.subject).toBe('SMS');
      expect(sms?.text).toMatch(/^\d{6} 是你的教育平台手機驗證碼，5 分鐘內有效。/);
      const code = await sentCode(server.db, `+852${mobile}`);
      const row = await server.db.selectFrom('mobile_codes').selectAll().where('user_id', '=', user.id).executeTakeFirstOrThrow();
      expect(row).toMatchObject({ country_code: '852', mobile_number: mobile, used_at: null });
      expect(row.code_hash).not.toContain(code);
      expect(row.code_hash).toMatch(/^[A-Za-z0-9_-]{43}$/);
      const outboxRow = await server.db.selectFrom('outbox').selectAll().where('recipient', '=', `+852${mobile}`).executeTakeFirstOrThrow();
      expect(outboxRow).toMatchObject({ channel: 'sms', sent_at: null });
    });

    it("writes English and Simplified Chinese SMS: the account's language, whatever the page sent (issue 26, item 7)", async () => {
      for (const [language, pageLang, start] of [
        ['en', 'zh_hant', /^\d{6} is your education platform mobile verification code\. It works for 5 minutes\./],
        ['zh_hans', 'en', /^\d{6} 是你的教育平台手机验证码，5 分钟内有效。/],
      ] as const) {
        const user = await signedIn(language);
        const mobile = hkMobile();
        await send(user.cookie, { mobile, lang: pageLang });
        const [sms] = await listOutbox(server.db, { to: `+852${mobile}` });
        expect(sms?.text).toMatch(start);
      }
    });

    it('shows SMS in the development mailbox, found by the number with or without an encoded +', async () => {
      const user = await signedIn();
      const mobile = hkMobile();
      await send(user.cookie, { mobile });
      const code = await sentCode(server.db, `+852${mobile}`);
      for (const query of [`%2B852${mobile}`, `+852${mobile}`, `852${mobile}`]) {
        const listed = await server.get(`/dev/api/outbox?to=${query}`);
        expect(listed.body.data, query).toEqual([expect.objectContaining({ to: `+852${mobile}`, subject: 'SMS' })]);
        expect(listed.body.data[0].text).toContain(code);
      }
      const page = await server.get(`/dev/mailbox?to=%2B852${mobile}`);
      expect(page.text).toContain(code);
      expect(page.text).toContain(`value="+852${mobile}"`);
    });

    it('accepts mobiles of other places and a typed trunk prefix, storing the national number', async () => {
      const cases: [string, string, string][] = [
        ['853', '66123456', '66123456'],
        ['86', '13812345678', '13812345678'],
        ['44', '07400123456', '7400123456'],
      ];
      for (const [countryCode, mobile, stored] of cases) {
        const user = await signedIn();
        const response = await send(user.cookie, { countryCode, mobile });
        expect(response.status, `${countryCode} ${mobile}`).toBe(200);
        const row = await server.db.selectFrom('mobile_codes').selectAll().where('user_id', '=', user.id).executeTakeFirstOrThrow();
        expect(row.mobile_number).toBe(stored);
      }
    });

    it('refuses fixed lines, numbers of another country and unknown calling codes with mobileNotMobile, sending nothing', async () => {
      const user = await signedIn();
      const before = await counts(server.db);
      for (const [countryCode, mobile] of [
        ['852', '21234567'],
        ['852', '13812345678'],
        ['853', '91234567'],
        ['999', '91234567'],
        ['852', '9123'],
      ]) {
        const response = await send(user.cookie, { countryCode, mobile });
        expect([response.status, response.body.error?.code], `${countryCode} ${mobile}`).toEqual([400, 'mobileNotMobile']);
        expect(response.body.error.fields).toEqual([{ field: 'mobile', rule: 'format' }]);
      }
      expect(await counts(server.db)).toEqual(before);
    });

    it('refuses a resend within a minute (holdUntil says when), then replaces the code', async () => {
      const user = await signedIn();
      const mobile = hkMobile();
      await send(user.cookie, { mobile });
      const first = await sentCode(server.db, `+852${mobile}`);
      const resendAt = new Date(server.clock.now().getTime() + MINUTE).toISOString();
      server.clock.advance(30_000);
      const before = await counts(server.db);
      const early = await send(user.cookie, { mobile });
      expect([early.status, early.body.error.code, early.body.error.holdUntil]).toEqual([429, 'codeResendTooSoon', resendAt]);
      const otherNumber = await send(user.cookie, { mobile: hkMobile() });
      expect(otherNumber.body.error.code).toBe('codeResendTooSoon');
      expect(await counts(server.db)).toEqual(before);

      server.clock.advance(30_000);
      expect((await send(user.cookie, { mobile })).status).toBe(200);
      const second = await sentCode(server.db, `+852${mobile}`);
      if (second !== first) {
        const old = await check(user.cookie, { mobile, code: first });
        expect(old.body.error.code).toBe('codeWrong');
      }
      const right = await check(user.cookie, { mobile, code: second });
      expect(right.status, right.text).toBe(200);
    });

    it('lets only one of parallel sends through', async () => {
      const user = await signedIn();
      const mobile = hkMobile();
      const results = await Promise.all(Array.from({ length: 8 }, () => send(user.cookie, { mobile })));
      expect(results.filter((r) => r.status === 200)).toHaveLength(1);
      expect(results.filter((r) => r.status === 429).every((r) => r.body.error.code === 'codeResendTooSoon')).toBe(true);
      expect(await listOutbox(server.db, { to: `+852${mobile}` })).toHaveLength(1);
    });
  });

  describe('the daily SMS limit', () => {
    it('sends at most MOBILE_SENDS_PER_DAY codes an account in 24 hours, then smsLimit with nothing sent', async () => {
      const user = await signedIn();
      const numbers: string[] = [];
      for (let n = 0; n < MOBILE_SENDS_PER_DAY; n++) {
        numbers.push(hkMobile());
        expect((await send(user.cookie, { mobile: numbers.at(-1) })).status).toBe(200);
        server.clock.advance(MINUTE);
      }
      const before = await counts(server.db);
      const refused = await send(user.cookie, { mobile: hkMobile() });
      expect([refused.status, refused.body.error.code]).toEqual([429, 'smsLimit']);
      expect(await counts(server.db)).toEqual(before);
      // The last code sent still verifies: the limit stops sending, not verifying.
      const last = numbers.at(-1) ?? '';
      expect((await check(user.cookie, { mobile: last, code: await sentCode(server.db, `+852${last}`) })).status).toBe(200);
    });
  });

  describe('POST /api/profile/mobile/verify', () => {
    it('verifies the number with the right code and spends it', async () => {
      const user = await signedIn();
      const mobile = hkMobile();
      await send(user.cookie, { mobile });
      const code = await sentCode(server.db, `+852${mobile}`);
      server.clock.advance(4 * MINUTE);
      const response = await check(user.cookie, { mobile, code });
      expect(response.status, response.text).toBe(200);
      expect(response.body).toEqual({ data: { countryCode: '852', mobile, verified: true } });
      const row = await server.db.selectFrom('users').selectAll().where('id', '=', user.id).executeTakeFirstOrThrow();
      expect([row.mobile_country_code, row.mobile_number, row.mobile_verified_at?.toISOString()]).toEqual(['852', mobile, server.clock.now().toISOString()]);
      const again = await check(user.cookie, { mobile, code });
      expect([again.status, again.body.error.code]).toEqual([404, 'codeNotFound']);
      // After a verification a new number may be started at once.
      expect((await send(user.cookie, { mobile: hkMobile() })).status).toBe(200);
    });

    it('tells wrong, expired and not-found codes apart, changing nothing on the account', async () => {
      const user = await signedIn();
      const mobile = hkMobile();
      const none = await check(user.cookie, { mobile, code: '123456' });
      expect([none.status, none.body.error.code]).toEqual([404, 'codeNotFound']);
      await send(user.cookie, { mobile });
      const code = await sentCode(server.db, `+852${mobile}`);
      const wrong = await check(user.cookie, { mobile, code: wrongCode(code) });
      expect([wrong.status, wrong.body.error.code]).toEqual([400, 'codeWrong']);
      const otherNumber = await check(user.cookie, { mobile: hkMobile(), code });
      expect([otherNumber.status, otherNumber.body.error.code]).toEqual([404, 'codeNotFound']);
      server.clock.advance(5 * MINUTE);
      const expired = await check(user.cookie, { mobile, code });
      expect([expired.status, expired.body.error.code]).toEqual([410, 'codeExpired']);
      const row = await server.db.selectFrom('users').selectAll().where('id', '=', user.id).executeTakeFirstOrThrow();
      expect(row.mobile_verified_at).toBeNull();
    });

    it('holds the user after the sixth wrong code, also for sending, for 24 hours', async () => {
      const user = await signedIn();
      const mobile = hkMobile();
      await send(user.cookie, { mobile });
      const code = await sentCode(server.db, `+852${mobile}`);
      for (let i = 1; i <= HOLD_MAX_ATTEMPTS; i++) {
        const response = await check(user.cookie, { mobile, code: wrongCode(code) });
        expect(response.body.error.code, `attempt ${i}`).toBe('codeWrong');
      }
      const holdUntil = new Date(server.clock.now().getTime() + 24 * HOUR).toISOString();
      const sixth = await check(user.cookie, { mobile, code: wrongCode(code) });
      expect([sixth.status, sixth.body.error.code, sixth.body.error.holdUntil]).toEqual([429, 'held', holdUntil]);
      const right = await check(user.cookie, { mobile, code });
      expect([right.status, right.body.error.code]).toEqual([429, 'held']);
      server.clock.advance(2 * MINUTE);
      const sending = await send(user.cookie, { mobile });
      expect([sending.status, sending.body.error.code, sending.body.error.holdUntil]).toEqual([429, 'held', holdUntil]);
    });

    it('refuses bad inputs with a code and changes nothing', async () => {
      const user = await signedIn();
      const mobile = hkMobile();
      await send(user.cookie, { mobile });
      const before = await counts(server.db);
      const bad: [string, unknown][] = [
        ['/api/profile/mobile/verify', { countryCode: '852', mobile, code: '12a456' }],
        ['/api/profile/mobile/verify', { countryCode: '852', mobile, code: '12345' }],
        ['/api/profile/mobile/verify', { countryCode: '852', mobile, code: 123456 }],
        ['/api/profile/mobile/verify', { countryCode: '852', mobile: 'x'.repeat(5_000), code: '123456' }],
        ['/api/profile/mobile/verify', { countryCode: '+852', mobile, code: '123456' }],
        ['/api/profile/mobile/send-code', { countryCode: '852', mobile: '9123-4567', lang: 'en' }],
        ['/api/profile/mobile/send-code', { countryCode: '8520', mobile, lang: 'en' }],
        ['/api/profile/mobile/send-code', { countryCode: '852', mobile, lang: 'de' }],
        ['/api/profile/mobile/send-code', { countryCode: '852', mobile: '9'.repeat(5_000), lang: 'en' }],
        ['/api/profile/mobile/send-code', {}],
      ];
      for (const [path, body] of bad) {
        const response = await server.post(path, body, { cookie: user.cookie });
        expect([response.status, response.body.error?.code], JSON.stringify(body).slice(0, 80)).toEqual([400, 'invalidPayload']);
      }
      expect(await counts(server.db)).toEqual(before);
    });

    it('answers 401 without a session', async () => {
      const sending = await server.post('/api/profile/mobile/send-code', { countryCode: '852', mobile: hkMobile(), lang: 'en' });
      expect([sending.status, sending.body.error.code]).toEqual([401, 'unauthorized']);
      const checking = await server.post('/api/profile/mobile/verify', { countryCode: '852', mobile: hkMobile(), code: '123456' });
      expect(checking.status).toBe(401);
    });

    it('never writes a code into the logs', async () => {
      const user = await signedIn();
      const mobile = hkMobile();
      await send(user.cookie, { mobile });
      const code = await sentCode(server.db, `+852${mobile}`);
      await check(user.cookie, { mobile, code: wrongCode(code) });
      await check(user.cookie, { mobile, code });
      expect(lines.join('\n')).not.toContain(code);
    });
  });
});

/** Counts the statements that judge a code: the read of the user's mobile_codes row. */
const evaluationCounter = () => statementCounter(/^select .* from "mobile_codes"/);

describe.each(databases)('mobile code holds on $name', ({ name }) => {
  const database = suiteDatabase(name);
  const clock = new TestClock();
  const secret = 'test-secret-for-mobile-codes-0123456789';

  it('evaluates at most six of 50 parallel wrong codes, and holds the rest unevaluated', async () => {
    const user = await createAccount({ db: database.db, clock }, { password: null });
    await sendMobileCode(database.db, { id: user.id, language: 'en' }, { countryCode: '852', mobile: '91234567', lang: 'en' }, { secret, delivery: null }, clock.now());
    const code = await sentCode(database.db, '+85291234567');
    const counter = evaluationCounter();
    const db = database.db.withPlugin(counter.plugin);
    const results = await Promise.all(
      Array.from({ length: 50 }, () => outcome(verifyMobileCode(db, user.id, { countryCode: '852', mobile: '91234567', code: wrongCode(code) }, secret, clock.now()))),
    );
    expect(counter.count).toBeLessThanOrEqual(HOLD_MAX_ATTEMPTS + 1);
    expect(results.filter((r) => r === 'codeWrong').length).toBeLessThanOrEqual(HOLD_MAX_ATTEMPTS);
    expect(results.filter((r) => r !== 'codeWrong').every((r) => r === 'held')).toBe(true);
    expect(results.filter((r) => r === 'held').length).toBeGreaterThanOrEqual(50 - HOLD_MAX_ATTEMPTS);
    const hold = await database.db.selectFrom('holds').selectAll().where('subject', '=', user.id).where('kind', '=', MOBILE_HOLD_KIND).executeTakeFirstOrThrow();
    expect(hold.held_until?.getTime()).toBe(clock.now().getTime() + 24 * HOUR);
    // Even the right code is not evaluated while held.
    expect(await outcome(verifyMobileCode(database.db, user.id, { countryCode: '852', mobile: '91234567', code }, secret, clock.now()))).toBe('held');
  });

  it('spends one right code sent 20 times in parallel exactly once (the others count as failed attempts)', async () => {
    const user = await createAccount({ db: database.db, clock }, { password: null });
    await sendMobileCode(database.db, { id: user.id, language: 'en' }, { countryCode: '853', mobile: '66123456', lang: 'en' }, { secret, delivery: null }, clock.now());
    const code = await sentCode(database.db, '+85366123456');
    const results = await Promise.all(
      Array.from({ length: 20 }, () => outcome(verifyMobileCode(database.db, user.id, { countryCode: '853', mobile: '66123456', code }, secret, clock.now()))),
    );
    expect(results.filter((r) => r === 'ok')).toHaveLength(1);
    expect(results.filter((r) => r !== 'ok').every((r) => r === 'codeNotFound' || r === 'held')).toBe(true);
    const user_ = await database.db.selectFrom('users').select('mobile_number').where('id', '=', user.id).executeTakeFirstOrThrow();
    expect(user_.mobile_number).toBe('66123456');
  });
});
