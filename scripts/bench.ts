/**
 * `npm run bench`: requests/s of GET /api/health (the bare route) beside signed-in
 * GET /api/users/me, and password logins/s, against the real server in a child process on a
 * temporary PGlite database (and on PostgreSQL too when BENCH_DATABASE_URL is set, in a
 * throw-away schema). Then the argon2id ceiling of the cores (verifications/s hashing in a loop
 * on every core, no server), and GET /api/users/me alone beside the same while FLOOD_CONNECTIONS
 * connections send wrong passwords (each for another login, so every one costs a hash), with
 * right-password logins from another address meanwhile (docs/decisions/login-throttling.md).
 * Then the resident memory of the server process, idle after its first start, a restart and the
 * load (PGlite), and after its first start and the load (PostgreSQL). The server runs as `npm start`
 * runs it (the bundle of scripts/build-server.mjs).
 * A measurement: it prints tables and exits 0. 127.0.0.1 only.
 * BENCH_SECONDS sets the seconds per call; BENCH_HASHING=threads,async,threads:1 compares the
 * password pool's modes (and sizes, after the colon) under the flood (default: threads); BENCH_NODE_ARGS passes flags to the server's
 * Node (`--cpu-prof --cpu-prof-dir=/tmp/prof` writes a profile per database when the server stops).
 * Then memory while the single sign-on export streams 5,000 and 50,000 accounts
 * (BENCH_EXPORT_SIZES=5000,50000; scripts/bench-sso-export.ts), the school email list's import,
 * and last the attack section (issue 21; scripts/bench-attack.ts): floods, hostile bodies and
 * login timing, each figure beside its goal. BENCH_ONLY=attack runs the attack section alone.
 * `npm run bench -- --scale` (or `--scale=0.1`) runs only the territory-size reads instead
 * (scripts/bench-scale.ts, issue 25).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { hash as argon2Hash } from '@node-rs/argon2';
import { benchAttack } from './bench-attack.ts';
import {
  backgroundLoad,
  DEMO_PASSWORD,
  type Figures,
  type Server,
  figures,
  login,
  measure,
  measurePair,
  newTally,
  pad,
  readLoad,
  run,
  send,
  sleep,
  startServer,
  stopServer,
  withScratchSchema,
} from './bench-http.ts';
import { benchOrgAccounts } from './bench-org-accounts.ts';
import { benchScale, scaleOf } from './bench-scale.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const READ_CONCURRENCY = 32;
const LOGIN_CONCURRENCY = 8;
/** Connections sending wrong passwords in the flood measurement (issue 9). */
const FLOOD_CONNECTIONS = 20;
/** Connections sending right passwords, from another address, during the flood. */
const FLOOD_LOGIN_CONCURRENCY = 2;
/** The server trusts one proxy in the flood runs, so the bench can speak from several addresses. */
const FLOOD_ADDRESS = '198.51.100.66';
const SCHOOL_ADDRESS = '203.0.113.10';

interface Row {
  database: string;
  call: string;
  figures: Figures;
}

interface MemoryRow {
  database: string;
  moment: string;
  residentMb: number;
}
const memoryRows: MemoryRow[] = [];
/** Seconds the server is left alone before its resident memory is read. */
const IDLE_SECONDS = 10;

/** The server process's resident set (VmRSS, Linux), in MiB. */
function residentMb(server: Server): number {
  const status = readFileSync(`/proc/${server.child.pid}/status`, 'utf8');
  const kb = Number(/^VmRSS:\s+(\d+)/m.exec(status)?.[1] ?? Number.NaN);
  return kb / 1024;
}

/** Starts the server, leaves it idle, reads its resident memory, stops it. */
async function idleMemory(database: string, moment: string, env: Record<string, string>): Promise<void> {
  const server = await startServer(env);
  try {
    await sleep(IDLE_SECONDS * 1000);
    memoryRows.push({ database, moment, residentMb: residentMb(server) });
  } finally {
    await stopServer(server);
  }
}

async function benchOne(database: string, env: Record<string, string>): Promise<Row[]> {
  const server = await startServer(env);
  try {
    const { port } = server;
    // One session per connection, as many browsers would have: no lookup is answered twice.
    const setupAgent = new http.Agent({ keepAlive: true });
    const cookies: string[] = [];
    for (let i = 0; i < READ_CONCURRENCY; i++) {
      const signedIn = await login(setupAgent, port, `demo_public${(i % 8) + 1}`);
      const cookie = signedIn.setCookie[0]?.split(';')[0];
      if (signedIn.status !== 200 || !cookie) throw new Error(`demo login failed: ${signedIn.status} ${signedIn.body}`);
      cookies.push(cookie);
    }
    setupAgent.destroy();

    const health = (agent: http.Agent) => send(agent, port, 'GET', '/api/health', {}).then((a) => a.status === 200);
    const me = (agent: http.Agent, _i: number, worker: number) =>
      send(agent, port, 'GET', '/api/users/me', { cookie: cookies[worker] ?? '' }).then((a) => a.status === 200);
    const logins = (agent: http.Agent, i: number) => login(agent, port, `demo_public${(i % 8) + 1}`).then((a) => a.status === 200);

    // Warm up the JIT and the database's caches before timing anything.
    await measure(1, READ_CONCURRENCY, health);
    await measure(1, READ_CONCURRENCY, me);
    const rows: Row[] = [];
    const [healthFigures, meFigures] = await measurePair(SECONDS, READ_CONCURRENCY, health, me);
    rows.push({ database, call: 'GET /api/health', figures: healthFigures });
    rows.push({ database, call: 'GET /api/users/me', figures: meFigures });
    rows.push({ database, call: 'POST /auth/login', figures: await measure(SECONDS, LOGIN_CONCURRENCY, logins) });
    await sleep(IDLE_SECONDS * 1000);
    memoryRows.push({ database, moment: 'idle after the load above', residentMb: residentMb(server) });
    return rows;
  } finally {
    await stopServer(server);
  }
}

/**
 * The argon2id ceiling of this machine: one worker per core verifying the portal's default
 * hash in a loop (at normal priority, no server), verifications per second.
 */
async function argon2Ceiling(seconds: number): Promise<{ perSecond: number; perCore: number; cores: number }> {
  const cores = availableParallelism();
  const stored = await argon2Hash(DEMO_PASSWORD);
  const workerUrl = new URL('../server/domain/password-worker.mjs', import.meta.url);
  const workers = Array.from({ length: cores }, () => new Worker(workerUrl, { workerData: { niceness: 0 } }));
  let done = 0;
  const started = performance.now();
  const deadline = started + seconds * 1000;
  await Promise.all(
    workers.map(
      (worker) =>
        new Promise<void>((resolve) => {
          let id = 0;
          worker.on('message', (message: { id?: number }) => {
            if (message.id === undefined) return;
            done++;
            if (performance.now() < deadline) worker.postMessage({ id: ++id, op: 'verify', hash: stored, password: DEMO_PASSWORD });
            else resolve();
          });
          worker.postMessage({ id: ++id, op: 'verify', hash: stored, password: DEMO_PASSWORD });
        }),
    ),
  );
  const elapsed = (performance.now() - started) / 1000;
  await Promise.all(workers.map((worker) => worker.terminate()));
  return { perSecond: done / elapsed, perCore: done / elapsed / cores, cores };
}

interface FloodRow {
  database: string;
  hashing: string;
  aloneMe: Figures;
  floodedMe: Figures;
  /** Right-password logins from another address in the alone slices (beside users/me, no flood). */
  aloneLogins: Figures;
  floodLogins: Figures;
  wrongPerSecond: number;
  throttledShare: number;
  loadBefore: string;
}

/** users/me alone, then while FLOOD_CONNECTIONS connections send wrong passwords (and a school signs in from elsewhere). */
async function benchFlood(database: string, hashing: string, env: Record<string, string>): Promise<FloodRow> {
  const [mode = 'threads', workers] = hashing.split(':');
  const server = await startServer({ ...env, TRUST_PROXY: '1', PASSWORD_HASHING: mode, ...(workers ? { PASSWORD_WORKERS: workers } : {}) });
  try {
    const { port } = server;
    const setupAgent = new http.Agent({ keepAlive: true });
    const cookies: string[] = [];
    for (let i = 0; i < READ_CONCURRENCY; i++) {
      const signedIn = await login(setupAgent, port, `demo_public${(i % 8) + 1}`, DEMO_PASSWORD, SCHOOL_ADDRESS);
      const cookie = signedIn.setCookie[0]?.split(';')[0];
      if (signedIn.status !== 200 || !cookie) throw new Error(`demo login failed: ${signedIn.status} ${signedIn.body}`);
      cookies.push(cookie);
    }
    setupAgent.destroy();
    const me = (agent: http.Agent, _i: number, worker: number) =>
      send(agent, port, 'GET', '/api/users/me', { cookie: cookies[worker] ?? '' }).then((a) => a.status === 200);
    await measure(1, READ_CONCURRENCY, me);
    const loadBefore = readLoad();

    // The flood: every request another login, so no per-account delay spares the hash. It runs
    // only in the flood slices; before an alone slice it pauses and its answers drain.
    let guess = 0;
    const flood = backgroundLoad(FLOOD_CONNECTIONS, (agent) => login(agent, port, `guess_${process.pid}_${guess++}`, 'Wrong-Guess-1', FLOOD_ADDRESS), false);
    let floodSeconds = 0;
    const schoolLogins = (agent: http.Agent, i: number) =>
      login(agent, port, `demo_public${(i % 8) + 1}`, DEMO_PASSWORD, SCHOOL_ADDRESS).then(
        (a) => {
          if (a.status !== 200) process.stderr.write(`right-password login answered ${a.status}: ${a.body.slice(0, 200)}\n`);
          return a.status === 200;
        },
        (error: unknown) => {
          process.stderr.write(`right-password login failed: ${error instanceof Error ? error.message : String(error)}\n`);
          return false;
        },
      );
    // Alone and flooded in alternating one-second slices, so the machine's changing load weighs on both.
    const alone = newTally(READ_CONCURRENCY);
    const flooded = newTally(READ_CONCURRENCY);
    // A new connection per login: between slices these idle past the server's keep-alive timeout.
    // The right-password logins run in both slices (as in the attack section): they are other
    // users' work, so what the bystander loses between the slices is what the flood costs it.
    const aloneLogins = newTally(FLOOD_LOGIN_CONCURRENCY, false);
    const logins = newTally(FLOOD_LOGIN_CONCURRENCY, false);
    const slices = Math.max(1, Math.round(SECONDS));
    for (let i = 0; i < slices; i++) {
      await flood.pause();
      await Promise.all([run(alone, SECONDS / slices, READ_CONCURRENCY, me), run(aloneLogins, SECONDS / slices, FLOOD_LOGIN_CONCURRENCY, schoolLogins)]);
      flood.resume();
      await sleep(300);
      const started = performance.now();
      await Promise.all([run(flooded, SECONDS / slices, READ_CONCURRENCY, me), run(logins, SECONDS / slices, FLOOD_LOGIN_CONCURRENCY, schoolLogins)]);
      floodSeconds += (performance.now() - started) / 1000;
    }
    await flood.stop();
    const aloneMe = figures(alone);
    const floodedMe = figures(flooded);
    const floodLogins = figures(logins);
    const wrong = flood.statuses.get(401) ?? 0;
    const throttled = flood.statuses.get(429) ?? 0;
    floodSeconds += slices * 0.3;
    return {
      database,
      hashing,
      aloneMe,
      floodedMe,
      aloneLogins: figures(aloneLogins),
      floodLogins,
      wrongPerSecond: wrong / floodSeconds,
      throttledShare: throttled / Math.max(1, wrong + throttled),
      loadBefore,
    };
  } finally {
    await stopServer(server);
  }
}

async function main(): Promise<void> {
  const scale = scaleOf(process.argv.slice(2));
  if (scale !== null) {
    process.stdout.write(`\n${(await benchScale(scale)).join('\n')}\n`);
    return;
  }
  if (process.env.BENCH_ONLY === 'attack') {
    process.stdout.write(`\n${(await benchAttack()).join('\n')}\n`);
    return;
  }
  const rows: Row[] = [];
  const floods: FloodRow[] = [];
  const hashings = (process.env.BENCH_HASHING ?? 'threads').split(',').map((m) => m.trim()).filter(Boolean);
  const loadAtStart = readLoad();
  const ceiling = await argon2Ceiling(Math.min(SECONDS, 3));
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-bench-'));
  try {
    // A new data folder: the first start creates the cluster and seeds the demo accounts.
    await idleMemory('PGlite', 'idle after the first start', { DATA_DIR: dataDir });
    await idleMemory('PGlite', 'idle after a restart', { DATA_DIR: dataDir });
    if (process.env.BENCH_FLOOD_ONLY !== '1') rows.push(...(await benchOne('PGlite', { DATA_DIR: dataDir })));
    for (const hashing of hashings) floods.push(await benchFlood('PGlite', hashing, { DATA_DIR: dataDir }));
  } catch (error) {
    process.stderr.write(`PGlite run failed: ${error instanceof Error ? error.message : String(error)}\n`);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }

  const pgUrl = process.env.BENCH_DATABASE_URL;
  if (pgUrl) {
    await withScratchSchema(pgUrl, 'bench', 'PostgreSQL run', async (url) => {
      await idleMemory('PostgreSQL', 'idle after the first start', { DATABASE_URL: url });
      rows.push(...(await benchOne('PostgreSQL', { DATABASE_URL: url })));
      for (const hashing of hashings) floods.push(await benchFlood('PostgreSQL', hashing, { DATABASE_URL: url }));
    });
  }

  const lines = [
    `${pad('database', 11)} ${pad('call', 18)} ${pad('requests', 9, true)} ${pad('failed', 7, true)} ${pad('req/s', 9, true)} ${pad('p50 ms', 8, true)} ${pad('p99 ms', 8, true)}`,
  ];
  for (const { database, call, figures } of rows) {
    lines.push(
      `${pad(database, 11)} ${pad(call, 18)} ${pad(String(figures.requests), 9, true)} ${pad(String(figures.failures), 7, true)} ${pad(figures.perSecond.toFixed(0), 9, true)} ${pad(figures.p50.toFixed(2), 8, true)} ${pad(figures.p99.toFixed(2), 8, true)}`,
    );
  }
  lines.push('');
  for (const database of new Set(rows.map((r) => r.database))) {
    const of = (call: string) => rows.find((r) => r.database === database && r.call === call)?.figures.perSecond ?? 0;
    const ratio = of('GET /api/users/me') > 0 ? of('GET /api/health') / of('GET /api/users/me') : Number.POSITIVE_INFINITY;
    const logins = of('POST /auth/login');
    lines.push(
      `${database}: health / users/me = ${ratio.toFixed(2)}x (target ≤ 1.5x: ${ratio <= 1.5 ? 'met' : 'missed'}); logins ${logins.toFixed(0)}/s, ` +
        `${((logins / ceiling.perSecond) * 100).toFixed(0)}% of the argon2id ceiling (target ≥ 80%: ${logins >= 0.8 * ceiling.perSecond ? 'met' : 'missed'})`,
    );
  }
  lines.push(
    '',
    `argon2id ceiling: ${ceiling.perSecond.toFixed(0)} verifications/s on ${ceiling.cores} cores (${ceiling.perCore.toFixed(0)}/s per core, hashing in a loop, no server)`,
  );
  if (floods.length > 0) {
    lines.push(
      '',
      `GET /api/users/me alone and while ${FLOOD_CONNECTIONS} connections send wrong passwords (each for another login); ` +
        `right-password logins from another address in both (${FLOOD_LOGIN_CONCURRENCY} connections; logins/s alone → flooded)`,
      `${pad('database', 11)} ${pad('hashing', 10)} ${pad('alone req/s', 12, true)} ${pad('p99', 7, true)} ${pad('flood req/s', 12, true)} ${pad('p99', 7, true)} ${pad('kept', 6, true)} ${pad('wrong/s', 8, true)} ${pad('429s', 5, true)} ${pad('logins/s', 15, true)} ${pad('p99', 7, true)}  load before`,
    );
    for (const f of floods) {
      const kept = f.aloneMe.perSecond > 0 ? f.floodedMe.perSecond / f.aloneMe.perSecond : 0;
      lines.push(
        `${pad(f.database, 11)} ${pad(f.hashing, 10)} ${pad(f.aloneMe.perSecond.toFixed(0), 12, true)} ${pad(f.aloneMe.p99.toFixed(1), 7, true)} ${pad(f.floodedMe.perSecond.toFixed(0), 12, true)} ${pad(f.floodedMe.p99.toFixed(1), 7, true)} ${pad(`${(kept * 100).toFixed(0)}%`, 6, true)} ${pad(f.wrongPerSecond.toFixed(0), 8, true)} ${pad(`${(f.throttledShare * 100).toFixed(0)}%`, 5, true)} ${pad(`${f.aloneLogins.perSecond.toFixed(1)} → ${f.floodLogins.perSecond.toFixed(1)}`, 15, true)} ${pad(f.floodLogins.p99.toFixed(0), 7, true)}  ${f.loadBefore}`,
      );
    }
    for (const f of floods) {
      const kept = f.aloneMe.perSecond > 0 ? f.floodedMe.perSecond / f.aloneMe.perSecond : 0;
      lines.push(
        `${f.database} ${f.hashing}: users/me keeps ${(kept * 100).toFixed(0)}% under the flood (target ≥ 50%: ${kept >= 0.5 ? 'met' : 'missed'}), ` +
          `p99 ${f.floodedMe.p99.toFixed(1)} ms (target < 50 ms: ${f.floodedMe.p99 < 50 ? 'met' : 'missed'}); ${f.aloneLogins.failures + f.floodLogins.failures} right-password logins failed; right-password logins keep ${f.aloneLogins.perSecond > 0 ? ((f.floodLogins.perSecond / f.aloneLogins.perSecond) * 100).toFixed(0) : '0'}% (target ≥ 50%)`,
      );
    }
  }
  if (memoryRows.length > 0) {
    lines.push('', `Resident memory of the server process (VmRSS), ${IDLE_SECONDS} s after it was left alone (target for PGlite: < 400 MB)`);
    lines.push(`${pad('database', 11)} ${pad('when', 28)} ${pad('MiB', 6, true)}`);
    for (const m of memoryRows) lines.push(`${pad(m.database, 11)} ${pad(m.moment, 28)} ${pad(m.residentMb.toFixed(0), 6, true)}`);
    const pglite = memoryRows.filter((m) => m.database === 'PGlite');
    const worst = Math.max(...pglite.map((m) => m.residentMb));
    if (pglite.length > 0) lines.push(`PGlite: at most ${worst.toFixed(0)} MiB idle (target < 400 MB: ${worst * 1.048576 < 400 ? 'met' : 'missed'})`);
  }
  lines.push('', ...(await exportMemoryLines()));
  try {
    lines.push('', ...(await benchOrgAccounts()));
  } catch (error) {
    process.stderr.write(`org accounts bench failed: ${error instanceof Error ? error.message : String(error)}\n`);
  }
  try {
    lines.push('', ...(await benchAttack()));
  } catch (error) {
    process.stderr.write(`attack bench failed: ${error instanceof Error ? error.message : String(error)}\n`);
  }
  lines.push('', `load average at start ${loadAtStart}, at end ${readLoad()} (cat /proc/loadavg)`);
  process.stdout.write(
    `\nPortal benchmark, ${SECONDS} s per call (health and users/me in alternating half-second slices), ` +
      `${READ_CONCURRENCY} connections for reads, ${LOGIN_CONCURRENCY} for logins\n\n${lines.join('\n')}\n`,
  );
}

/**
 * Issue 12: memory while the single sign-on export streams 5,000 and 50,000 accounts
 * (scripts/bench-sso-export.ts, in a child Node with --expose-gc so the live heap can be read).
 */
async function exportMemoryLines(): Promise<string[]> {
  const sizes = (process.env.BENCH_EXPORT_SIZES ?? '5000,50000').split(',').map(Number).filter((n) => n > 0);
  const output = await new Promise<string>((resolve, reject) => {
    const child = spawn(process.execPath, ['--expose-gc', '--import', 'tsx', 'scripts/bench-sso-export.ts', ...sizes.map(String)], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
    child.on('exit', (code) => (code === 0 ? resolve(out) : reject(new Error(`export bench exited with ${code}: ${err}`))));
  }).catch((error: unknown) => `error:${error instanceof Error ? error.message : String(error)}`);
  if (output.startsWith('error:')) return [`SSO export memory: ${output.slice(6)}`];
  const rows = JSON.parse(output.trim().split('\n').at(-1) ?? '[]') as Array<{ accounts: number; bytes: number; seconds: number; liveGrowthMiB: number; heapPeakMiB: number }>;
  const lines = [
    'SSO export (Google Workspace CSV, PGlite in memory, read through the route\'s stream): live heap growth after GC, and heap peak with garbage',
    `${pad('accounts', 9, true)} ${pad('file MiB', 9, true)} ${pad('seconds', 8, true)} ${pad('rows/s', 8, true)} ${pad('live MiB', 9, true)} ${pad('peak MiB', 9, true)}`,
  ];
  for (const row of rows) {
    lines.push(
      `${pad(String(row.accounts), 9, true)} ${pad((row.bytes / 1048576).toFixed(2), 9, true)} ${pad(row.seconds.toFixed(1), 8, true)} ${pad((row.accounts / row.seconds).toFixed(0), 8, true)} ${pad(row.liveGrowthMiB.toFixed(2), 9, true)} ${pad(row.heapPeakMiB.toFixed(2), 9, true)}`,
    );
  }
  return lines;
}

main()
  .catch((error: unknown) => process.stderr.write(`bench failed: ${error instanceof Error ? error.message : String(error)}\n`))
  .finally(() => process.exit(0));
