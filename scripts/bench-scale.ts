/**
 * `npm run bench -- --scale` (issue 25, item 7): the main per-user reads on an empty database
 * beside the same reads on a territory-sized one, so a read that grows with the number of
 * accounts shows up as a figure. On PostgreSQL (BENCH_DATABASE_URL, default
 * postgres://postgres@127.0.0.1:5432/test), in a throw-away schema:
 *
 * 1. the server starts on the empty schema (it migrates and seeds the demo data), and one public
 *    user (with a family, a few sessions and sign-ins) and one school administrator (a school list
 *    of 1,000 records) are written; their reads are measured;
 * 2. the server stops, and synthetic data is written with generate_series (one statement per
 *    table, no row-by-row inserts): 1,000,000 accounts, 3,000,000 sign-in history rows, 1,000
 *    schools × 1,000 list records; then VACUUM ANALYZE;
 * 3. the server starts again and the same reads are measured on the same two users.
 *
 * `--scale=0.1` writes a tenth of everything (a shared or small machine); the default is the full
 * size. BENCH_SECONDS sets the seconds per read (default 3).
 */
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import { sql } from 'kysely';
import { hash as argon2Hash } from '@node-rs/argon2';
import { openDatabase, type Database } from '../server/db/database.ts';
import { createSession, DEV_SESSION_SECRET } from '../server/domain/sessions.ts';
import { type Figures, measure, pad, readLoad, send, startServer, stopServer, withScratchSchema } from './bench-http.ts';

const DEFAULT_URL = 'postgres://postgres@127.0.0.1:5432/test';
const SECONDS = Number(process.env.BENCH_SECONDS ?? 3);
const CONCURRENCY = 16;
export const TERRITORY = { accounts: 1_000_000, signIns: 3_000_000, schools: 1_000, recordsPerSchool: 1_000 } as const;

/** The `--scale` switch: `--scale` is the full size, `--scale=0.1` a tenth. Null without the switch. */
export function scaleOf(argv: readonly string[]): number | null {
  const arg = argv.find((a) => a === '--scale' || a.startsWith('--scale='));
  if (!arg) return null;
  if (arg === '--scale') return 1;
  const value = Number(arg.slice('--scale='.length));
  if (!(value > 0 && value <= 1)) throw new Error(`--scale takes a fraction above 0 and at most 1 (got ${arg})`);
  return value;
}

interface Reader {
  call: string;
  path: string;
  cookie: string;
}

interface Users {
  readers: Reader[];
  schoolCode: string;
}

const PUBLIC_ID = 'bench-scale-public';
const ADMIN_ID = 'bench-scale-admin';
const SCHOOL = 'BSCALE0';

/** The two users whose reads are measured, with a family, sessions, sign-ins and a school list. */
async function writeUsers(database: Database, now: Date): Promise<Users> {
  const db = database.db;
  const passwordHash = await argon2Hash('Bench-Scale-2026');
  await sql`INSERT INTO schools (code, name) VALUES (${SCHOOL}, 'Bench scale school')`.execute(db);
  await sql`INSERT INTO users (id, login_id, login_email, contact_email, category, display_name, school_code, password_hash, status, language, created_at, activated_at)
    VALUES (${PUBLIC_ID}, 'bench_scale_public', 'bench-scale-public@bench.test', 'bench-scale-public@bench.test', 'PUBLIC', 'Bench Public', NULL, ${passwordHash}, 'active', 'en', ${now}, ${now}),
           (${ADMIN_ID}, 'bench_scale_admin', 'bench-scale-admin@bench.test', 'bench-scale-admin@bench.test', 'SCHOOL_ADMINISTRATOR', 'Bench Admin', ${SCHOOL}, ${passwordHash}, 'active', 'en', ${now}, ${now})`.execute(db);
  // A family the public user administers, with two more members.
  const familyId = randomUUID();
  await sql`INSERT INTO users (id, login_id, category, display_name, status, language, created_at, activated_at)
    SELECT ${PUBLIC_ID} || '-' || g, 'bench_scale_member' || g, 'PUBLIC', 'Bench member ' || g, 'active', 'en', ${now}, ${now} FROM generate_series(1, 2) AS g`.execute(db);
  await sql`INSERT INTO families (id, name, ref, code, code_created_at, code_expires_at, created_at)
    VALUES (${familyId}, 'Bench family', 'BENCHFAM1', '123456', ${now}, ${new Date(now.getTime() + 86_400_000)}, ${now})`.execute(db);
  await sql`INSERT INTO family_members (id, family_id, user_id, nickname, family_role, is_admin, status, requested_at, processed_at)
    VALUES (${randomUUID()}, ${familyId}, ${PUBLIC_ID}, 'Dad', 'FATHER', true, 'active', ${now}, ${now}),
           (${randomUUID()}, ${familyId}, ${`${PUBLIC_ID}-1`}, 'Mum', 'MOTHER', false, 'active', ${now}, ${now}),
           (${randomUUID()}, ${familyId}, ${`${PUBLIC_ID}-2`}, 'Kid', 'CHILD', false, 'active', ${now}, ${now})`.execute(db);
  await sql`INSERT INTO sign_in_history (user_id, at, method, outcome, user_agent, address)
    SELECT ${PUBLIC_ID}, ${now}::timestamptz - (g || ' hours')::interval, 'password', CASE WHEN g % 7 = 0 THEN 'failed' ELSE 'success' END,
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/130.0 Safari/537.36', '203.0.113.' || (g % 250)
    FROM generate_series(1, 60) AS g`.execute(db);
  await sql`INSERT INTO org_accounts (id, school_code, email_address, ch_full_name, en_full_name, remark, teacher_type, updated_at, updated_by, updated_by_login)
    SELECT md5(${SCHOOL} || g::text), ${SCHOOL}, 'teacher' || g || '@bench-school.edu.hk', '陳大文' || g, 'CHAN Tai Man ' || g, 'remark ' || g,
      CASE WHEN g % 5 = 0 THEN 'PRE_SERVICE' ELSE 'UNIVERSITY_TEACHER' END, ${now}::timestamptz - (g || ' seconds')::interval, ${ADMIN_ID}, 'bench_scale_admin'
    FROM generate_series(1, ${TERRITORY.recordsPerSchool}) AS g`.execute(db);
  const keys = { secret: DEV_SESSION_SECRET, now };
  const publicSessions: string[] = [];
  for (let i = 0; i < 3; i++) publicSessions.push(await createSession(db, PUBLIC_ID, keys));
  const adminSession = await createSession(db, ADMIN_ID, keys);
  const cookie = (raw: string) => `portal_session=${raw}`;
  const publicCookie = cookie(publicSessions[0] ?? '');
  return {
    schoolCode: SCHOOL,
    readers: [
      { call: 'GET /api/users/me', path: '/api/users/me', cookie: publicCookie },
      { call: 'GET /api/profile', path: '/api/profile', cookie: publicCookie },
      { call: 'GET /api/family/family', path: '/api/family/family?lang=en', cookie: publicCookie },
      { call: 'GET sessions', path: '/api/profile/security/sessions', cookie: publicCookie },
      { call: 'GET sign-in history', path: '/api/profile/security/sign-ins', cookie: publicCookie },
      { call: 'GET school list', path: '/api/org-accounts?page=2', cookie: cookie(adminSession) },
      { call: 'GET school list search', path: '/api/org-accounts?q=chan%20tai%20man%2099', cookie: cookie(adminSession) },
    ],
  };
}

/** Territory-sized synthetic data, one generate_series statement per table. Returns the seconds each took. */
async function writeTerritory(database: Database, scale: number, now: Date, log: (line: string) => void): Promise<Array<[string, number]>> {
  const db = database.db;
  const accounts = Math.round(TERRITORY.accounts * scale);
  const signIns = Math.round(TERRITORY.signIns * scale);
  const schools = Math.round(TERRITORY.schools * scale);
  const records = TERRITORY.recordsPerSchool;
  const passwordHash = await argon2Hash('Territory-Account-1');
  const timings: Array<[string, number]> = [];
  const step = async (label: string, statement: ReturnType<typeof sql>) => {
    const started = performance.now();
    await statement.execute(db);
    const seconds = (performance.now() - started) / 1000;
    timings.push([label, seconds]);
    log(`  ${label}: ${seconds.toFixed(1)} s`);
  };
  await step(
    `${schools.toLocaleString('en')} schools`,
    sql`INSERT INTO schools (code, name) SELECT 'T' || lpad(g::text, 5, '0'), 'Territory school ' || g FROM generate_series(1, ${schools}) AS g`,
  );
  // Most accounts public; a tenth teachers and a tenth students of a school; one administrator per school.
  await step(
    `${accounts.toLocaleString('en')} accounts`,
    sql`INSERT INTO users (id, login_id, login_email, contact_email, category, display_name, school_code, password_hash, status, language, created_at, activated_at)
      SELECT 't' || g, 'territory' || g, 'territory' || g || '@territory.test', 'territory' || g || '@territory.test',
        CASE WHEN g <= ${schools} THEN 'SCHOOL_ADMINISTRATOR' WHEN g % 10 = 1 THEN 'SCHOOL_BASED_TEACHER' WHEN g % 10 = 2 THEN 'STUDENT' ELSE 'PUBLIC' END,
        'Territory ' || g,
        CASE WHEN g <= ${schools} OR g % 10 IN (1, 2) THEN 'T' || lpad((1 + g % ${schools})::text, 5, '0') END,
        ${passwordHash}, 'active', (ARRAY['zh_hant', 'en', 'zh_hans'])[1 + g % 3],
        ${now}::timestamptz - (g || ' minutes')::interval, ${now}::timestamptz - (g || ' minutes')::interval
      FROM generate_series(1, ${accounts}) AS g`,
  );
  await step(
    `${signIns.toLocaleString('en')} sign-in history rows`,
    sql`INSERT INTO sign_in_history (user_id, at, method, outcome, user_agent, address)
      SELECT 't' || (1 + g % ${accounts}), ${now}::timestamptz - ((g % 7776000) || ' seconds')::interval,
        (ARRAY['password', 'otp', 'qr'])[1 + g % 3], CASE WHEN g % 9 = 0 THEN 'failed' ELSE 'success' END,
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Safari/604.1', '198.51.' || (g % 250) || '.' || (g % 199)
      FROM generate_series(1, ${signIns}) AS g`,
  );
  await step(
    `${schools.toLocaleString('en')} × ${records.toLocaleString('en')} school list records`,
    sql`INSERT INTO org_accounts (id, school_code, email_address, ch_full_name, en_full_name, remark, teacher_type, updated_at, updated_by, updated_by_login)
      SELECT md5('T' || s || ':' || g), 'T' || lpad(s::text, 5, '0'), 'teacher' || g || '@school' || s || '.edu.hk', '陳大文' || g, 'CHAN Tai Man ' || g, '',
        CASE WHEN g % 5 = 0 THEN 'PRE_SERVICE' ELSE 'UNIVERSITY_TEACHER' END, ${now}::timestamptz - (g || ' seconds')::interval, 't' || s, 'territory' || s
      FROM generate_series(1, ${schools}) AS s, generate_series(1, ${records}) AS g`,
  );
  await step('VACUUM (ANALYZE) of those tables', sql`VACUUM (ANALYZE) schools, users, sign_in_history, org_accounts`);
  return timings;
}

async function measureReads(port: number, readers: Reader[]): Promise<Map<string, Figures>> {
  const out = new Map<string, Figures>();
  for (const reader of readers) {
    const read = (agent: http.Agent) => send(agent, port, 'GET', reader.path, { cookie: reader.cookie }).then((a) => a.status === 200);
    const first = await send(new http.Agent(), port, 'GET', reader.path, { cookie: reader.cookie });
    if (first.status !== 200) throw new Error(`${reader.call} answered ${first.status}: ${first.body.slice(0, 300)}`);
    await measure(0.5, CONCURRENCY, read);
    out.set(reader.call, await measure(SECONDS, CONCURRENCY, read));
  }
  return out;
}

async function databaseSize(database: Database): Promise<string> {
  const result = await sql<{ size: string }>`SELECT pg_size_pretty(sum(pg_total_relation_size(c.oid))::bigint) AS size
    FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = current_schema() AND c.relkind IN ('r', 'm')`.execute(database.db);
  return result.rows[0]?.size ?? '?';
}

export async function benchScale(scale: number): Promise<string[]> {
  const pgUrl = process.env.BENCH_DATABASE_URL ?? DEFAULT_URL;
  const lines: string[] = [];
  const log = (line: string) => process.stderr.write(`${line}\n`);
  await withScratchSchema(pgUrl, 'bench_scale', 'scale bench', async (url) => {
    const schema = new URL(url).searchParams.get('options')?.replace('-c search_path=', '') ?? '';
    const env = { DATABASE_URL: url, PASSWORD_NICENESS: '0' };
    const now = new Date();
    log('scale bench: the empty database');
    let server = await startServer(env);
    const database = await openDatabase({ url: pgUrl, searchPath: schema, changeFeed: false, maxConnections: 2 });
    let empty: Map<string, Figures>;
    let full: Map<string, Figures>;
    let users: Users;
    try {
      users = await writeUsers(database, now);
      empty = await measureReads(server.port, users.readers);
    } finally {
      await stopServer(server);
    }
    const emptySize = await databaseSize(database);
    log(`scale bench: writing territory data at scale ${scale}`);
    const timings = await writeTerritory(database, scale, now, log);
    const fullSize = await databaseSize(database);
    server = await startServer(env);
    try {
      full = await measureReads(server.port, users.readers);
    } finally {
      await stopServer(server);
      await database.close();
    }
    const size = (n: number) => Math.round(n * scale).toLocaleString('en');
    lines.push(
      `Per-user reads, empty database (${emptySize}) beside territory size ×${scale} (${fullSize}: ${size(TERRITORY.accounts)} accounts, ` +
        `${size(TERRITORY.signIns)} sign-ins, ${size(TERRITORY.schools)} schools × ${TERRITORY.recordsPerSchool.toLocaleString('en')} list records), PostgreSQL, ` +
        `${SECONDS} s per read, ${CONCURRENCY} connections`,
      `${pad('read', 24)} ${pad('empty req/s', 12, true)} ${pad('p50', 7, true)} ${pad('p99', 7, true)} ${pad('full req/s', 12, true)} ${pad('p50', 7, true)} ${pad('p99', 7, true)} ${pad('full/empty', 11, true)}`,
    );
    for (const reader of users.readers) {
      const e = empty.get(reader.call);
      const f = full.get(reader.call);
      if (!e || !f) continue;
      lines.push(
        `${pad(reader.call, 24)} ${pad(e.perSecond.toFixed(0), 12, true)} ${pad(e.p50.toFixed(1), 7, true)} ${pad(e.p99.toFixed(1), 7, true)} ${pad(f.perSecond.toFixed(0), 12, true)} ${pad(f.p50.toFixed(1), 7, true)} ${pad(f.p99.toFixed(1), 7, true)} ${pad(`${((f.perSecond / e.perSecond) * 100).toFixed(0)}%`, 11, true)}`,
      );
    }
    lines.push(`writing the territory data: ${timings.map(([label, s]) => `${label} ${s.toFixed(1)} s`).join(', ')}`);
    lines.push(`load average at end ${readLoad()}`);
  });
  return lines;
}
