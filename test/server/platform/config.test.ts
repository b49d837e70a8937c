import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { DEFAULT_PASSWORD_COMPLEXITY, DEFAULT_PASSWORD_MIN_LENGTH } from '../../../contract/index.ts';
import { ConfigError, PRODUCTION_REQUIRED, loadConfig } from '../../../server/config.ts';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));

function problems(env: Record<string, string>): string[] {
  try {
    loadConfig(env);
    return [];
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
}

describe('settings', () => {
  it('has development defaults', () => {
    expect(loadConfig({})).toEqual({
      port: 3000,
      dataDir: './data',
      databaseUrl: null,
      production: false,
      publicUrl: 'http://localhost:3000',
      sessionSecret: null,
      recaptchaSecret: null,
      recaptchaSiteKey: null,
      smtpUrl: null,
      smsGatewayUrl: null,
      smsGatewayToken: null,
      smsGatewayTimeoutMs: 5000,
      mailFrom: 'Education Portal <no-reply@edu-portal.example>',
      supportEmail: 'support@edu-portal.example',
      passwordMinLength: DEFAULT_PASSWORD_MIN_LENGTH,
      passwordComplexity: DEFAULT_PASSWORD_COMPLEXITY,
      staticDir: 'dist',
      trustProxy: 0,
      passwordHashing: 'threads',
      passwordWorkers: 0,
      passwordNiceness: 19,
      googleClientId: null,
      googleClientSecret: null,
      googleIssuer: 'https://accounts.google.com',
      platformLinks: { selfService: null, myRecords: null, subscription: null, emailForwarding: null },
      loadShedding: { maxInFlight: 1000, eventLoopDelayMs: 500, minInFlight: 100 },
      wrongPasswordFloorMs: 40,
      floodingWrongHoldMs: 1000,
      eventLoopMonitor: false,
      shutdownTimeoutMs: 10_000,
      sessionSecretPrevious: null,
      metricsPort: null,
      metricsHost: '127.0.0.1',
    });
  });

  it('reads the load-shedding thresholds, refusing a delay floor above the cap', () => {
    expect(loadConfig({ LOAD_SHED_MAX_IN_FLIGHT: '0', LOAD_SHED_EVENT_LOOP_DELAY_MS: '250', LOAD_SHED_MIN_IN_FLIGHT: '20' }).loadShedding).toEqual({
      maxInFlight: 0,
      eventLoopDelayMs: 250,
      minInFlight: 20,
    });
    expect(problems({ LOAD_SHED_MAX_IN_FLIGHT: '10', LOAD_SHED_MIN_IN_FLIGHT: '20' })).toEqual(['LOAD_SHED_MIN_IN_FLIGHT must not be above LOAD_SHED_MAX_IN_FLIGHT']);
    expect(problems({ LOAD_SHED_EVENT_LOOP_DELAY_MS: '-1' })).toEqual(['LOAD_SHED_EVENT_LOOP_DELAY_MS must be a whole number from 0 to 60000 (got "-1")']);
  });

  it('reads the floor under wrong passwords: 40 ms unless set, 0 to 1,000', () => {
    expect(loadConfig({}).wrongPasswordFloorMs).toBe(40);
    expect(loadConfig({ LOGIN_WRONG_PASSWORD_FLOOR_MS: '0' }).wrongPasswordFloorMs).toBe(0);
    expect(problems({ LOGIN_WRONG_PASSWORD_FLOOR_MS: '1001' })).toEqual(['LOGIN_WRONG_PASSWORD_FLOOR_MS must be a whole number from 0 to 1000 (got "1001")']);
  });

  it('exposes the event-loop delay monitor only outside production', () => {
    expect(loadConfig({ EVENT_LOOP_MONITOR: '1' }).eventLoopMonitor).toBe(true);
    expect(loadConfig({ NODE_ENV: 'production', EVENT_LOOP_MONITOR: '1', SESSION_SECRET: 'x'.repeat(40), RECAPTCHA_SECRET: 'r', RECAPTCHA_SITE_KEY: 'k', SMTP_URL: 'smtp://m', SMS_GATEWAY_URL: 'https://sms.example/send', PUBLIC_URL: 'https://p.example' }).eventLoopMonitor).toBe(false);
  });

  it('takes the other services\' addresses for the profile menu, refusing what is not an http(s) URL', () => {
    expect(loadConfig({ SELF_SERVICE_URL: 'https://self.example.edu.hk/', EMAIL_FORWARDING_URL: 'http://mail.example.edu.hk/forward' }).platformLinks).toEqual({
      selfService: 'https://self.example.edu.hk/',
      myRecords: null,
      subscription: null,
      emailForwarding: 'http://mail.example.edu.hk/forward',
    });
    expect(() => loadConfig({ MY_RECORDS_URL: 'javascript:alert(1)' })).toThrow(/MY_RECORDS_URL must be an http\(s\) URL/);
  });

  it('takes the Google client with both of its settings, or refuses one alone', () => {
    expect(loadConfig({ GOOGLE_CLIENT_ID: 'id.apps.googleusercontent.com', GOOGLE_CLIENT_SECRET: 'secret' })).toMatchObject({
      googleClientId: 'id.apps.googleusercontent.com',
      googleClientSecret: 'secret',
    });
    expect(() => loadConfig({ GOOGLE_CLIENT_ID: 'id.apps.googleusercontent.com' })).toThrow(/GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET/);
  });

  it('reads every setting, treating empty values as unset', () => {
    const config = loadConfig({
      PORT: '8080',
      DATA_DIR: '/var/portal',
      DATABASE_URL: 'postgres://db/portal',
      PUBLIC_URL: 'https://portal.example/ignored-path',
      PASSWORD_MIN_LENGTH: '12',
      PASSWORD_COMPLEXITY: '4',
      SUPPORT_EMAIL: 'help@portal.example',
      STATIC_DIR: 'public-build',
      SMTP_URL: '',
    });
    expect(config).toMatchObject({
      port: 8080,
      dataDir: '/var/portal',
      databaseUrl: 'postgres://db/portal',
      publicUrl: 'https://portal.example',
      passwordMinLength: 12,
      passwordComplexity: 4,
      supportEmail: 'help@portal.example',
      staticDir: 'public-build',
      smtpUrl: null,
    });
    expect(loadConfig({ PORT: '4000' }).publicUrl).toBe('http://localhost:4000');
  });

  it('refuses values out of range, listing each', () => {
    expect(problems({ PORT: 'abc', PASSWORD_COMPLEXITY: '5', PASSWORD_MIN_LENGTH: '0', PUBLIC_URL: 'ftp://x', DATABASE_URL: 'mysql://x' })).toHaveLength(5);
    expect(problems({ SMS_GATEWAY_URL: 'sms.example/send', SMS_GATEWAY_TIMEOUT_MS: '0' })).toHaveLength(2);
    expect(problems({ TRUST_PROXY: '6', PASSWORD_HASHING: 'fast', PASSWORD_WORKERS: '-1', PASSWORD_NICENESS: '20' })).toHaveLength(4);
    expect(loadConfig({})).toMatchObject({ passwordNiceness: 19 });
    expect(loadConfig({ PASSWORD_NICENESS: '0' })).toMatchObject({ passwordNiceness: 0 });
    expect(loadConfig({ TRUST_PROXY: '2', PASSWORD_HASHING: 'async', PASSWORD_WORKERS: '3' })).toMatchObject({ trustProxy: 2, passwordHashing: 'async', passwordWorkers: 3 });
  });

  it('in production, lists every missing required setting at once', () => {
    const listed = problems({ NODE_ENV: 'production' });
    expect(listed).toHaveLength(1);
    for (const name of PRODUCTION_REQUIRED) expect(listed[0]).toContain(name);
    expect(problems({ NODE_ENV: 'production', SESSION_SECRET: 'x'.repeat(40), RECAPTCHA_SECRET: 'r', RECAPTCHA_SITE_KEY: 'k', SMTP_URL: 'smtp://m', SMS_GATEWAY_URL: 'https://sms.example/send', PUBLIC_URL: 'https://p.example' })).toEqual([]);
    expect(problems({ NODE_ENV: 'production', SESSION_SECRET: 'short', RECAPTCHA_SECRET: 'r', RECAPTCHA_SITE_KEY: 'k', SMTP_URL: 'smtp://m', SMS_GATEWAY_URL: 'https://sms.example/send', PUBLIC_URL: 'https://p.example' })).toEqual([
      'SESSION_SECRET must be at least 32 characters',
    ]);
  });

  it('makes the server refuse to start in production without its settings, naming them', () => {
    const env: Record<string, string | undefined> = { ...process.env, NODE_ENV: 'production', PORT: '0', DATA_DIR: '/nonexistent/never-created' };
    for (const name of [...PRODUCTION_REQUIRED, 'DATABASE_URL']) delete env[name];
    const result = spawnSync(process.execPath, ['--import', 'tsx', 'server/main.ts'], { cwd: ROOT, env, encoding: 'utf8', timeout: 30_000 });
    expect(result.status).toBe(1);
    for (const name of PRODUCTION_REQUIRED) expect(result.stderr).toContain(name);
    expect(result.stdout).not.toContain('listening');
  });
});
