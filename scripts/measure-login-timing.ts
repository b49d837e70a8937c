/**
 * A measurement, not a spec (issue 21, docs/decisions/login-throttling.md "What a refusal costs"):
 * does a wrong password for an existing account take as long to answer as one for a login that
 * does not exist? In-process app on a fresh PGlite database (or PostgreSQL with
 * MEASURE_DATABASE_URL), TIMING_TRIES (default 600) tries of each, alternated, each from its own
 * address (so no per-address delay) and spread over accounts (so no account's budget runs out).
 * Prints the means, their difference and Welch's t-test p-value; asserts nothing. `npx tsx scripts/measure-login-timing.ts`
 */
import { randomBytes, randomUUID } from 'node:crypto';
import pg from 'pg';
import { createApp } from '../server/app.ts';
import { loadConfig } from '../server/config.ts';
import { openDatabase, type Database } from '../server/db/database.ts';
import { migrate } from '../server/db/migrate.ts';
import { systemClock } from '../server/deps.ts';
import { hashPassword } from '../server/domain/passwords.ts';
import { createRecaptchaVerifier } from '../server/domain/recaptcha.ts';
import { silentLogger } from '../server/log.ts';

const TRIES = Number(process.env.TIMING_TRIES ?? 600);
const ACCOUNTS = Math.ceil(TRIES / 50);

async function open(): Promise<{ database: Database; drop: () => Promise<void> }> {
  const url = process.env.MEASURE_DATABASE_URL;
  if (!url) {
    const database = await openDatabase({});
    await migrate(database);
    return { database, drop: () => database.close() };
  }
  const schema = `timing_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE SCHEMA ${schema}`);
  await admin.end();
  const database = await openDatabase({ url, searchPath: schema, maxConnections: 8 });
  await migrate(database);
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

/** Welch's t-test: t, degrees of freedom and the two-sided p-value (Student's t CDF by the regularised incomplete beta). */
function welch(a: number[], b: number[]): { t: number; df: number; p: number } {
  const mean = (x: number[]) => x.reduce((s, v) => s + v, 0) / x.length;
  const variance = (x: number[], m: number) => x.reduce((s, v) => s + (v - m) ** 2, 0) / (x.length - 1);
  const ma = mean(a);
  const mb = mean(b);
  const va = variance(a, ma) / a.length;
  const vb = variance(b, mb) / b.length;
  const t = (ma - mb) / Math.sqrt(va + vb);
  const df = (va + vb) ** 2 / (va ** 2 / (a.length - 1) + vb ** 2 / (b.length - 1));
  const p = incompleteBeta(df / (df + t * t), df / 2, 0.5);
  return { t, df, p };
}

function logGamma(x: number): number {
  const c = [76.18009172947146, -86.50532032941677, 24.01409824083091, -1.231739572450155, 0.1208650973866179e-2, -0.5395239384953e-5];
  let y = x;
  const tmp = x + 5.5 - (x + 0.5) * Math.log(x + 5.5);
  let ser = 1.000000000190015;
  for (const coefficient of c) ser += coefficient / ++y;
  return -tmp + Math.log((2.5066282746310005 * ser) / x);
}

function incompleteBeta(x: number, a: number, b: number): number {
  if (x <= 0) return 0;
  if (x >= 1) return 1;
  const front = Math.exp(logGamma(a + b) - logGamma(a) - logGamma(b) + a * Math.log(x) + b * Math.log(1 - x));
  if (x > (a + 1) / (a + b + 2)) return 1 - incompleteBeta(1 - x, b, a);
  // Lentz's continued fraction.
  let f = 1;
  let c = 1;
  let d = 1 - ((a + b) * x) / (a + 1);
  d = Math.abs(d) < 1e-30 ? 1e-30 : d;
  d = 1 / d;
  f = d;
  for (let m = 1; m <= 300; m++) {
    for (const numerator of [(m * (b - m) * x) / ((a + 2 * m - 1) * (a + 2 * m)), -((a + m) * (a + b + m) * x) / ((a + 2 * m) * (a + 2 * m + 1))]) {
      d = 1 + numerator * d;
      d = Math.abs(d) < 1e-30 ? 1e-30 : d;
      c = 1 + numerator / c;
      c = Math.abs(c) < 1e-30 ? 1e-30 : c;
      d = 1 / d;
      f *= d * c;
    }
    if (Math.abs(d * c - 1) < 1e-12) break;
  }
  return (front * f) / a;
}

async function main(): Promise<void> {
  const { database, drop } = await open();
  try {
    const config = loadConfig({ NODE_ENV: 'test', PUBLIC_URL: 'http://portal.test', TRUST_PROXY: '1', STATIC_DIR: '/nonexistent' });
    const app = createApp({ config, database, clock: systemClock, recaptcha: createRecaptchaVerifier({ secret: null }), log: silentLogger });
    const hash = await hashPassword('Correct-Horse-42');
    const known: string[] = [];
    for (let i = 0; i < ACCOUNTS; i++) {
      const loginId = `timing_${i}_${randomBytes(3).toString('hex')}`;
      known.push(loginId);
      await database.db
        .insertInto('users')
        .values({ id: randomUUID(), login_id: loginId, login_email: `${loginId}@example.test`, contact_email: `${loginId}@example.test`, category: 'PUBLIC', display_name: loginId, school_code: null, password_hash: hash, status: 'active', language: 'en', created_at: new Date(), activated_at: new Date() })
        .execute();
    }
    const unknown = known.map((id) => `${id.replace('timing_', 'nobody_')}`);
    let address = 0;
    const attempt = async (loginId: string): Promise<number> => {
      address++;
      const started = performance.now();
      const response = await app.request('http://portal.test/auth/login', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': `10.${(address >> 16) & 255}.${(address >> 8) & 255}.${address & 255}` },
        body: JSON.stringify({ loginId, password: 'Wrong-Password-1' }),
      });
      await response.text();
      const elapsed = performance.now() - started;
      if (response.status !== 401) throw new Error(`expected loginFailed, got ${response.status}`);
      return elapsed;
    };
    // Warm up both paths.
    for (let i = 0; i < 20; i++) {
      await attempt(known[i % known.length] ?? '');
      await attempt(unknown[i % unknown.length] ?? '');
    }
    const existing: number[] = [];
    const missing: number[] = [];
    for (let i = 0; i < TRIES; i++) {
      // Alternated, the order flipped every other pair.
      const pair = [() => attempt(known[i % known.length] ?? ''), () => attempt(unknown[i % unknown.length] ?? '')];
      if (i % 2 === 1) pair.reverse();
      for (const run of pair) {
        const isKnown = run === pair[i % 2 === 1 ? 1 : 0];
        (isKnown ? existing : missing).push(await run());
      }
    }
    const mean = (x: number[]) => x.reduce((s, v) => s + v, 0) / x.length;
    const { t, df, p } = welch(existing, missing);
    process.stdout.write(
      `${database.kind}: ${TRIES} wrong passwords each, alternated\n` +
        `  existing account: mean ${mean(existing).toFixed(2)} ms\n` +
        `  unknown login:    mean ${mean(missing).toFixed(2)} ms\n` +
        `  difference ${(mean(existing) - mean(missing)).toFixed(2)} ms, Welch t = ${t.toFixed(2)} (df ${df.toFixed(0)}), p = ${p.toFixed(3)}\n`,
    );
  } finally {
    await drop();
  }
}

await main();
process.exit(0);
