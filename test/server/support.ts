import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Hono } from 'hono';
import pg from 'pg';
import { afterAll, beforeAll, inject } from 'vitest';
import type { AccountCategory, Language } from '../../contract/index.ts';
import { createApp } from '../../server/app.ts';
import { DomainError } from '../../server/domain/errors.ts';
import { type Config, loadConfig } from '../../server/config.ts';
import { type Database, openDatabase, type OpenOptions } from '../../server/db/database.ts';
import { migrate } from '../../server/db/migrate.ts';
import type { Db, UserStatus } from '../../server/db/schema.ts';
import type { Clock, Deps } from '../../server/deps.ts';
import { DISCOVERY_GROUP_KIND, DISCOVERY_TARGET_GROUP_KIND, DISCOVERY_TARGET_KIND } from '../../server/domain/discovery.ts';
import { configurePasswordHashing, hashPassword } from '../../server/domain/passwords.ts';
import { createRecaptchaVerifier, type RecaptchaVerifier } from '../../server/domain/recaptcha.ts';
import { SESSION_COOKIE } from '../../server/domain/sessions.ts';
import { type Logger, silentLogger } from '../../server/log.ts';
import { listOutbox, type OutboxEntry } from '../../server/mail/outbox.ts';

/*
 * The pool's threads run at nice 19 in production, so every other request preempts a hash. In the
 * test run the browser projects' Chromium and Vite run beside these specs at nice 0 and starved
 * them: a sign-in took 100–200 ms instead of 25. The specs hash at normal priority; what the
 * priority does is measured by `npm run bench` and specified in login-throttle/.
 */
await configurePasswordHashing({ niceness: 0 });

export type DatabaseKind = 'pglite' | 'postgres';

/** PGlite always; PostgreSQL too when TEST_DATABASE_URL is set. For `describe.each(databases)`. */
export const databases: { name: DatabaseKind }[] = [{ name: 'pglite' }, ...(process.env.TEST_DATABASE_URL ? [{ name: 'postgres' as const }] : [])];

export const PUBLIC_URL = 'http://portal.test';
/** A password that passes the default policy (8+ characters, 3 classes, not common). */
export const PASSWORD = 'Correct-Horse-42';
export const NEW_PASSWORD = 'Brand-New-Pass-77';

/** A clock the test moves by hand. */
export class TestClock implements Clock {
  ms: number;
  constructor(start = '2026-03-02T09:00:00.000Z') {
    this.ms = Date.parse(start);
  }
  now(): Date {
    return new Date(this.ms);
  }
  advance(ms: number): void {
    this.ms += ms;
  }
}

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;

let migratedDump: Promise<Blob> | undefined;

/** The run's migrated PGlite cluster (test/server/global-setup.ts), read once per file. */
function migratedPglite(): Promise<Blob> {
  migratedDump ??= readFile(inject('migratedPglite')).then((bytes) => new Blob([bytes]));
  return migratedDump;
}

/**
 * Every spec's PostgreSQL connections commit without waiting for the disk: a throw-away schema
 * needs no durability, and the flushes were most of the PostgreSQL half's time (a spec of many
 * small commits took 11.5 s with them, 4.6 s without).
 */
export const TEST_POSTGRES_SETTINGS = { synchronous_commit: 'off' } as const;

/** A fresh database of the given kind, migrated; PostgreSQL gets a schema of its own. */
export async function openTestDatabase(kind: DatabaseKind): Promise<{ database: Database; drop: () => Promise<void> }> {
  if (kind === 'pglite') {
    const database = await openDatabase({ initialData: await migratedPglite() });
    // A no-op on the migrated dump; it keeps a spec honest if the dump were ever stale.
    await migrate(database);
    return { database, drop: () => database.close() };
  }
  const opened = await openTestSchema({ maxConnections: 24, settings: TEST_POSTGRES_SETTINGS });
  await migrate(opened.database);
  return opened;
}

/** A fresh PostgreSQL schema of its own at TEST_DATABASE_URL, not migrated; `drop` closes it and drops the schema. */
export async function openTestSchema(options: Pick<OpenOptions, 'maxConnections' | 'settings'>): Promise<{ database: Database; drop: () => Promise<void> }> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('TEST_DATABASE_URL is not set');
  const schema = `test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE SCHEMA ${schema}`);
  await admin.end();
  const database = await openDatabase({ url, searchPath: schema, ...options });
  return {
    database,
    drop: async () => {
      await database.close();
      const cleanup = new pg.Client({ connectionString: url });
      await cleanup.connect();
      await cleanup.query(`DROP SCHEMA ${schema} CASCADE`);
      await cleanup.end();
    },
  };
}

export interface TestResponse {
  status: number;
  headers: Headers;
  text: string;
  /** The parsed JSON body, or undefined when the body is not JSON. */
  body: any;
  /** The session cookie the response set (`portal_session=…`), '' when it cleared it, undefined when untouched. */
  cookie: string | undefined;
  setCookie: string | null;
}

export interface RequestOptions {
  cookie?: string | undefined;
  headers?: Record<string, string>;
  /** A raw body, sent as is (malformed JSON, huge bodies). */
  raw?: string;
  json?: unknown;
}

export interface TestServer {
  app: Hono;
  deps: Deps;
  database: Database;
  db: Db;
  clock: TestClock;
  config: Config;
  request(method: string, path: string, options?: RequestOptions): Promise<TestResponse>;
  get(path: string, options?: RequestOptions): Promise<TestResponse>;
  post(path: string, json?: unknown, options?: RequestOptions): Promise<TestResponse>;
  close(): Promise<void>;
}

export interface TestServerOptions {
  env?: Record<string, string>;
  recaptcha?: RecaptchaVerifier;
  log?: Logger;
  /** Reuse an open database instead of a fresh one (several apps on one database). */
  database?: Database;
}

function sessionCookieOf(setCookie: string | null): string | undefined {
  if (!setCookie) return undefined;
  const match = new RegExp(`(?:^|,\\s*)${SESSION_COOKIE}=([^;]*)`).exec(setCookie);
  if (!match) return undefined;
  return match[1] ? `${SESSION_COOKIE}=${match[1]}` : '';
}

export async function startTestServer(kind: DatabaseKind, options: TestServerOptions = {}): Promise<TestServer> {
  const opened = options.database ? { database: options.database, drop: async () => {} } : await openTestDatabase(kind);
  // No floor under wrong passwords (login timing): specs send hundreds of them; the floor's own spec sets it.
  const config = loadConfig({ NODE_ENV: 'test', PUBLIC_URL, STATIC_DIR: join(tmpdir(), 'portal-test-no-static'), LOGIN_WRONG_PASSWORD_FLOOR_MS: '0', LOGIN_FLOODING_HOLD_MS: '0', ...options.env });
  const clock = new TestClock();
  const deps: Deps = {
    config,
    database: opened.database,
    clock,
    recaptcha: options.recaptcha ?? createRecaptchaVerifier({ secret: null }),
    log: options.log ?? silentLogger,
  };
  const app = createApp(deps);

  const request = async (method: string, path: string, req: RequestOptions = {}): Promise<TestResponse> => {
    const headers: Record<string, string> = { ...req.headers };
    if (req.cookie) headers.cookie = req.cookie;
    let body: string | undefined = req.raw;
    if (req.json !== undefined) {
      body = JSON.stringify(req.json);
      headers['content-type'] ??= 'application/json';
    }
    const response = await app.request(`${PUBLIC_URL}${path}`, { method, headers, ...(body !== undefined ? { body } : {}) });
    const text = await response.text();
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = undefined;
    }
    const setCookie = response.headers.get('set-cookie');
    return { status: response.status, headers: response.headers, text, body: parsed, cookie: sessionCookieOf(setCookie), setCookie };
  };

  return {
    app,
    deps,
    database: opened.database,
    db: opened.database.db,
    clock,
    config,
    request,
    get: (path, req) => request('GET', path, req),
    post: (path, json, req) => request('POST', path, { ...req, ...(json !== undefined ? { json } : {}) }),
    close: opened.drop,
  };
}

/**
 * The server a describe block's tests share: started before them (`beforeAll`, where the call
 * stands among the block's hooks) and closed after them. The object answers for the started
 * server, so tests use it as they would the server itself.
 */
export function useTestServer(kind: DatabaseKind, options: TestServerOptions = {}): TestServer {
  let started: TestServer | undefined;
  beforeAll(async () => {
    started = await startTestServer(kind, options);
  });
  afterAll(async () => {
    await started?.close();
  });
  const current = (): TestServer => {
    if (!started) throw new Error('The test server starts in beforeAll: use it inside a test or a hook.');
    return started;
  };
  return {
    get app() {
      return current().app;
    },
    get deps() {
      return current().deps;
    },
    get database() {
      return current().database;
    },
    get db() {
      return current().db;
    },
    get clock() {
      return current().clock;
    },
    get config() {
      return current().config;
    },
    request: (method, path, req) => current().request(method, path, req),
    get: (path, req) => current().get(path, req),
    post: (path, json, req) => current().post(path, json, req),
    close: () => current().close(),
  };
}

let counter = 0;
/** A login ID no other test has used (LOGIN_ID_PATTERN, ≤ 30 characters). */
export function uniqueLoginId(prefix = 'user'): string {
  counter++;
  return `${prefix}_${counter.toString(36)}${randomBytes(3).toString('hex')}`.slice(0, 30);
}

const hashes = new Map<string, Promise<string>>();
/** argon2 is slow by design: each distinct fixture password is hashed once per file. */
function hashOnce(password: string): Promise<string> {
  let hash = hashes.get(password);
  if (!hash) {
    hash = hashPassword(password);
    hashes.set(password, hash);
  }
  return hash;
}

export interface AccountFixture {
  id: string;
  loginId: string;
  email: string | null;
  password: string;
  category: AccountCategory;
}

export interface AccountOptions {
  category?: AccountCategory;
  status?: UserStatus;
  password?: string | null;
  /** null: no login email. */
  email?: string | null;
  schoolCode?: string | null;
  language?: Language;
}

/** Writes an account straight into the database. */
export async function createAccount(server: Pick<TestServer, 'db' | 'clock'>, options: AccountOptions = {}): Promise<AccountFixture> {
  const loginId = uniqueLoginId(options.category?.toLowerCase().slice(0, 8) ?? 'user');
  const email = options.email === undefined ? `${loginId}@example.test` : options.email;
  const password = options.password === undefined ? PASSWORD : options.password;
  const id = randomUUID();
  await server.db
    .insertInto('users')
    .values({
      id,
      login_id: loginId,
      login_email: email,
      contact_email: email,
      category: options.category ?? 'PUBLIC',
      display_name: `Test ${loginId}`,
      school_code: options.schoolCode ?? null,
      password_hash: password === null ? null : await hashOnce(password),
      status: options.status ?? 'active',
      language: options.language ?? 'en',
      created_at: server.clock.now(),
      activated_at: options.status === 'pending' ? null : server.clock.now(),
    })
    .execute();
  return { id, loginId, email, password: password ?? '', category: options.category ?? 'PUBLIC' };
}

/** The `portal_mfa=…` cookie a response set (a school administrator's pending sign-in), if any. */
export function mfaCookieOf(response: Pick<TestResponse, 'setCookie'>): string | undefined {
  const match = /(?:^|,\s*)portal_mfa=([^;]*)/.exec(response.setCookie ?? '');
  return match?.[1] ? `portal_mfa=${match[1]}` : undefined;
}

/**
 * Gives a pending sign-in its second factor the way an administrator does: sets up the
 * two-factor email when there is none, follows the emailed link and completes. Answers the
 * completing response.
 */
export async function completeSecondFactor(server: TestServer, userId: string, mfaCookie: string, setupEmail?: string): Promise<TestResponse> {
  const user = await server.db.selectFrom('users').select('mfa_email').where('id', '=', userId).executeTakeFirstOrThrow();
  let to = user.mfa_email;
  if (to === null) {
    to = setupEmail ?? `${userId.slice(0, 8)}.mfa@example.test`;
    const setup = await server.post('/auth/mfa/email', { email: to }, { cookie: mfaCookie });
    if (setup.status !== 200) throw new Error(`two-factor setup failed: ${setup.status} ${setup.text}`);
  } else if ((await server.get('/auth/mfa/status', { cookie: mfaCookie })).body?.data?.step === 'setup') {
    // An administrator with an authenticator app is emailed the link only when choosing it.
    const send = await server.post('/auth/mfa/resend', undefined, { cookie: mfaCookie });
    if (send.status !== 200) throw new Error(`two-factor link failed to send: ${send.status} ${send.text}`);
  }
  const sent = await emailsTo(server, to); // newest first
  const verify = await server.post('/api/email-verifications', { kind: 'mfa', token: tokenFromEmail(sent[0]) });
  if (verify.status !== 200) throw new Error(`two-factor link failed: ${verify.status} ${verify.text}`);
  return server.post('/auth/mfa/complete', undefined, { cookie: mfaCookie });
}

/**
 * Signs in through POST /auth/login and returns the session cookie; a school administrator's
 * second factor is given through the emailed link (completeSecondFactor).
 */
export async function signIn(server: TestServer, loginId: string, password = PASSWORD): Promise<string> {
  let response = await server.post('/auth/login', { loginId, password });
  const mfaCookie = mfaCookieOf(response);
  if (response.status === 200 && response.body?.data?.status === 'secondFactor' && mfaCookie) {
    const user = await server.db.selectFrom('users').select('id').where((eb) => eb.or([eb('login_id', '=', loginId.toLowerCase()), eb('login_email', '=', loginId.toLowerCase())])).executeTakeFirstOrThrow();
    response = await completeSecondFactor(server, user.id, mfaCookie);
  }
  if (response.status !== 200 || !response.cookie) throw new Error(`sign-in failed: ${response.status} ${response.text}`);
  return response.cookie;
}

export function emailsTo(server: Pick<TestServer, 'db'>, to: string): Promise<OutboxEntry[]> {
  return listOutbox(server.db, { to });
}

/** The token of the first emailed link's `code=` or `token=` query parameter. */
export function tokenFromEmail(entry: OutboxEntry | undefined): string {
  if (!entry) throw new Error('no email');
  const match = /https?:\/\/\S+[?&](?:code|token)=([A-Za-z0-9_-]+)/.exec(entry.text);
  if (!match?.[1]) throw new Error(`no link token in: ${entry.text}`);
  return match[1];
}

/**
 * Row counts of every table a request could change, to prove a refused request changed nothing.
 * `holds` leaves out the account-discovery counts (server/domain/discovery.ts), which every such
 * request writes whatever it is answered: that is their point.
 */
export async function tableCounts(db: Db): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of ['users', 'sessions', 'link_tokens', 'outbox', 'holds', 'schools'] as const) {
    counts[table] = await rowCount(db, table);
  }
  return counts;
}

/** The rows of a table; of `holds`, those that are not account-discovery counts. */
export async function rowCount(db: Db, table: 'users' | 'sessions' | 'link_tokens' | 'outbox' | 'holds' | 'schools' | 'email_changes' | 'teacher_profiles'): Promise<number> {
  let query = db.selectFrom(table as 'holds').select((eb) => eb.fn.countAll<number>().as('n'));
  if (table === 'holds') query = query.where('kind', 'not in', [DISCOVERY_GROUP_KIND, DISCOVERY_TARGET_KIND, DISCOVERY_TARGET_GROUP_KIND]);
  const row = await query.executeTakeFirstOrThrow();
  return Number(row.n);
}

/** A built-app stand-in: index.html, one hashed asset, one plain file. */
export function writeStaticDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'portal-static-'));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'index.html'), '<!doctype html>\n<html lang="en">\n<head><title>Portal</title></head>\n<body><div id="root"></div></body>\n</html>\n');
  writeFileSync(join(dir, 'assets', 'index-abc123.js'), 'console.log("app");\n');
  writeFileSync(join(dir, 'robots.txt'), 'User-agent: *\n');
  return dir;
}

/** A domain call's outcome as a word: `ok`, or the code it was refused with (anything else is thrown on). */
export async function outcome(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
    return 'ok';
  } catch (error) {
    if (error instanceof DomainError) return error.code;
    throw error;
  }
}
