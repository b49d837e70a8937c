/**
 * What the measuring scripts share (scripts/bench.ts, scripts/bench-attack.ts): the server as
 * `npm start` runs it in a child process, keep-alive HTTP on 127.0.0.1, closed-loop load with
 * latencies, and the table helpers.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import http from 'node:http';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { buildServer } from './build-server.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
/** Each measurement also stops after this many requests. */
export const MAX_REQUESTS = 300_000;
export const DEMO_PASSWORD = 'Portal-Demo-2026';

export interface Server {
  port: number;
  child: ChildProcess;
}

/** The server as `npm start` runs it: the bundle of scripts/build-server.mjs. */
let serverEntry: Promise<string> | null = null;

export async function startServer(env: Record<string, string>): Promise<Server> {
  serverEntry ??= buildServer();
  const entry = await serverEntry;
  return new Promise((resolve, reject) => {
    // BENCH_NODE_ARGS: extra Node flags for the server, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`.
    const nodeArgs = (process.env.BENCH_NODE_ARGS ?? '').split(/\s+/).filter(Boolean);
    const child = spawn(process.execPath, [...nodeArgs, '--enable-source-maps', entry], {
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
    // BENCH_SERVER_LOG: the server's output (e.g. `--trace-gc` lines) appended to this file.
    const log = process.env.BENCH_SERVER_LOG;
    if (log) {
      const file = createWriteStream(log, { flags: 'a' });
      child.stdout?.pipe(file);
      child.stderr?.pipe(file);
    }
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}:\n${output}`));
    });
  });
}

export function stopServer(server: Server): Promise<void> {
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

export interface Answer {
  status: number;
  body: string;
  setCookie: string[];
}

export function send(agent: http.Agent, port: number, method: string, path: string, headers: Record<string, string>, body?: string): Promise<Answer> {
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

export interface Figures {
  requests: number;
  failures: number;
  perSecond: number;
  p50: number;
  p99: number;
}

export interface Tally {
  latencies: number[];
  failures: number;
  seconds: number;
  /** Keep-alive connections, reused across slices. */
  agent: http.Agent;
}

/** Runs `concurrency` loops of `call` for `seconds`, on keep-alive connections, adding to `tally`. */
export async function run(
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

export function figures(tally: Tally): Figures {
  tally.agent.destroy();
  const latencies = [...tally.latencies].sort((a, b) => a - b);
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
  return { requests: latencies.length, failures: tally.failures, perSecond: latencies.length / tally.seconds, p50: at(0.5), p99: at(0.99) };
}

export const newTally = (concurrency: number, keepAlive = true): Tally => ({
  latencies: [],
  failures: 0,
  seconds: 0,
  agent: new http.Agent({ keepAlive, maxSockets: concurrency }),
});

export async function measure(seconds: number, concurrency: number, call: (agent: http.Agent, i: number, worker: number) => Promise<boolean>): Promise<Figures> {
  const tally = newTally(concurrency);
  await run(tally, seconds, concurrency, call);
  return figures(tally);
}

/**
 * Two calls measured in alternating half-second slices, so a change in the machine's load
 * (other work on shared cores) weighs on both alike and their ratio stays fair.
 */
export async function measurePair(
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

export async function login(agent: http.Agent, port: number, loginId: string, password = DEMO_PASSWORD, address?: string): Promise<Answer> {
  const headers: Record<string, string> = { 'content-type': 'application/json', ...(address ? { 'x-forwarded-for': address } : {}) };
  return send(agent, port, 'POST', '/auth/login', headers, JSON.stringify({ loginId, password }));
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function readLoad(): string {
  return loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');
}

export function pad(text: string, width: number, right = false): string {
  return right ? text.padStart(width) : text.padEnd(width);
}


/**
 * Connections sending `request` in a loop in the background (a flood, hostile bodies), counting the
 * answers by status (0: no answer). `pause()` stops sending and waits for the answers in flight,
 * `resume()` starts again, `stop()` ends the loops and closes the connections.
 */
export function backgroundLoad(connections: number, request: (agent: http.Agent) => Promise<Answer>, active = true) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const state = { active, stopped: false, inFlight: 0 };
  const statuses = new Map<number, number>();
  const loops = Promise.all(
    Array.from({ length: connections }, async () => {
      while (!state.stopped) {
        if (!state.active) {
          await sleep(5);
          continue;
        }
        state.inFlight++;
        const answer = await request(agent).catch(() => null);
        state.inFlight--;
        const status = answer?.status ?? 0;
        statuses.set(status, (statuses.get(status) ?? 0) + 1);
      }
    }),
  );
  return {
    statuses,
    /** The answers so far, `401×120 429×3000`. */
    statusLine: () =>
      [...statuses.entries()]
        .sort(([a], [b]) => a - b)
        .map(([status, count]) => `${status}×${count}`)
        .join(' '),
    async pause() {
      state.active = false;
      while (state.inFlight > 0) await sleep(5);
    },
    resume() {
      state.active = true;
    },
    async stop() {
      state.stopped = true;
      await loops;
      agent.destroy();
    },
  };
}

/**
 * Runs `body` with a database URL whose search path is a fresh schema of `pgUrl`'s database,
 * dropped afterwards; a failure is written to stderr under `label` so the other sections still run.
 */
export async function withScratchSchema(pgUrl: string, prefix: string, label: string, body: (url: string) => Promise<void>): Promise<void> {
  const schema = `${prefix}_${process.pid}`;
  const admin = new pg.Client({ connectionString: pgUrl });
  try {
    await admin.connect();
    await admin.query(`CREATE SCHEMA ${schema}`);
    const url = new URL(pgUrl);
    url.searchParams.set('options', `-c search_path=${schema}`);
    await body(url.toString());
  } catch (error) {
    process.stderr.write(`${label} failed: ${error instanceof Error ? error.message : String(error)}\n`);
  } finally {
    await admin.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`).catch(() => {});
    await admin.end().catch(() => {});
  }
}
