import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { ALL_CALLS } from '../../../contract/calls/index.ts';
import { declaresCode } from '../../../contract/call.ts';
import { ERROR_CODES } from '../../../contract/errors.ts';
import { RETRY_AFTER_SECONDS, loadShedding, type LoadSheddingSettings } from '../../../server/load-shedding.ts';
import { type Logger } from '../../../server/log.ts';
import { PASSWORD, createAccount, databases, startTestServer, useTestServer } from '../support.ts';

/**
 * A bare app behind the middleware whose requests to /slow wait until the test lets them go, and
 * whose saturation signal (the event-loop delay) the test sets: no timing anywhere.
 */
function harness(settings: LoadSheddingSettings) {
  const signal = { delayMs: 0 };
  const waiting: Array<() => void> = [];
  const warnings: Array<Record<string, unknown> | undefined> = [];
  const log: Logger = { info() {}, warn: (_message, fields) => warnings.push(fields), error() {} };
  const app = new Hono();
  app.use('*', loadShedding(settings, { log, delay: () => signal.delayMs }));
  app.get('/slow', () => new Promise<Response>((resolve) => waiting.push(() => resolve(Response.json({ data: 'slow' })))));
  app.get('/fast', (c) => c.json({ data: 'fast' }));
  app.get('/fails', () => {
    throw new Error('boom');
  });
  app.get('/api/health', (c) => c.json({ data: { ok: true } }));
  app.onError((_error, c) => c.json({ error: { code: 'internal' } }, 500));
  /** Starts `n` requests to /slow and returns their answers, pending until `release()`. */
  const hold = (n: number) => Array.from({ length: n }, () => app.request('/slow'));
  const release = () => {
    for (const go of waiting.splice(0)) go();
  };
  return { app, signal, hold, release, warnings };
}

describe('load shedding (the middleware, with an injected saturation signal)', () => {
  it('sheds with 503 serverBusy, Retry-After and the envelope once the cap of requests in flight is reached', async () => {
    const h = harness({ maxInFlight: 3, eventLoopDelayMs: 0, minInFlight: 1 });
    const held = h.hold(3);
    const shed = await h.app.request('/fast');
    expect(shed.status).toBe(503);
    expect(shed.headers.get('retry-after')).toBe(String(RETRY_AFTER_SECONDS));
    expect(await shed.json()).toEqual({ error: { code: 'serverBusy', message: expect.any(String) } });
    expect(ERROR_CODES.serverBusy).toBe(503);
    h.release();
    expect((await Promise.all(held)).map((r) => r.status)).toEqual([200, 200, 200]);
    expect((await h.app.request('/fast')).status).toBe(200);
  });

  it('never sheds /api/health', async () => {
    const h = harness({ maxInFlight: 1, eventLoopDelayMs: 100, minInFlight: 1 });
    h.signal.delayMs = 10_000;
    const held = h.hold(1);
    expect((await h.app.request('/fast')).status).toBe(503);
    expect((await h.app.request('/api/health')).status).toBe(200);
    h.release();
    await Promise.all(held);
  });

  it('sheds for a sustained event-loop delay only while enough requests are in flight', async () => {
    const h = harness({ maxInFlight: 0, eventLoopDelayMs: 500, minInFlight: 4 });
    h.signal.delayMs = 2_000;
    // A late loop with few requests in flight is no queue of ours: nothing is shed.
    const held = h.hold(3);
    expect((await h.app.request('/fast')).status).toBe(200);
    held.push(...h.hold(1));
    const shed = await h.app.request('/fast');
    expect(shed.status).toBe(503);
    expect((await shed.json()).error.code).toBe('serverBusy');
    // The loop catches up: the same requests in flight no longer shed anything.
    h.signal.delayMs = 400;
    expect((await h.app.request('/fast')).status).toBe(200);
    h.release();
    expect((await Promise.all(held)).every((r) => r.status === 200)).toBe(true);
  });

  it('counts a request that failed as finished, so the count cannot creep up to the cap', async () => {
    const h = harness({ maxInFlight: 2, eventLoopDelayMs: 0, minInFlight: 1 });
    for (let i = 0; i < 5; i++) expect((await h.app.request('/fails')).status).toBe(500);
    const held = h.hold(1);
    expect((await h.app.request('/fast')).status).toBe(200);
    h.release();
    await Promise.all(held);
  });

  it('logs the shedding once for a burst, with how many were shed', async () => {
    const h = harness({ maxInFlight: 1, eventLoopDelayMs: 0, minInFlight: 1 });
    const held = h.hold(1);
    for (let i = 0; i < 3; i++) expect((await h.app.request('/fast')).status).toBe(503);
    expect(h.warnings).toEqual([{ inFlight: 1, eventLoopDelayMs: 0, shed: 1 }]);
    h.release();
    await Promise.all(held);
  });

  it('never sheds with the default settings below 100 requests in flight, however late the loop', async () => {
    const h = harness({ maxInFlight: 1000, eventLoopDelayMs: 500, minInFlight: 100 });
    h.signal.delayMs = 60_000;
    const held = h.hold(99);
    expect((await h.app.request('/fast')).status).toBe(200);
    held.push(...h.hold(1));
    expect((await h.app.request('/fast')).status).toBe(503);
    h.release();
    await Promise.all(held);
  });
});

describe('every call may answer serverBusy', () => {
  it('is implied by every declaration, as middleware answers it before any call is known', () => {
    for (const call of ALL_CALLS) expect(declaresCode(call, 'serverBusy'), call.name).toBe(true);
  });
});

describe.each(databases)('load shedding in the app ($name)', ({ name }) => {
  const server = useTestServer(name, { env: { LOAD_SHED_MAX_IN_FLIGHT: '1', LOAD_SHED_MIN_IN_FLIGHT: '1' } });

  it('answers the request beyond the cap 503 serverBusy with Retry-After, the security headers and no-store, and still answers health', async () => {
    const { loginId } = await createAccount(server);
    const login = () => server.post('/auth/login', { loginId, password: PASSWORD });
    // The first login is still being answered (its body is read, its password hashed) when the others arrive.
    const [first, health, second] = await Promise.all([login(), server.get('/api/health'), login()]);
    expect(first.status).toBe(200);
    expect(health.status).toBe(200);
    expect(second.status).toBe(503);
    expect(second.body).toEqual({ error: { code: 'serverBusy', message: expect.any(String) } });
    expect(second.headers.get('retry-after')).toBe(String(RETRY_AFTER_SECONDS));
    expect(second.headers.get('content-security-policy')).toBeTruthy();
    expect(second.headers.get('cache-control')).toBe('no-store');
    // Alone, the same request passes.
    expect((await login()).status).toBe(200);
  });
});

describe('the event-loop delay monitor for the bench', () => {
  it('is served under /dev only when EVENT_LOOP_MONITOR=1, with max and p99 in ms, and can be reset', async () => {
    const plain = await startTestServer('pglite');
    const monitored = await startTestServer('pglite', { env: { EVENT_LOOP_MONITOR: '1' }, database: plain.database });
    try {
      expect((await plain.get('/dev/api/event-loop-delay')).status).toBe(404);
      const read = await monitored.get('/dev/api/event-loop-delay');
      expect(read.status).toBe(200);
      expect(read.body.data).toEqual({
        maxMs: expect.any(Number),
        p99Ms: expect.any(Number),
        meanMs: expect.any(Number),
        samples: expect.any(Number),
        gc: { maxMs: expect.any(Number), maxKind: expect.any(String), count: expect.any(Number), totalMs: expect.any(Number), over20Ms: expect.any(Number) },
        pglite: { maxMs: expect.any(Number), maxStatement: expect.any(String), count: expect.any(Number), totalMs: expect.any(Number), over20Ms: expect.any(Number) },
        // Linux tells the scheduler's statistics (the test machines run it); elsewhere null.
        ticks:
          process.platform === 'linux'
            ? { worstLateMs: expect.any(Number), runningMs: expect.any(Number), waitingForCoreMs: expect.any(Number), asleepMs: expect.any(Number), ownMaxMs: expect.any(Number) }
            : null,
      });
      expect(read.body.data.maxMs).toBeGreaterThanOrEqual(read.body.data.p99Ms);
      expect((await monitored.post('/dev/api/event-loop-delay/reset')).body).toEqual({ data: {} });
    } finally {
      await plain.close();
    }
  });
});
