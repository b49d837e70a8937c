import http from 'node:http';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES } from '../../../contract/errors.ts';
import { type TestServer, databases, startTestServer } from '../support.ts';
import { listen, type Listening } from './raw-http.ts';

/**
 * A client that sends its whole body over the limit (issue 21): the server answers 413 from the
 * head, and the client must read that answer, not a connection reset, however much it still
 * writes (server/limits.ts, lingering close). The bench saw 2–3% resets for 1 MB bodies before.
 */

interface Outcome {
  status: number;
  code: string | undefined;
  connection: string | undefined;
  headers: http.IncomingHttpHeaders;
}

/** POSTs `body` whole, as an ordinary client does, on a new connection; rejects on a reset. */
function post(port: number, path: string, body: Buffer): Promise<Outcome> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      { host: '127.0.0.1', port, method: 'POST', path, agent: false, headers: { 'content-type': 'application/json', 'content-length': body.length } },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          let code: string | undefined;
          try {
            code = (JSON.parse(Buffer.concat(chunks).toString('utf8')) as { error?: { code?: string } }).error?.code;
          } catch {
            code = undefined;
          }
          resolve({ status: response.statusCode ?? 0, code, connection: response.headers.connection, headers: response.headers });
        });
        response.on('error', reject);
      },
    );
    request.setTimeout(20_000, () => request.destroy(new Error('timeout')));
    request.on('error', reject);
    request.end(body);
  });
}

/**
 * Sends the head of a 1 MB body and keeps writing the body for `writeMs` without reading anything,
 * then reads: what a client busy uploading sees. Before the lingering close the server's reset
 * (its answer to bytes arriving at a closed socket) made the client's kernel drop the unread 413.
 */
function postWithoutReading(port: number, path: string, writeMs: number): Promise<{ text: string; error: string | undefined }> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    let error: string | undefined;
    const chunk = Buffer.alloc(16_384, 0x78);
    socket.on('error', (e: NodeJS.ErrnoException) => {
      error = e.code ?? e.message;
    });
    socket.on('close', () => resolve({ text: Buffer.concat(chunks).toString('utf8'), error }));
    socket.on('connect', () => {
      socket.pause();
      socket.write(`POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 1048576\r\n\r\n{"file":"`);
      let written = 0;
      const writer = setInterval(() => {
        if (socket.destroyed || written >= 1_048_576 - 20) return;
        socket.write(chunk);
        written += chunk.length;
      }, 5);
      setTimeout(() => {
        clearInterval(writer);
        socket.on('data', (data: Buffer) => chunks.push(data));
        socket.resume();
      }, writeMs);
    });
  });
}

/** 1 MB of JSON: a string of that length in an object, well-formed. */
const megabyte = (key: string) => Buffer.from(`{"${key}":"${'x'.repeat(1_000_000)}"}`);

describe.each(databases)('bodies over their limit, sent whole, on $name', ({ name }) => {
  let server: TestServer;
  let listening: Listening;
  beforeAll(async () => {
    server = await startTestServer(name);
    listening = await listen(server.app);
  });
  afterAll(async () => {
    await listening.close();
    await server.close();
  });

  it('answers every one 413 in the envelope, never a reset (60 requests of 1 MB, 4 at a time)', async () => {
    const cases = [
      { path: '/api/org-accounts/import/check', body: megabyte('file'), code: 'importFileTooLarge' },
      { path: '/auth/login', body: megabyte('loginId'), code: 'payloadTooLarge' },
      { path: '/auth/otp/send', body: megabyte('loginId'), code: 'payloadTooLarge' },
    ];
    const outcomes: (Outcome | string)[] = [];
    let next = 0;
    await Promise.all(
      Array.from({ length: 4 }, async () => {
        while (next < 60) {
          const { path, body, code } = cases[next++ % cases.length] ?? cases[0]!;
          outcomes.push(
            await post(listening.port, path, body).then(
              (outcome) => (outcome.status === ERROR_CODES[code as keyof typeof ERROR_CODES] && outcome.code === code ? outcome : `${path}: ${outcome.status} ${outcome.code}`),
              (error: NodeJS.ErrnoException) => `${path}: ${error.code ?? error.message}`,
            ),
          );
        }
      }),
    );
    expect(outcomes.filter((outcome) => typeof outcome === 'string')).toEqual([]);
    for (const outcome of outcomes as Outcome[]) {
      expect(outcome.connection).toBe('close');
      expect(outcome.headers['cache-control']).toBe('no-store');
      expect(outcome.headers['x-content-type-options']).toBe('nosniff');
    }
  });

  it('a client that reads only after writing on for a while still reads the 413, not a reset', async () => {
    const answers = await Promise.all(Array.from({ length: 4 }, () => postWithoutReading(listening.port, '/api/org-accounts/import/check', 300)));
    for (const { text, error } of answers) {
      expect(error).toBeUndefined();
      expect(text).toMatch(/^HTTP\/1\.1 413 /);
      expect(text).toContain('"code":"importFileTooLarge"');
    }
  });

  it('still answers ordinary requests on new connections meanwhile', async () => {
    const answer = await new Promise<number>((resolve, reject) =>
      http.get({ host: '127.0.0.1', port: listening.port, path: '/api/health', agent: false }, (response) => {
        response.resume();
        resolve(response.statusCode ?? 0);
      }).on('error', reject),
    );
    expect(answer).toBe(200);
  });
});
