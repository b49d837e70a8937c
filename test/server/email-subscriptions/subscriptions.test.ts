import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { SUBSCRIPTION_SERVICES } from '../../../contract/index.ts';
import type { Db } from '../../../server/db/schema.ts';
import { HOUR, MINUTE, databases, emailsTo, useTestServer, tokenFromEmail } from '../support.ts';

/** Row counts of every table a subscription call could change. */
async function subscriptionCounts(db: Db): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of ['subscription_requests', 'email_subscriptions', 'outbox', 'holds'] as const) {
    const row = await db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    counts[table] = Number(row.n);
  }
  return counts;
}

let addresses = 0;
function uniqueEmail(prefix = 'reader'): string {
  addresses++;
  return `${prefix}.${addresses.toString(36)}${randomBytes(3).toString('hex')}@example.test`;
}

describe.each(databases)('public newsletter subscription on $name', ({ name }) => {
  /** Tokens ending in "-robot" fail the check, like a real verifier refusing a bot. */
  const recaptcha = async (token: string) => token.length > 0 && !token.endsWith('-robot');
  const server = useTestServer(name, { recaptcha });

  function request(overrides: Record<string, unknown> = {}) {
    const email = uniqueEmail();
    return { email, confirmEmail: email, services: ['edPost', 'parentInfo'], recaptcha: 'token', lang: 'en', ...overrides };
  }

  /** Asks for a subscription and returns the emailed link's token. */
  async function subscribe(overrides: Record<string, unknown> = {}) {
    const payload = request(overrides);
    const response = await server.post('/api/email-subscriptions', payload);
    expect(response.status, response.text).toBe(200);
    const email = String(payload.email).trim().toLowerCase();
    return { email, token: tokenFromEmail((await emailsTo(server, email))[0]) };
  }

  function verify(token: unknown) {
    return server.post('/api/email-subscriptions/verify', { kind: 'subscription', token });
  }

  function subscriptionOf(email: string) {
    return server.db.selectFrom('email_subscriptions').selectAll().where('email', '=', email).executeTakeFirst();
  }

  describe('POST /api/email-subscriptions', () => {
    it('stores a pending request and emails its confirmation link in the chosen language', async () => {
      const payload = request({ lang: 'zh_hant', services: ['parentInfo', 'edPost'] });
      const response = await server.post('/api/email-subscriptions', payload);
      expect(response.status).toBe(200);
      expect(response.body).toEqual({ data: { email: payload.email } });
      const [mail, ...others] = await emailsTo(server, payload.email);
      expect(others).toEqual([]);
      expect(mail?.subject).toBe('確認訂閱教育平台電子通訊');
      expect(mail?.text).toContain('EdPost：教育平台最新消息');
      expect(mail?.text).toContain('家長資訊');
      expect(mail?.text).toMatch(new RegExp(`^${server.config.publicUrl}/zh_hant/subscriptions/verify\\?token=[A-Za-z0-9_-]{43}$`, 'm'));
      const row = await server.db.selectFrom('subscription_requests').selectAll().where('email', '=', payload.email).executeTakeFirstOrThrow();
      expect(row).toMatchObject({ services: ['edPost', 'parentInfo'], lang: 'zh_hant', used_at: null });
      expect(row.expires_at.getTime() - server.clock.now().getTime()).toBe(24 * HOUR);
      expect(await subscriptionOf(payload.email)).toBeUndefined();
    });

    it('writes English and Simplified Chinese emails too', async () => {
      for (const [lang, subject] of [
        ['en', 'Confirm your education platform newsletter subscription'],
        ['zh_hans', '确认订阅教育平台电子通讯'],
      ] as const) {
        const payload = request({ lang, services: ['teacherInfo'] });
        expect((await server.post('/api/email-subscriptions', payload)).status).toBe(200);
        const [mail] = await emailsTo(server, payload.email);
        expect(mail?.subject).toBe(subject);
        expect(mail?.text).toContain(`${server.config.publicUrl}/${lang}/subscriptions/verify?token=`);
      }
    });

    it('keeps an address in lower case and each service once', async () => {
      const email = uniqueEmail('Mixed.Case').replace('example', 'EXAMPLE');
      const response = await server.post('/api/email-subscriptions', request({ email: ` ${email} `, confirmEmail: email, services: ['DoNotCall', 'edPost', 'DoNotCall'] }));
      expect(response.status, response.text).toBe(200);
      expect(response.body.data.email).toBe(email.toLowerCase());
      const row = await server.db.selectFrom('subscription_requests').selectAll().where('email', '=', email.toLowerCase()).executeTakeFirstOrThrow();
      expect(row.services).toEqual(['edPost', 'DoNotCall']);
    });

    it('answers recaptchaFailed when the robot check fails, and stores and sends nothing', async () => {
      const before = await subscriptionCounts(server.db);
      const response = await server.post('/api/email-subscriptions', request({ recaptcha: 'token-robot' }));
      expect(response.status).toBe(400);
      expect(response.body.error).toMatchObject({ code: 'recaptchaFailed', fields: [{ field: 'recaptcha', rule: 'recaptcha' }] });
      expect(await subscriptionCounts(server.db)).toEqual(before);
    });

    const long = 'a'.repeat(5 * 1024);
    const badPayloads: [string, Record<string, unknown>, { field: string; rule: string }][] = [
      ['a missing email', { email: undefined }, { field: 'email', rule: 'required' }],
      ['an empty email', { email: '', confirmEmail: '' }, { field: 'email', rule: 'required' }],
      ['a malformed email', { email: 'not-an-email', confirmEmail: 'not-an-email' }, { field: 'email', rule: 'format' }],
      ['a number for the email', { email: 42 }, { field: 'email', rule: 'required' }],
      ['a 5 KB email', { email: `${long}@example.test`, confirmEmail: `${long}@example.test` }, { field: 'email', rule: 'maxLength' }],
      ['a missing confirmation', { confirmEmail: undefined }, { field: 'confirmEmail', rule: 'required' }],
      ['a confirmation that differs', { confirmEmail: 'someone.else@example.test' }, { field: 'confirmEmail', rule: 'sameAs' }],
      ['no service', { services: [] }, { field: 'services', rule: 'required' }],
      ['a missing service list', { services: undefined }, { field: 'services', rule: 'required' }],
      ['an unknown service', { services: ['edPost', 'lottery'] }, { field: 'services.1', rule: 'format' }],
      ['a string for the services', { services: 'edPost' }, { field: 'services', rule: 'format' }],
      ['a missing reCAPTCHA', { recaptcha: undefined }, { field: 'recaptcha', rule: 'required' }],
      ['a 5 KB reCAPTCHA', { recaptcha: long }, { field: 'recaptcha', rule: 'recaptcha' }],
      ['an unknown language', { lang: 'fr' }, { field: 'lang', rule: 'format' }],
    ];

    it.each(badPayloads)('refuses %s with invalidPayload and the field, changing nothing', async (_, overrides, issue) => {
      const before = await subscriptionCounts(server.db);
      const payload = Object.fromEntries(Object.entries(request(overrides)).filter(([, value]) => value !== undefined));
      const response = await server.post('/api/email-subscriptions', payload);
      expect(response.status).toBe(400);
      expect(response.body.error.code).toBe('invalidPayload');
      expect(response.body.error.fields).toContainEqual(issue);
      expect(await subscriptionCounts(server.db)).toEqual(before);
    });

    it('refuses a body that is not JSON with malformedJson, changing nothing', async () => {
      const before = await subscriptionCounts(server.db);
      const response = await server.request('POST', '/api/email-subscriptions', { raw: '{"email":', headers: { 'content-type': 'application/json' } });
      expect(response.status).toBe(400);
      expect(response.body.error.code).toBe('malformedJson');
      expect(await subscriptionCounts(server.db)).toEqual(before);
    });

    it('holds an address after five requests in 24 hours, sending nothing more until the hold ends', async () => {
      const email = uniqueEmail('bomb');
      for (let i = 0; i < 5; i++) {
        expect((await server.post('/api/email-subscriptions', request({ email, confirmEmail: email }))).status).toBe(200);
        server.clock.advance(MINUTE);
      }
      const sixth = await server.post('/api/email-subscriptions', request({ email, confirmEmail: email }));
      expect(sixth.status).toBe(429);
      expect(sixth.body.error.code).toBe('held');
      const holdUntil = Date.parse(sixth.body.error.holdUntil);
      expect(holdUntil).toBe(server.clock.now().getTime() + 24 * HOUR);
      server.clock.advance(12 * HOUR);
      expect((await server.post('/api/email-subscriptions', request({ email, confirmEmail: email }))).body.error).toMatchObject({ code: 'held' });
      expect(await emailsTo(server, email)).toHaveLength(5);
      const other = await server.post('/api/email-subscriptions', request());
      expect(other.status).toBe(200);
      server.clock.advance(12 * HOUR + MINUTE);
      expect((await server.post('/api/email-subscriptions', request({ email, confirmEmail: email }))).status).toBe(200);
      expect(await emailsTo(server, email)).toHaveLength(6);
    });

    it('lets at most five of 20 parallel requests for one address through', async () => {
      const email = uniqueEmail('burst');
      const responses = await Promise.all(Array.from({ length: 20 }, () => server.post('/api/email-subscriptions', request({ email, confirmEmail: email }))));
      expect(responses.filter((r) => r.status === 200)).toHaveLength(5);
      expect(new Set(responses.filter((r) => r.status !== 200).map((r) => r.body.error.code))).toEqual(new Set(['held']));
      expect(await emailsTo(server, email)).toHaveLength(5);
    });

    it('stores the request only together with its email (one transaction)', async () => {
      const email = uniqueEmail('undeliverable');
      await sql`ALTER TABLE outbox ADD CONSTRAINT refuse_test_recipient CHECK (recipient <> ${sql.lit(email)})`.execute(server.db);
      try {
        const response = await server.post('/api/email-subscriptions', request({ email, confirmEmail: email }));
        expect(response.status).toBe(500);
        expect(response.body.error.code).toBe('internal');
      } finally {
        await sql`ALTER TABLE outbox DROP CONSTRAINT refuse_test_recipient`.execute(server.db);
      }
      const rows = await server.db.selectFrom('subscription_requests').select('token_hash').where('email', '=', email).execute();
      expect(rows).toEqual([]);
      expect(await emailsTo(server, email)).toEqual([]);
    });
  });

  describe('POST /api/email-subscriptions/verify', () => {
    it('subscribes the address to the services asked for and answers what it applied', async () => {
      const { email, token } = await subscribe({ services: ['studentInfo', 'edPost'] });
      const response = await verify(token);
      expect(response.status, response.text).toBe(200);
      expect(response.body).toEqual({ data: { kind: 'subscription', email, services: ['edPost', 'studentInfo'] } });
      expect(await subscriptionOf(email)).toMatchObject({ services: ['edPost', 'studentInfo'] });
    });

    it('accepts the token without a kind', async () => {
      const { email, token } = await subscribe();
      const response = await server.post('/api/email-subscriptions/verify', { token });
      expect(response.status, response.text).toBe(200);
      expect(response.body.data).toMatchObject({ kind: 'subscription', email });
    });

    it('replaces the services of an earlier confirmation with a later one', async () => {
      const first = await subscribe({ services: [...SUBSCRIPTION_SERVICES] });
      expect((await verify(first.token)).status).toBe(200);
      const response = await server.post('/api/email-subscriptions', request({ email: first.email, confirmEmail: first.email, services: ['teacherInfo'] }));
      expect(response.status).toBe(200);
      const [latest] = await emailsTo(server, first.email);
      expect((await verify(tokenFromEmail(latest))).body.data.services).toEqual(['teacherInfo']);
      expect(await subscriptionOf(first.email)).toMatchObject({ services: ['teacherInfo'] });
      const count = await server.db.selectFrom('email_subscriptions').select((eb) => eb.fn.countAll<number>().as('n')).where('email', '=', first.email).executeTakeFirstOrThrow();
      expect(Number(count.n)).toBe(1);
    });

    it('answers alreadyUsed to a link followed a second time, changing nothing', async () => {
      const { token } = await subscribe();
      expect((await verify(token)).status).toBe(200);
      const before = await subscriptionCounts(server.db);
      const again = await verify(token);
      expect(again.status).toBe(410);
      expect(again.body.error.code).toBe('alreadyUsed');
      expect(await subscriptionCounts(server.db)).toEqual(before);
    });

    it('answers expired after 24 hours, and subscribes nobody', async () => {
      const { email, token } = await subscribe();
      server.clock.advance(24 * HOUR - MINUTE);
      const { token: fresh } = await subscribe();
      server.clock.advance(MINUTE);
      const response = await verify(token);
      expect(response.status).toBe(410);
      expect(response.body.error.code).toBe('expired');
      expect(await subscriptionOf(email)).toBeUndefined();
      expect((await verify(fresh)).status).toBe(200);
    });

    it('answers linkInvalid to an unknown or malformed token, changing nothing', async () => {
      const before = await subscriptionCounts(server.db);
      for (const token of [randomBytes(32).toString('base64url'), 'short', 'x'.repeat(43).replace(/x$/, '!')]) {
        const response = await verify(token);
        expect(response.status, token).toBe(400);
        expect(response.body.error.code).toBe('linkInvalid');
      }
      expect(await subscriptionCounts(server.db)).toEqual(before);
    });

    it.each([
      ['a missing token', {}],
      ['a number for the token', { token: 42 }],
      ['an empty token', { token: '' }],
      ['a 5 KB token', { token: 'a'.repeat(5 * 1024) }],
      ['another kind of link', { kind: 'login', token: 'a'.repeat(43) }],
    ])('refuses %s with invalidPayload, changing nothing', async (_, body) => {
      const before = await subscriptionCounts(server.db);
      const response = await server.post('/api/email-subscriptions/verify', body);
      expect(response.status).toBe(400);
      expect(response.body.error.code).toBe('invalidPayload');
      expect(await subscriptionCounts(server.db)).toEqual(before);
    });

    it('applies a link used 20 times in parallel exactly once', async () => {
      const { email, token } = await subscribe({ services: ['DoNotCall'] });
      const responses = await Promise.all(Array.from({ length: 20 }, () => verify(token)));
      expect(responses.filter((r) => r.status === 200)).toHaveLength(1);
      expect(responses.filter((r) => r.status !== 200).map((r) => r.body.error.code)).toEqual(Array(19).fill('alreadyUsed'));
      expect(await subscriptionOf(email)).toMatchObject({ services: ['DoNotCall'] });
    });
  });
});
