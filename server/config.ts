import {
  COMPLEXITY_MAX,
  COMPLEXITY_MIN,
  DEFAULT_PASSWORD_COMPLEXITY,
  DEFAULT_PASSWORD_MIN_LENGTH,
  PASSWORD_MAX,
  type PlatformLinks,
} from '../contract/index.ts';
import type { LoadSheddingSettings } from './load-shedding.ts';
import { FLOODING_WRONG_HOLD_MS } from './domain/login-throttle.ts';

export interface Config {
  port: number;
  dataDir: string;
  /** postgres://… to use a PostgreSQL server; null: embedded PGlite in dataDir. */
  databaseUrl: string | null;
  production: boolean;
  /** Origin used in emailed links, without a trailing slash. */
  publicUrl: string;
  sessionSecret: string | null;
  /**
   * SESSION_SECRET_PREVIOUS: the secret being rotated out. Sessions stored under it are still
   * accepted (and re-keyed under SESSION_SECRET on their next request); nothing else uses it.
   */
  sessionSecretPrevious: string | null;
  recaptchaSecret: string | null;
  recaptchaSiteKey: string | null;
  smtpUrl: string | null;
  /** HTTP endpoint that sends one SMS (POST JSON `{to, text}`); null: SMS stay in the dev mailbox. */
  smsGatewayUrl: string | null;
  /** Sent as `Authorization: Bearer …` to the SMS gateway when set. */
  smsGatewayToken: string | null;
  /** How long send-code waits for the SMS gateway before calling the send failed. */
  smsGatewayTimeoutMs: number;
  mailFrom: string;
  supportEmail: string;
  passwordMinLength: number;
  passwordComplexity: number;
  staticDir: string;
  /**
   * How many reverse proxies in front of the server append to X-Forwarded-For (TRUST_PROXY, 0 to
   * 5): 0 (the default) takes the client address from the socket and ignores the header.
   */
  trustProxy: number;
  /** Password hashing: `threads` (low-priority worker threads, the default) or `async` (libuv pool). */
  passwordHashing: 'threads' | 'async';
  /** Password hashes at once (PASSWORD_WORKERS); 0: the number of cores. */
  passwordWorkers: number;
  /**
   * The hashing threads' nice value (PASSWORD_NICENESS, 0–19, default 19: the lowest priority, so
   * every other request preempts a hash). A machine shared with other busy processes at nice 0 (the
   * test run's browsers) starves them at 19; the journeys' server runs them at 0.
   */
  passwordNiceness: number;
  /**
   * Sign in with Google (GOOGLE_CLIENT_ID, GOOGLE_CLIENT_SECRET): null outside production runs the
   * local identity provider instead (server/oidc/local-provider.ts); in production, no Google sign-in.
   */
  googleClientId: string | null;
  googleClientSecret: string | null;
  /** The OpenID Connect issuer of that client (GOOGLE_ISSUER, default https://accounts.google.com). */
  googleIssuer: string;
  /**
   * The platform's other services the profile menu links to (SELF_SERVICE_URL, MY_RECORDS_URL,
   * SUBSCRIPTION_URL, EMAIL_FORWARDING_URL): an http(s) URL each, or null to leave the entry out.
   */
  platformLinks: PlatformLinks;
  /** When to answer 503 `serverBusy` instead of queueing (server/load-shedding.ts). */
  loadShedding: LoadSheddingSettings;
  /**
   * LOGIN_WRONG_PASSWORD_FLOOR_MS (default 40, 0 to 1,000): a wrong password is answered no sooner
   * than this after its attempt was let in, whichever account it named (login timing, issue 21).
   */
  wrongPasswordFloorMs: number;
  /**
   * LOGIN_FLOODING_HOLD_MS (default 1,000, 0 to 10,000): a wrong password from an address past its
   * flood cap keeps one of the address's few places for password attempts this long, so a flooding
   * address gets a few evaluations a second (issue 21; FLOODING_WRONG_HOLD_MS).
   */
  floodingWrongHoldMs: number;
  /**
   * EVENT_LOOP_MONITOR=1: development only, `/dev/api/event-loop-delay` reports the event-loop
   * delay histogram for `npm run bench` (never mounted in production, as nothing under /dev is).
   */
  eventLoopMonitor: boolean;
  /**
   * SHUTDOWN_TIMEOUT_MS (default 10,000): on SIGTERM, how long requests in flight may take to
   * finish before their connections are closed (server/main.ts, server/drain.ts).
   */
  shutdownTimeoutMs: number;
  /**
   * The Prometheus metrics (server/ops/metrics-server.ts; docs/operations-metrics.md): METRICS_PORT
   * serves `GET /metrics` on a port of its own, never the public one; null (the default) serves
   * none. METRICS_HOST is the address it binds, 127.0.0.1 unless set (0.0.0.0 for a scraper on
   * another machine, behind a firewall).
   */
  metricsPort: number | null;
  metricsHost: string;
}

/** Settings production cannot run without: a guessable session secret or no mail would be unsafe or useless. */
const PLATFORM_LINK_SETTINGS = {
  selfService: 'SELF_SERVICE_URL',
  myRecords: 'MY_RECORDS_URL',
  subscription: 'SUBSCRIPTION_URL',
  emailForwarding: 'EMAIL_FORWARDING_URL',
} as const satisfies Record<keyof PlatformLinks, string>;

export const PRODUCTION_REQUIRED = ['SESSION_SECRET', 'RECAPTCHA_SECRET', 'RECAPTCHA_SITE_KEY', 'SMTP_URL', 'SMS_GATEWAY_URL', 'PUBLIC_URL'] as const;

export class ConfigError extends Error {
  readonly problems: string[];
  constructor(problems: string[]) {
    super(`Cannot start: ${problems.join('; ')}`);
    this.name = 'ConfigError';
    this.problems = problems;
  }
}

type Env = Record<string, string | undefined>;

function text(env: Env, name: string): string | null {
  const value = env[name]?.trim();
  return value ? value : null;
}

function integer(env: Env, name: string, fallback: number, min: number, max: number, problems: string[]): number {
  const raw = text(env, name);
  if (raw === null) return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) {
    problems.push(`${name} must be a whole number from ${min} to ${max} (got "${raw}")`);
    return fallback;
  }
  return value;
}

/**
 * Reads the settings from the environment. Throws ConfigError listing every problem at once, so
 * an operator fixes them in one go; in production every PRODUCTION_REQUIRED setting must be set.
 */
export function loadConfig(env: Env = process.env): Config {
  const problems: string[] = [];
  const production = env.NODE_ENV === 'production';
  const port = integer(env, 'PORT', 3000, 0, 65535, problems);

  if (production) {
    const missing = PRODUCTION_REQUIRED.filter((name) => text(env, name) === null);
    if (missing.length > 0) problems.push(`missing settings required in production: ${missing.join(', ')}`);
  }

  let publicUrl = text(env, 'PUBLIC_URL') ?? `http://localhost:${port}`;
  try {
    const url = new URL(publicUrl);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error('protocol');
    publicUrl = url.origin;
  } catch {
    problems.push(`PUBLIC_URL must be an http(s) URL (got "${publicUrl}")`);
  }

  const databaseUrl = text(env, 'DATABASE_URL');
  if (databaseUrl !== null && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    problems.push('DATABASE_URL must start with postgres:// or postgresql://');
  }

  const sessionSecret = text(env, 'SESSION_SECRET');
  if (production && sessionSecret !== null && sessionSecret.length < 32) {
    problems.push('SESSION_SECRET must be at least 32 characters');
  }

  const sessionSecretPrevious = text(env, 'SESSION_SECRET_PREVIOUS');
  if (sessionSecretPrevious !== null && sessionSecretPrevious === sessionSecret) {
    problems.push('SESSION_SECRET_PREVIOUS must differ from SESSION_SECRET (unset it once the rotation is over)');
  }

  const smsGatewayUrl = text(env, 'SMS_GATEWAY_URL');
  if (smsGatewayUrl !== null && !/^https?:\/\/[^/]/.test(smsGatewayUrl)) {
    problems.push(`SMS_GATEWAY_URL must be an http(s) URL (got "${smsGatewayUrl}")`);
  }

  const googleClientId = text(env, 'GOOGLE_CLIENT_ID');
  const googleClientSecret = text(env, 'GOOGLE_CLIENT_SECRET');
  if ((googleClientId === null) !== (googleClientSecret === null)) {
    problems.push('GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET are set together or not at all');
  }

  const platformLinks = {} as PlatformLinks;
  for (const [key, name] of Object.entries(PLATFORM_LINK_SETTINGS) as Array<[keyof PlatformLinks, string]>) {
    const value = text(env, name);
    if (value !== null && !/^https?:\/\/[^/\s]+\S*$/.test(value)) problems.push(`${name} must be an http(s) URL (got "${value}")`);
    platformLinks[key] = value;
  }

  const passwordHashing = text(env, 'PASSWORD_HASHING') ?? 'threads';
  if (passwordHashing !== 'threads' && passwordHashing !== 'async') {
    problems.push(`PASSWORD_HASHING must be threads or async (got "${passwordHashing}")`);
  }

  const loadShedding: LoadSheddingSettings = {
    maxInFlight: integer(env, 'LOAD_SHED_MAX_IN_FLIGHT', 1000, 0, 1_000_000, problems),
    eventLoopDelayMs: integer(env, 'LOAD_SHED_EVENT_LOOP_DELAY_MS', 500, 0, 60_000, problems),
    minInFlight: integer(env, 'LOAD_SHED_MIN_IN_FLIGHT', 100, 1, 1_000_000, problems),
  };
  if (loadShedding.maxInFlight > 0 && loadShedding.minInFlight > loadShedding.maxInFlight) {
    problems.push('LOAD_SHED_MIN_IN_FLIGHT must not be above LOAD_SHED_MAX_IN_FLIGHT');
  }

  const metricsPort = text(env, 'METRICS_PORT') === null ? null : integer(env, 'METRICS_PORT', 0, 1, 65535, problems);
  if (metricsPort !== null && metricsPort === port) problems.push('METRICS_PORT must differ from PORT: the metrics are not served on the public port');
  const metricsHost = text(env, 'METRICS_HOST') ?? '127.0.0.1';
  if (!/^(\d{1,3}(\.\d{1,3}){3}|[0-9a-fA-F:]+|localhost)$/.test(metricsHost)) {
    problems.push(`METRICS_HOST must be an IP address or localhost (got "${metricsHost}")`);
  }

  const config: Config = {
    port,
    dataDir: text(env, 'DATA_DIR') ?? './data',
    databaseUrl,
    production,
    publicUrl,
    sessionSecret,
    sessionSecretPrevious,
    recaptchaSecret: text(env, 'RECAPTCHA_SECRET'),
    recaptchaSiteKey: text(env, 'RECAPTCHA_SITE_KEY'),
    smtpUrl: text(env, 'SMTP_URL'),
    smsGatewayUrl,
    smsGatewayToken: text(env, 'SMS_GATEWAY_TOKEN'),
    smsGatewayTimeoutMs: integer(env, 'SMS_GATEWAY_TIMEOUT_MS', 5000, 100, 60_000, problems),
    mailFrom: text(env, 'MAIL_FROM') ?? 'Education Portal <no-reply@edu-portal.example>',
    supportEmail: text(env, 'SUPPORT_EMAIL') ?? 'support@edu-portal.example',
    passwordMinLength: integer(env, 'PASSWORD_MIN_LENGTH', DEFAULT_PASSWORD_MIN_LENGTH, 1, PASSWORD_MAX, problems),
    passwordComplexity: integer(env, 'PASSWORD_COMPLEXITY', DEFAULT_PASSWORD_COMPLEXITY, COMPLEXITY_MIN, COMPLEXITY_MAX, problems),
    staticDir: text(env, 'STATIC_DIR') ?? 'dist',
    trustProxy: integer(env, 'TRUST_PROXY', 0, 0, 5, problems),
    passwordHashing: passwordHashing === 'async' ? 'async' : 'threads',
    passwordWorkers: integer(env, 'PASSWORD_WORKERS', 0, 0, 64, problems),
    passwordNiceness: integer(env, 'PASSWORD_NICENESS', 19, 0, 19, problems),
    googleClientId,
    googleClientSecret,
    googleIssuer: text(env, 'GOOGLE_ISSUER') ?? 'https://accounts.google.com',
    platformLinks,
    loadShedding,
    wrongPasswordFloorMs: integer(env, 'LOGIN_WRONG_PASSWORD_FLOOR_MS', 40, 0, 1_000, problems),
    floodingWrongHoldMs: integer(env, 'LOGIN_FLOODING_HOLD_MS', FLOODING_WRONG_HOLD_MS, 0, 10_000, problems),
    eventLoopMonitor: !production && text(env, 'EVENT_LOOP_MONITOR') === '1',
    shutdownTimeoutMs: integer(env, 'SHUTDOWN_TIMEOUT_MS', 10_000, 0, 600_000, problems),
    metricsPort,
    metricsHost,
  };
  if (problems.length > 0) throw new ConfigError(problems);
  return config;
}
