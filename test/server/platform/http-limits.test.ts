import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_CALLS } from '../../../contract/calls/index.ts';
import { DEFAULT_BODY_BYTES, fullPath } from '../../../contract/call.ts';
import { MAX_URL_BYTES } from '../../../server/app.ts';
import { type TestServer, createAccount, databases, signIn, startTestServer, writeStaticDir } from '../support.ts';
import { listen, rawRequest, type Listening } from './raw-http.ts';

describe.each(databases)('HTTP limits on $name', ({ name }) => {
  let server: TestServer;
  let listening: Listening;
  let port: number;
  let cookie: string;
  beforeAll(async () => {
    server = await startTestServer(name, { env: { STATIC_DIR: writeStaticDir() } });
    const account = await createAccount(server);
    cookie = await signIn(server, account.loginId);
    listening = await listen(server.app);
    port = listening.port;
  });
  afterAll(async () => {
    await listening.close();
    await server.close();
  });

  describe('Cache-Control: no-store on every API answer', () => {
    it('on successes, refusals, unknown API paths and every GET call', async () => {
      const answers = [
        await server.get('/api/health'),
        await server.get('/api/users/me', { cookie }),
        await server.get('/api/users/me'),
        await server.post('/auth/login', { loginId: 'nobody-here', password: 'wrong-Password-1' }),
        await server.post('/auth/login', { loginId: 'a\u0000b', password: 'x' }),
        await server.get('/api/no-such-call'),
        await server.get('/auth/no-such-call'),
        ...(await Promise.all(ALL_CALLS.filter((call) => call.method === 'get').map((call) => server.get(fullPath(call), { cookie })))),
      ];
      for (const answer of answers) {
        expect(answer.headers.get('content-type')).toMatch(/^application\/json/);
        expect(answer.headers.get('cache-control')).toBe('no-store');
      }
    });

    it('not on the web app’s files, which have their own caching', async () => {
      const page = await server.get('/en/login');
      expect(page.status).toBe(200);
      expect(page.headers.get('cache-control')).not.toBe('no-store');
    });
  });

  describe('over-long addresses', () => {
    it(`an address over ${MAX_URL_BYTES} bytes is answered 414 uriTooLong in the envelope, and the connection closed`, async () => {
      const path = `/api/health?pad=${'x'.repeat(MAX_URL_BYTES)}`;
      const inApp = await server.get(path);
      expect(inApp.status).toBe(414);
      expect(inApp.body.error).toEqual({ code: 'uriTooLong', message: expect.any(String) });
      expect(inApp.headers.get('connection')).toBe('close');
      expect(inApp.headers.get('cache-control')).toBe('no-store');

      const answer = await rawRequest(port, `GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: keep-alive\r\n\r\n`);
      expect(answer.status).toBe(414);
      expect(answer.body).toEqual({ error: { code: 'uriTooLong', message: expect.any(String) } });
      expect(answer.closedByServer).toBe(true);
    });

    it('an address just under the limit is served', async () => {
      const path = `/api/health?pad=${'x'.repeat(MAX_URL_BYTES - 100)}`;
      expect((await server.get(path)).status).toBe(200);
    });

    it('a head over Node’s 16 KiB (a 20 KiB address, a 20 KiB cookie) is answered 431 headersTooLarge in the envelope, and the connection closed', async () => {
      for (const head of [
        `GET /api/health?pad=${'x'.repeat(20_000)} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`,
        `GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\nCookie: big=${'y'.repeat(20_000)}\r\n\r\n`,
      ]) {
        const answer = await rawRequest(port, head);
        expect(answer.status).toBe(431);
        expect(answer.body).toEqual({ error: { code: 'headersTooLarge', message: expect.any(String) } });
        expect(answer.headers['content-type']).toMatch(/^application\/json/);
        expect(answer.headers['cache-control']).toBe('no-store');
        expect(answer.headers['x-content-type-options']).toBe('nosniff');
        expect(answer.headers.connection).toBe('close');
        expect(answer.closedByServer).toBe(true);
      }
    });

    it('a head that is not HTTP is answered in the envelope and closed', async () => {
      const answer = await rawRequest(port, 'HELLO THERE\r\n\r\n');
      expect(answer.status).toBe(400);
      expect(answer.body.error.code).toBe('malformedJson');
      expect(answer.closedByServer).toBe(true);
    });
  });

  describe('over-long bodies', () => {
    const big = JSON.stringify({ loginId: 'x'.repeat(DEFAULT_BODY_BYTES * 4), password: 'p' });

    it('a declared length over the limit is answered 413 payloadTooLarge at once, and the connection closed', async () => {
      const answer = await rawRequest(
        port,
        `POST /auth/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(big)}\r\n\r\n`,
        big,
      );
      expect(answer.status).toBe(413);
      expect(answer.body).toEqual({ error: { code: 'payloadTooLarge', message: expect.any(String) } });
      expect(answer.headers.connection).toBe('close');
      expect(answer.headers['cache-control']).toBe('no-store');
      expect(answer.closedByServer).toBe(true);
    });

    it('a chunked body growing past the limit is answered the same way', async () => {
      const chunked = `${big.length.toString(16)}\r\n${big}\r\n0\r\n\r\n`;
      const answer = await rawRequest(
        port,
        'POST /auth/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n',
        chunked,
      );
      expect(answer.status).toBe(413);
      expect(answer.body.error.code).toBe('payloadTooLarge');
      expect(answer.closedByServer).toBe(true);
    });

    it('after such a refusal the server answers the next connection normally', async () => {
      const answer = await rawRequest(port, 'GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n');
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual({ data: { status: 'ok' } });
    });
  });
});
