/**
 * `npm run bench`: requests/s of GET /api/health (the bare route) beside signed-in
 * GET /api/users/me, and password logins/s, against the real server in a child process on a
 * temporary PGlite database (and on PostgreSQL too when BENCH_DATABASE_URL is set, in a
 * throw-away schema). A measurement: it prints a table and exits 0. 127.0.0.1 only.
 * BENCH_SECONDS sets the seconds per call; BENCH_NODE_ARGS passes flags to the server's Node
 * (`--cpu-prof --cpu-prof-dir=/tmp/prof` writes a profile per database when the server stops).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const READ_CONCURRENCY = 32;
const LOGIN_CONCURRENCY = 8;
/** Each measurement also stops after this many requests. */
const MAX_REQUESTS = 300_000;
const DEMO_PASSWORD = 'Portal-Demo-2026';

interface Server {
  port: number;
  child: ChildProcess;
}

function startServer(env: Record<string, string>): Promise<Server> {
  return new Promise((resolve, reject) => {
    // BENCH_NODE_ARGS: extra Node flags for the server, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`.
    const nodeArgs = (process.env.BENCH_NODE_ARGS ?? '').split(/\s+/).filter(Boolean);
    const child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', 'server/main.ts'], {
      cwd: ROOT,
      env: { ...process.env, NODE_ENV: 'development', PORT: '0', STATIC_DIR: join(tmpdir(), 'bench-no-static'), ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    const timer = setTimeout(() => {
      child.kill('SIGTERM');
      reject(new Error(`server did not start within 90 s:\n${output}`));
    }, 90_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /listening on http:\/\/localhost:(\d+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve({ port: Number(match[1]), child });
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}:\n${output}`));
    });
  });
}

function stopServer(server: Server): Promise<void> {
  return new Promise((resolve) => {
    if (server.child.exitCode !== null) return resolve();
    const timer = setTimeout(() => server.child.kill('SIGKILL'), 10_000);
    server.child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    server.child.kill('SIGTERM');
  });
}

interface Answer {
  status: number;
  body: string;
  setCookie: string[];
}

function send(agent: http.Agent, port: number, method: string, path: string, headers: Record<string, string>, body?: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, method, path, agent, headers }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text, setCookie: res.headers['set-cookie'] ?? [] }));
    });
    req.setTimeout(30_000, () => req.destroy(new Error('timeout')));
    req.on('error', reject);
    if (body !== undefined) req.end(body);
    else req.end();
  });
}

interface Figures {
  requests: number;
  failures: number;
  perSecond: number;
  p50: number;
  p99: number;
}

interface Tally {
  latencies: number[];
  failures: number;
  seconds: number;
  /** Keep-alive connections, reused across slices. */
  agent: http.Agent;
}

/** Runs `concurrency` loops of `call` for `seconds`, on keep-alive connections, adding to `tally`. */
async function run(
  tally: Tally,
  seconds: number,
  concurrency: number,
  call: (agent: http.Agent, i: number, worker: number) => Promise<boolean>,
): Promise<void> {
  const { agent } = tally;
  const started = performance.now();
  const deadline = started + seconds * 1000;
  let n = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async (_, worker) => {
      while (performance.now() < deadline && n < MAX_REQUESTS) {
        const t0 = performance.now();
        const ok = await call(agent, n++, worker).catch(() => false);
        tally.latencies.push(performance.now() - t0);
        if (!ok) tally.failures++;
      }
    }),
  );
  tally.seconds += (performance.now() - started) / 1000;
}

function figures(tally: Tally): Figures {
  tally.agent.destroy();
  const latencies = [...tally.latencies].sort((a, b) => a - b);
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
  return { requests: latencies.length, failures: tally.failures, perSecond: latencies.length / tally.seconds, p50: at(0.5), p99: at(0.99) };
}

const newTally = (concurrency: number): Tally => ({
  latencies: [],
  failures: 0,
  seconds: 0,
  agent: new http.Agent({ keepAlive: true, maxSockets: concurrency }),
});

async function measure(seconds: number, concurrency: number, call: (agent: http.Agent, i: number, worker: number) => Promise<boolean>): Promise<Figures> {
  const tally = newTally(concurrency);
  await run(tally, seconds, concurrency, call);
  return figures(tally);
}

/**
 * Two calls measured in alternating half-second slices, so a change in the machine's load
 * (other work on shared cores) weighs on both alike and their ratio stays fair.
 */
async function measurePair(
  seconds: number,
  concurrency: number,
  a: (agent: http.Agent, i: number, worker: number) => Promise<boolean>,
  b: (agent: http.Agent, i: number, worker: number) => Promise<boolean>,
): Promise<[Figures, Figures]> {
  const ta = newTally(concurrency);
  const tb = newTally(concurrency);
  const slices = Math.max(1, Math.round(seconds / 0.5));
  for (let i = 0; i < slices; i++) {
    await run(ta, seconds / slices, concurrency, a);
    await run(tb, seconds / slices, concurrency, b);
  }
  return [figures(ta), figures(tb)];
}

async function login(agent: http.Agent, port: number, loginId: string): Promise<Answer> {
  return send(agent, port, 'POST', '/auth/login', { 'content-type': 'application/json' }, JSON.stringify({ loginId, password: DEMO_PASSWORD }));
}

interface Row {
  database: string;
  call: string;
  figures: Figures;
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
    return rows;
  } finally {
    await stopServer(server);
  }
}

function pad(text: string, width: number, right = false): string {
  return right ? text.padStart(width) : text.padEnd(width);
}

async function main(): Promise<void> {
  const rows: Row[] = [];
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-bench-'));
  try {
    rows.push(...(await benchOne('PGlite', { DATA_DIR: dataDir })));
  } catch (error) {
    process.stderr.write(`PGlite run failed: ${error instanceof Error ? error.message : String(error)}\n`);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }

  const pgUrl = process.env.BENCH_DATABASE_URL;
  if (pgUrl) {
    const schema = `bench_${process.pid}`;
    const admin = new pg.Client({ connectionString: pgUrl });
    try {
      await admin.connect();
      await admin.query(`CREATE SCHEMA ${schema}`);
      const url = new URL(pgUrl);
      url.searchParams.set('options', `-c search_path=${schema}`);
      rows.push(...(await benchOne('PostgreSQL', { DATABASE_URL: url.toString() })));
    } catch (error) {
      process.stderr.write(`PostgreSQL run failed: ${error instanceof Error ? error.message : String(error)}\n`);
    } finally {
      await admin.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`).catch(() => {});
      await admin.end().catch(() => {});
    }
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
      `${database}: health / users/me = ${ratio.toFixed(2)}x (target ≤ 1.5x: ${ratio <= 1.5 ? 'met' : 'missed'}); logins ${logins.toFixed(0)}/s (target ≥ 100: ${logins >= 100 ? 'met' : 'missed'})`,
    );
  }
  process.stdout.write(
    `\nPortal benchmark, ${SECONDS} s per call (health and users/me in alternating half-second slices), ` +
      `${READ_CONCURRENCY} connections for reads, ${LOGIN_CONCURRENCY} for logins\n\n${lines.join('\n')}\n`,
  );
}

main()
  .catch((error: unknown) => process.stderr.write(`bench failed: ${error instanceof Error ? error.message : String(error)}\n`))
  .finally(() => process.exit(0));
