import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../server/config.ts';
import type { Database, PoolUse } from '../../../server/db/database.ts';
import { PortalMetrics, portalMetrics } from '../../../server/ops/metrics.ts';
import { METRICS_CONTENT_TYPE, startMetricsServer } from '../../../server/ops/metrics-server.ts';
import { silentLogger } from '../../../server/log.ts';
import { createAccount, databases, useTestServer } from '../support.ts';

/** The samples of a Prometheus text exposition: `name{a="b",…} value`, keyed by name and sorted labels. */
function parse(text: string): Map<string, number> {
  const samples = new Map<string, number>();
  for (const line of text.split('\n')) {
    if (line === '' || line.startsWith('#')) continue;
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match) throw new Error(`not a sample: ${line}`);
    const labels = (match[2] ?? '')
      .split(/,(?=\w+=")/)
      .filter(Boolean)
      .sort()
      .join(',');
    samples.set(labels ? `${match[1]}{${labels}}` : (match[1] ?? ''), Number(match[3]));
  }
  return samples;
}

const sample = (samples: Map<string, number>, key: string) => samples.get(key) ?? 0;

describe.each(databases)('metrics on $name', ({ name }) => {
  const server = useTestServer(name);

  it('counts requests and their latency by declared call and status, and sign-ins by method and outcome', async () => {
    const before = parse(await portalMetrics.scrape(server.database));
    const account = await createAccount(server);
    await server.get('/api/health');
    await server.get('/api/health');
    await server.get('/api/users/me');
    await server.get('/api/no-such-call');
    expect((await server.post('/auth/login', { loginId: account.loginId, password: 'Not-The-Password-1' })).status).toBe(401);
    const signedIn = await server.post('/auth/login', { loginId: account.loginId, password: account.password });
    expect(signedIn.status).toBe(200);
    const after = parse(await portalMetrics.scrape(server.database));
    const delta = (key: string) => sample(after, key) - sample(before, key);

    expect(delta('portal_http_requests_total{call="health",status="200"}')).toBe(2);
    expect(delta('portal_http_requests_total{call="users.me",status="401"}')).toBe(1);
    // Never the raw path: an undeclared address counts under its area.
    expect(delta('portal_http_requests_total{call="undeclared",status="404"}')).toBe(1);
    expect([...after.keys()].some((key) => key.includes('no-such-call'))).toBe(false);
    expect(delta('portal_http_request_duration_seconds_count{call="session.login",status="200"}')).toBe(1);
    expect(delta('portal_http_request_duration_seconds_bucket{call="health",le="+Inf",status="200"}')).toBe(2);
    expect(sample(after, 'portal_http_request_duration_seconds_sum{call="session.login",status="200"}')).toBeGreaterThan(0);
    expect(delta('portal_sign_ins_total{method="password",outcome="success"}')).toBe(1);
    expect(delta('portal_sign_ins_total{method="password",outcome="loginFailed"}')).toBe(1);
  });

  it('reads the outbox backlog and its oldest undelivered email when scraped', async () => {
    const now = server.clock.now();
    await server.db.deleteFrom('outbox').execute();
    const email = (minutesAgo: number, extra: { sent_at?: Date; failed_at?: Date } = {}) => ({
      channel: 'email' as const,
      recipient: 'someone@example.test',
      subject: 's',
      body_text: 't',
      created_at: new Date(now.getTime() - minutesAgo * 60_000),
      next_attempt_at: now,
      sent_at: null,
      last_error: null,
      ...extra,
    });
    await server.db.insertInto('outbox').values([email(30), email(5), email(90, { sent_at: now }), email(60 * 30, { failed_at: now })]).execute();
    const samples = parse(await portalMetrics.scrape(server.database, now));
    expect(sample(samples, 'portal_outbox_backlog')).toBe(2);
    expect(sample(samples, 'portal_outbox_oldest_undelivered_seconds')).toBe(30 * 60);
    expect(sample(samples, 'portal_outbox_failed')).toBe(1);
    await server.db.deleteFrom('outbox').execute();
    const empty = parse(await portalMetrics.scrape(server.database, now));
    expect(sample(empty, 'portal_outbox_backlog')).toBe(0);
    expect(sample(empty, 'portal_outbox_oldest_undelivered_seconds')).toBe(0);
  });

  it('reports the password pool, the event-loop delay and the process', async () => {
    const samples = parse(await portalMetrics.scrape(server.database));
    expect(samples.has('portal_password_hash_queue_length')).toBe(true);
    expect(samples.has('portal_password_hash_running')).toBe(true);
    expect(samples.has('nodejs_eventloop_lag_p99_seconds')).toBe(true);
    expect(samples.has('process_resident_memory_bytes')).toBe(true);
  });

  it('reports the connection pool only when the database tells it: PostgreSQL its pool, PGlite nothing', async () => {
    const metrics = new PortalMetrics();
    const own = parse(await metrics.scrape(server.database));
    if (name === 'postgres') {
      // The specs' pool has served this file's requests: connections are open, none is waited for.
      expect(sample(own, 'portal_db_pool_connections')).toBeGreaterThan(0);
      expect(sample(own, 'portal_db_pool_waiting')).toBe(0);
    } else {
      expect(own.has('portal_db_pool_connections')).toBe(false);
    }
    const use: PoolUse = { total: 4, idle: 1, waiting: 2 };
    const samples = parse(await metrics.scrape({ ...server.database, poolUse: () => use } as Database));
    expect([sample(samples, 'portal_db_pool_connections'), sample(samples, 'portal_db_pool_idle'), sample(samples, 'portal_db_pool_waiting')]).toEqual([4, 1, 2]);
  });
});

describe('metrics recorded per request', () => {
  it('counts throttled and held refusals by call and code, and SMS gateway failures', () => {
    const metrics = new PortalMetrics();
    metrics.observe({ call: 'session.login', status: 429, seconds: 0.01, code: 'loginThrottled', sessionStarted: false });
    metrics.observe({ call: 'otpLogin.login', status: 429, seconds: 0.01, code: 'otpHeld', sessionStarted: false });
    metrics.observe({ call: 'mobile.sendCode', status: 424, seconds: 0.5, code: 'smsSendFailed', sessionStarted: false });
    metrics.observe({ call: 'mfaLogin.complete', status: 200, seconds: 0.02, code: undefined, sessionStarted: true });
    metrics.observe({ call: 'session.login', status: 200, seconds: 0.02, code: undefined, sessionStarted: false });
    return metrics.registry.metrics().then((text) => {
      const samples = parse(text);
      expect(sample(samples, 'portal_throttled_total{call="session.login",code="loginThrottled"}')).toBe(1);
      expect(sample(samples, 'portal_throttled_total{call="otpLogin.login",code="otpHeld"}')).toBe(1);
      expect(sample(samples, 'portal_sign_ins_total{method="password",outcome="loginThrottled"}')).toBe(1);
      expect(sample(samples, 'portal_sign_ins_total{method="otp",outcome="otpHeld"}')).toBe(1);
      expect(sample(samples, 'portal_sms_gateway_failures_total{call="mobile.sendCode"}')).toBe(1);
      expect(sample(samples, 'portal_sign_ins_total{method="secondFactor",outcome="success"}')).toBe(1);
      expect(sample(samples, 'portal_sign_ins_total{method="password",outcome="noSession"}')).toBe(1);
    });
  });
});

describe('the metrics listener', () => {
  const server = useTestServer('pglite');
  let listener: ReturnType<typeof startMetricsServer>;
  let port = 0;
  beforeAll(async () => {
    await new Promise<void>((resolve) => {
      listener = startMetricsServer({ config: { metricsPort: 0, metricsHost: '127.0.0.1' }, database: server.database, log: silentLogger }, (address) => {
        port = address.port;
        resolve();
      });
    });
  });
  afterAll(() => new Promise<void>((resolve) => (listener ? listener.close(() => resolve()) : resolve())));

  it('serves GET /metrics in the Prometheus text format on its own port, and nothing else', async () => {
    await server.get('/api/health');
    const scraped = await fetch(`http://127.0.0.1:${port}/metrics`);
    expect(scraped.status).toBe(200);
    expect(scraped.headers.get('content-type')).toBe(METRICS_CONTENT_TYPE);
    const samples = parse(await scraped.text());
    expect(sample(samples, 'portal_http_requests_total{call="health",status="200"}')).toBeGreaterThan(0);
    expect((await fetch(`http://127.0.0.1:${port}/`)).status).toBe(404);
    expect((await fetch(`http://127.0.0.1:${port}/metrics`, { method: 'POST' })).status).toBe(404);
    // The public app does not serve them.
    expect((await server.get('/metrics')).text).not.toContain('portal_http_requests_total');
  });

  it('is off unless METRICS_PORT is set, bound to 127.0.0.1 unless METRICS_HOST says otherwise, and checked', () => {
    expect(loadConfig({})).toMatchObject({ metricsPort: null, metricsHost: '127.0.0.1' });
    expect(startMetricsServer({ config: loadConfig({}), database: server.database, log: silentLogger })).toBeNull();
    expect(loadConfig({ METRICS_PORT: '9464', METRICS_HOST: '0.0.0.0' })).toMatchObject({ metricsPort: 9464, metricsHost: '0.0.0.0' });
    expect(() => loadConfig({ METRICS_PORT: 'x' })).toThrow(/METRICS_PORT must be a whole number/);
    expect(() => loadConfig({ PORT: '3000', METRICS_PORT: '3000' })).toThrow(/METRICS_PORT must differ from PORT/);
    expect(() => loadConfig({ METRICS_HOST: 'metrics.example; rm' })).toThrow(/METRICS_HOST must be an IP address/);
  });
});
