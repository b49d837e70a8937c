import { sql } from 'kysely';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { ErrorCode } from '../../contract/index.ts';
import type { Database } from '../db/database.ts';
import { passwordPool } from '../domain/passwords.ts';

/**
 * The process's Prometheus metrics (issue 25; docs/operations-metrics.md lists each with example
 * alerts). Every label is bounded: `call` is a declared call's name (contract/calls) or one of
 * a few areas (`page`, `dev`, `undeclared`…), never a raw path; `status` an HTTP status; `code` a
 * catalogue code (contract/errors.ts); `method` and `outcome` the short lists below. Counters and
 * histograms are recorded per request (server/ops/observe.ts); gauges that need the database are
 * computed when scraped, with one query.
 */

/** The calls that can start a session, by sign-in method. */
export const SIGN_IN_METHODS: Readonly<Record<string, string>> = {
  'session.login': 'password',
  'mfaLogin.complete': 'secondFactor',
  'otpLogin.login': 'otp',
  'loginQr.login': 'qrCode',
  'thirdParty.callback': 'thirdParty',
  'thirdParty.chooseAccount': 'thirdParty',
};

export interface RequestObservation {
  call: string;
  status: number;
  seconds: number;
  /** The refusal's catalogue code, when the answer is one. */
  code: ErrorCode | undefined;
  /** The answer sets a new session cookie (a sign-in that succeeded). */
  sessionStarted: boolean;
}

const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export class PortalMetrics {
  readonly registry = new Registry();
  private readonly requests = new Counter({ name: 'portal_http_requests_total', help: 'Requests answered, by declared call and HTTP status.', labelNames: ['call', 'status'] as const, registers: [this.registry] });
  private readonly latency = new Histogram({
    name: 'portal_http_request_duration_seconds',
    help: 'Time from the request reaching the app to its answer (a download: to its first byte), by declared call and HTTP status.',
    labelNames: ['call', 'status'] as const,
    buckets: LATENCY_BUCKETS,
    registers: [this.registry],
  });
  private readonly signIns = new Counter({
    name: 'portal_sign_ins_total',
    help: 'Sign-in attempts by method and outcome: success (a session started), noSession (answered without one: second factor or account choice pending), or the refusal code.',
    labelNames: ['method', 'outcome'] as const,
    registers: [this.registry],
  });
  private readonly throttled = new Counter({
    name: 'portal_throttled_total',
    help: 'Requests refused with 429 (throttled or held: loginThrottled, held, otpHeld, tooManyRequests…), by declared call and code.',
    labelNames: ['call', 'code'] as const,
    registers: [this.registry],
  });
  private readonly smsFailures = new Counter({ name: 'portal_sms_gateway_failures_total', help: 'SMS the gateway failed to send (answered smsSendFailed), by declared call.', labelNames: ['call'] as const, registers: [this.registry] });
  private readonly outboxBacklog = new Gauge({ name: 'portal_outbox_backlog', help: 'Emails in the outbox not yet delivered and not given up (all instances of the database).', registers: [this.registry] });
  private readonly outboxOldest = new Gauge({ name: 'portal_outbox_oldest_undelivered_seconds', help: 'Age of the oldest email in that backlog; 0 when it is empty.', registers: [this.registry] });
  private readonly outboxFailed = new Gauge({ name: 'portal_outbox_failed', help: 'Emails given up after 24 hours of retries, waiting for an operator (npm run outbox).', registers: [this.registry] });
  private readonly hashRunning = new Gauge({ name: 'portal_password_hash_running', help: 'Password hashes and checks running in the password pool now.', registers: [this.registry] });
  private readonly hashWaiting = new Gauge({ name: 'portal_password_hash_queue_length', help: 'Password hashes and checks waiting for a slot of the password pool.', registers: [this.registry] });
  /** Registered on the first scrape whose database tells its pool use (a gauge never set would read 0). */
  private pool: { total: Gauge; idle: Gauge; waiting: Gauge } | null = null;
  /** One child per label pair seen, so a request does not hash its labels again. */
  private readonly children = new Map<string, { count: Counter.Internal; latency: Histogram.Internal<'call' | 'status'> }>();
  private processMetrics = false;

  observe({ call, status, seconds, code, sessionStarted }: RequestObservation): void {
    const key = `${call} ${status}`;
    let child = this.children.get(key);
    if (!child) {
      const labels = { call, status: String(status) };
      child = { count: this.requests.labels(labels), latency: this.latency.labels(labels) };
      this.children.set(key, child);
    }
    child.count.inc();
    child.latency.observe(seconds);
    const method = SIGN_IN_METHODS[call];
    if (method) this.signIns.inc({ method, outcome: sessionStarted ? 'success' : (code ?? (status < 400 ? 'noSession' : 'error')) });
    if (code !== undefined) {
      if (status === 429) this.throttled.inc({ call, code });
      if (code === 'smsSendFailed') this.smsFailures.inc({ call });
    }
  }

  /**
   * The text Prometheus scrapes: the database's figures read now (one query), the password pool's,
   * the connection pool's when the database tells them, and Node's own (event-loop delay, memory,
   * GC), whose sampling starts with the first scrape.
   */
  async scrape(database: Database, now = new Date()): Promise<string> {
    if (!this.processMetrics) {
      this.processMetrics = true;
      collectDefaultMetrics({ register: this.registry, eventLoopMonitoringPrecision: 10 });
    }
    const outbox = await sql<{ backlog: number | string; oldest: Date | string | null; failed: number | string }>`
      SELECT (SELECT count(*) FROM outbox WHERE sent_at IS NULL AND failed_at IS NULL AND channel = 'email') AS backlog,
             (SELECT min(created_at) FROM outbox WHERE sent_at IS NULL AND failed_at IS NULL AND channel = 'email') AS oldest,
             (SELECT count(*) FROM outbox WHERE failed_at IS NOT NULL) AS failed`.execute(database.db);
    const row = outbox.rows[0];
    this.outboxBacklog.set(Number(row?.backlog ?? 0));
    this.outboxFailed.set(Number(row?.failed ?? 0));
    const oldest = row?.oldest ? new Date(row.oldest).getTime() : null;
    this.outboxOldest.set(oldest === null ? 0 : Math.max(0, (now.getTime() - oldest) / 1000));
    const hashing = passwordPool().load();
    this.hashRunning.set(hashing.running);
    this.hashWaiting.set(hashing.waiting);
    const pool = database.poolUse?.();
    if (pool) {
      this.pool ??= {
        total: new Gauge({ name: 'portal_db_pool_connections', help: 'Database connections open in the PostgreSQL pool.', registers: [this.registry] }),
        idle: new Gauge({ name: 'portal_db_pool_idle', help: 'Database connections open and idle.', registers: [this.registry] }),
        waiting: new Gauge({ name: 'portal_db_pool_waiting', help: 'Queries waiting for a database connection.', registers: [this.registry] }),
      };
      this.pool.total.set(pool.total);
      this.pool.idle.set(pool.idle);
      this.pool.waiting.set(pool.waiting);
    }
    return this.registry.metrics();
  }
}

/** The process's metrics: one per process, as its password pool is. */
export const portalMetrics = new PortalMetrics();
