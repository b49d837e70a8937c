import { type IncomingMessage, type Server, type ServerResponse, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../server/db/database.ts';
import type { Logger } from '../../../server/log.ts';
import { deliverDue, OUTBOX_MAX_ATTEMPTS } from '../../../server/mail/worker.ts';
import { type TestServer, createAccount, databases, openTestDatabase, signIn, startTestServer } from '../support.ts';

interface Received {
  authorization: string | undefined;
  contentType: string | undefined;
  body: { to: string; text: string };
}

/** A local stand-in for an SMS gateway: answers each request with what `reply` says. */
async function startGateway(reply: (res: ServerResponse) => void): Promise<{ url: string; received: Received[]; close: () => Promise<void> }> {
  const received: Received[] = [];
  const server: Server = createServer((req: IncomingMessage, res) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
    req.on('end', () => {
      received.push({ authorization: req.headers.authorization, contentType: req.headers['content-type'], body: JSON.parse(raw) as Received['body'] });
      reply(res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/sms`,
    received,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

describe.each(databases)('the SMS gateway on $name', ({ name }) => {
  let database: Database;
  let drop: () => Promise<void>;
  const lines: string[] = [];
  const log: Logger = {
    info: (message, fields) => lines.push(JSON.stringify({ message, ...fields })),
    warn: (message, fields) => lines.push(JSON.stringify({ message, ...fields })),
    error: (message, fields) => lines.push(JSON.stringify({ message, ...fields })),
  };
  beforeAll(async () => {
    ({ database, drop } = await openTestDatabase(name));
  });
  afterAll(async () => {
    await drop();
  });

  async function withGateway(env: Record<string, string>, run: (server: TestServer, cookie: string, userId: string) => Promise<void>) {
    const server = await startTestServer(name, { database, env, log });
    const account = await createAccount(server);
    await run(server, await signIn(server, account.loginId), account.id);
  }

  function send(server: TestServer, cookie: string, mobile: string) {
    return server.post('/api/profile/mobile/send-code', { countryCode: '852', mobile, lang: 'en' }, { cookie });
  }

  function smsRow(server: TestServer, to: string) {
    return server.db.selectFrom('outbox').selectAll().where('recipient', '=', to).executeTakeFirstOrThrow();
  }

  it('POSTs {to, text} with the bearer token and marks the row sent on a 2xx', async () => {
    const gateway = await startGateway((res) => res.writeHead(202).end('{"id":"abc"}'));
    try {
      await withGateway({ SMS_GATEWAY_URL: gateway.url, SMS_GATEWAY_TOKEN: 'gateway-token' }, async (server, cookie, userId) => {
        const response = await send(server, cookie, '61234567');
        expect(response.status, response.text).toBe(200);
        expect(gateway.received).toHaveLength(1);
        const [request] = gateway.received;
        expect(request?.authorization).toBe('Bearer gateway-token');
        expect(request?.contentType).toBe('application/json');
        expect(request?.body.to).toBe('+85261234567');
        expect(request?.body.text).toMatch(/^\d{6} is your education platform mobile verification code/);
        const row = await smsRow(server, '+85261234567');
        expect(row.sent_at?.toISOString()).toBe(server.clock.now().toISOString());
        expect(row.last_error).toBeNull();
        // The code sent works.
        const code = /^\d{6}/.exec(request?.body.text ?? '')?.[0];
        const verified = await server.post('/api/profile/mobile/verify', { countryCode: '852', mobile: '61234567', code }, { cookie });
        expect(verified.status, verified.text).toBe(200);
        expect((await server.db.selectFrom('users').select('mobile_number').where('id', '=', userId).executeTakeFirstOrThrow()).mobile_number).toBe('61234567');
      });
    } finally {
      await gateway.close();
    }
  });

  it('answers smsSendFailed on a refusal, gives the row up for good and voids the code so a resend can follow at once', async () => {
    const gateway = await startGateway((res) => res.writeHead(500).end('the code was 123456'));
    try {
      await withGateway({ SMS_GATEWAY_URL: gateway.url }, async (server, cookie, userId) => {
        const response = await send(server, cookie, '51234567');
        expect([response.status, response.body.error.code]).toEqual([424, 'smsSendFailed']);
        expect(gateway.received[0]?.authorization).toBeUndefined();
        const row = await smsRow(server, '+85251234567');
        expect(row).toMatchObject({ sent_at: null, attempts: OUTBOX_MAX_ATTEMPTS, last_error: 'SMS gateway answered HTTP 500' });
        expect(await server.db.selectFrom('mobile_codes').selectAll().where('user_id', '=', userId).executeTakeFirst()).toBeUndefined();
        const code = /^\d{6}/.exec(gateway.received[0]?.body.text ?? '')?.[0] ?? '';
        const late = await server.post('/api/profile/mobile/verify', { countryCode: '852', mobile: '51234567', code }, { cookie });
        expect(late.body.error.code).toBe('codeNotFound');
        // No worker sends it later.
        const transport = { sent: 0, send: async () => void transport.sent++, close() {} };
        server.clock.advance(10 * 60_000);
        await deliverDue({ db: server.db, transport, clock: server.clock, from: 'x@portal.test', log });
        expect(transport.sent).toBe(0);
        const retry = await send(server, cookie, '51234567');
        expect(retry.body.error?.code).toBe('smsSendFailed');
        expect(gateway.received).toHaveLength(2);
        expect(lines.join('\n')).not.toContain(code);
        expect(lines.join('\n')).not.toContain('123456');
      });
    } finally {
      await gateway.close();
    }
  });

  it('answers smsSendFailed when the gateway does not answer in time or cannot be reached', async () => {
    const gateway = await startGateway(() => {
      // Never answers.
    });
    try {
      await withGateway({ SMS_GATEWAY_URL: gateway.url, SMS_GATEWAY_TIMEOUT_MS: '300' }, async (server, cookie) => {
        const started = Date.now();
        const response = await send(server, cookie, '98765432');
        expect([response.status, response.body.error.code]).toEqual([424, 'smsSendFailed']);
        expect(Date.now() - started).toBeLessThan(3000);
        expect((await smsRow(server, '+85298765432')).last_error).toBe('SMS gateway did not answer within 300 ms');
      });
    } finally {
      await gateway.close();
    }
    const closed = await startGateway((res) => res.end());
    await closed.close();
    await withGateway({ SMS_GATEWAY_URL: closed.url }, async (server, cookie) => {
      const response = await send(server, cookie, '98765433');
      expect([response.status, response.body.error.code]).toEqual([424, 'smsSendFailed']);
      expect((await smsRow(server, '+85298765433')).last_error).toBe('SMS gateway unreachable');
    });
  });
});
