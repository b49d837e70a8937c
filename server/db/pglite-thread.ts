import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { Worker } from 'node:worker_threads';
import {
  type CompiledQuery,
  type DatabaseConnection,
  type DatabaseIntrospector,
  type Dialect,
  type DialectAdapter,
  type Driver,
  type Kysely,
  PGliteAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type QueryCompiler,
  type QueryResult,
} from 'kysely';
import { DomainError } from '../domain/errors.ts';

/*
 * The main thread's side of the embedded database (issue 21; docs/decisions/server.md, "PGlite off
 * the main thread"). PGlite runs in a worker thread (server/db/pglite-worker.mjs); this side posts
 * each statement and its parameters and receives the rows, so a statement costs the event loop
 * only the two messages, never the statement's own run. PGlite has one connection: everything that
 * runs on it (a Kysely query, a Kysely transaction, a raw transaction) takes the connection's lock
 * first, as Kysely's PGliteDialect serialises its single connection.
 */

const WORKER_URL = new URL('./pglite-worker.mjs', import.meta.url);

/** How long PGlite's steps held its thread (issue 21): the bench reads them beside the event loop's delay. */
export interface PgliteStepFigures {
  maxMs: number;
  /** The start of the statement the longest step ran (the last Parse or Query message before it). */
  maxStatement: string;
  count: number;
  totalMs: number;
  over20Ms: number;
}

export interface PgliteThreadOptions {
  dataDir: string | null;
  initialData?: Blob | undefined;
  startParams: string[];
}

type Request =
  | { op: 'query'; sql: string; params: readonly unknown[] }
  | { op: 'exec'; sql: string }
  | { op: 'open'; dataDir: string | null; initialData: SharedArrayBuffer | null; startParams: string[]; wasmModule: WasmModule; fsBundle: SharedArrayBuffer }
  | { op: 'begin' | 'commit' | 'rollback' | 'dump' | 'steps' | 'resetSteps' | 'close' };

interface Pending {
  resolve: (value: any) => void;
  reject: (error: Error) => void;
  /** Where the call was made, for the stack of an error the thread sends back. */
  caller: Error;
}

type Reply = { id: number; ok: true; result: unknown } | { id: number; ok: false; error: PlainError };
type PlainError = { name: string; message: string } & Record<string, unknown>;

/**
 * PGlite's WebAssembly module, compiled once per process, and its file-system bundle, read once
 * into shared memory. Each thread would otherwise compile the 9 MB module again (PGlite caches it
 * per module scope, and every worker is a new scope): the server specs open a database per file.
 */
let artifacts: Promise<{ wasmModule: WasmModule; fsBundle: SharedArrayBuffer }> | undefined;

/** A compiled `WebAssembly.Module` (the server's TypeScript libraries leave WebAssembly's types out). */
type WasmModule = object;
const wasm = (globalThis as unknown as { WebAssembly: { compile(bytes: Uint8Array): Promise<WasmModule> } }).WebAssembly;

function pgliteArtifacts(): Promise<{ wasmModule: WasmModule; fsBundle: SharedArrayBuffer }> {
  artifacts ??= (async () => {
    // The package's entry lies beside its artifacts (dist/); Vitest's module runner has no import.meta.resolve.
    const dist = dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
    const [code, data] = await Promise.all([readFile(join(dist, 'pglite.wasm')), readFile(join(dist, 'pglite.data'))]);
    return { wasmModule: await wasm.compile(code), fsBundle: shared(data) };
  })();
  return artifacts;
}

function shared(bytes: Uint8Array): SharedArrayBuffer {
  const buffer = new SharedArrayBuffer(bytes.byteLength);
  new Uint8Array(buffer).set(bytes);
  return buffer;
}

/** A dump given as `initialData`, in shared memory once: tests open dozens of databases from one. */
const sharedDumps = new WeakMap<Blob, Promise<SharedArrayBuffer>>();

function sharedDump(blob: Blob): Promise<SharedArrayBuffer> {
  let buffer = sharedDumps.get(blob);
  if (!buffer) {
    buffer = blob.arrayBuffer().then((bytes) => shared(new Uint8Array(bytes)));
    sharedDumps.set(blob, buffer);
  }
  return buffer;
}

/** Every open thread, for the step figures of the whole process. */
const threads = new Set<PgliteThread>();

/** The answer to every request once the database's thread has stopped: 503 `serverBusy`, logged by the caller's handler. */
function stopped(reason: string): DomainError {
  return new DomainError('serverBusy', { message: `the embedded database is not running (${reason})` });
}

/** A PostgreSQL error from the thread, with its fields (code, constraint, detail…) and the caller's stack. */
function rebuilt(plain: PlainError, caller: Error): Error {
  const error = new Error(plain.message);
  Object.assign(error, plain);
  error.name = plain.name;
  const frames = caller.stack?.split('\n').slice(1).join('\n');
  error.stack = `${plain.name}: ${plain.message}${frames ? `\n${frames}` : ''}`;
  return error;
}

/**
 * A thread whose database was closed, kept for the next open: a new thread starts cold (Node's
 * start-up, PGlite's JavaScript not yet compiled), about a second of processor time on this
 * machine's cores, and the server specs open a database per file. At most one is kept; it is
 * unreferenced, so it never keeps a process alive.
 */
let idleWorker: Worker | null = null;

function takeWorker(): Worker {
  const kept = idleWorker;
  idleWorker = null;
  if (kept) return kept;
  const worker = new Worker(WORKER_URL);
  worker.unref();
  // An idle thread that dies is simply not reused.
  const forget = () => {
    if (idleWorker === worker) idleWorker = null;
  };
  worker.on('exit', forget);
  worker.on('error', forget);
  return worker;
}

function keepWorker(worker: Worker): void {
  if (idleWorker) void idleWorker.terminate();
  idleWorker = worker;
}

/**
 * One PGlite in a worker thread. Requests are answered in order; the thread is referenced (keeps
 * the process alive) only while a request is waiting, like a socket with a query on it.
 */
export class PgliteThread {
  readonly #worker: Worker;
  readonly #pending = new Map<number, Pending>();
  #nextId = 1;
  /** Why the thread cannot answer any more; null while it runs. */
  #down: string | null = null;
  /** The connection's lock: the tail of the queue of holders. */
  #lockTail: Promise<void> = Promise.resolve();
  readonly #onMessage = (reply: Reply) => {
    const pending = this.#pending.get(reply.id);
    if (!pending) return;
    this.#settle(reply.id);
    if (reply.ok) pending.resolve(reply.result);
    else pending.reject(rebuilt(reply.error, pending.caller));
  };
  readonly #onError = (error: Error) => this.#stop(`${error.name}: ${error.message}`);
  readonly #onExit = (code: number) => this.#stop(`its thread exited with ${code}`);

  private constructor(worker: Worker) {
    this.#worker = worker;
    worker.on('message', this.#onMessage);
    worker.on('error', this.#onError);
    worker.on('exit', this.#onExit);
  }

  static async start(options: PgliteThreadOptions): Promise<PgliteThread> {
    const [{ wasmModule, fsBundle }, initialData] = await Promise.all([pgliteArtifacts(), options.initialData ? sharedDump(options.initialData) : null]);
    const thread = new PgliteThread(takeWorker());
    try {
      await thread.request({ op: 'open', dataDir: options.dataDir, initialData, startParams: options.startParams, wasmModule, fsBundle });
    } catch (error) {
      thread.#detach();
      await thread.#worker.terminate();
      throw error;
    }
    threads.add(thread);
    return thread;
  }

  #detach(): void {
    threads.delete(this);
    this.#worker.off('message', this.#onMessage);
    this.#worker.off('error', this.#onError);
    this.#worker.off('exit', this.#onExit);
  }

  /** The thread is gone: every waiting request is answered with an error, and every later one at once. */
  #stop(reason: string): void {
    if (this.#down) return;
    this.#down = reason;
    this.#detach();
    for (const [id, pending] of this.#pending) {
      this.#pending.delete(id);
      pending.reject(stopped(reason));
    }
    this.#worker.unref();
  }

  #settle(id: number): void {
    this.#pending.delete(id);
    if (this.#pending.size === 0) this.#worker.unref();
  }

  get running(): boolean {
    return this.#down === null;
  }

  request<T>(message: Request): Promise<T> {
    if (this.#down) return Promise.reject(stopped(this.#down));
    const id = this.#nextId++;
    return new Promise<T>((resolve, reject) => {
      if (this.#pending.size === 0) this.#worker.ref();
      this.#pending.set(id, { resolve, reject, caller: new Error() });
      this.#worker.postMessage({ id, ...message });
    });
  }

  query<T>(sql: string, params: readonly unknown[] = []): Promise<{ rows: T[]; affectedRows: number | null }> {
    return this.request({ op: 'query', sql, params });
  }

  async exec(sql: string): Promise<void> {
    await this.request({ op: 'exec', sql });
  }

  /** Runs `fn` holding the single connection: nothing else runs on it meanwhile. */
  async exclusive<T>(fn: () => Promise<T>): Promise<T> {
    const release = await this.lock();
    try {
      return await fn();
    } finally {
      release();
    }
  }

  /** Waits for the connection and returns its release. */
  async lock(): Promise<() => void> {
    let release!: () => void;
    const held = new Promise<void>((done) => (release = done));
    const previous = this.#lockTail;
    this.#lockTail = previous.then(() => held);
    await previous;
    return release;
  }

  /** BEGIN … COMMIT around `fn` (ROLLBACK when it throws), holding the connection throughout. */
  transaction<T>(fn: () => Promise<T>): Promise<T> {
    return this.exclusive(async () => {
      await this.request({ op: 'begin' });
      let result: T;
      try {
        result = await fn();
      } catch (error) {
        await this.request({ op: 'rollback' }).catch(() => {});
        throw error;
      }
      await this.request({ op: 'commit' });
      return result;
    });
  }

  async dump(): Promise<Blob> {
    return new Blob([await this.request<ArrayBuffer>({ op: 'dump' })]);
  }

  steps(): Promise<PgliteStepFigures> {
    return this.request({ op: 'steps' });
  }

  async resetSteps(): Promise<void> {
    await this.request({ op: 'resetSteps' });
  }

  /** Closes PGlite after whatever holds the connection; the thread is kept for the next open. */
  async close(): Promise<void> {
    if (this.#down) return;
    let closed = false;
    await this.exclusive(async () => {
      if (this.#down) return;
      await this.request({ op: 'close' });
      closed = true;
      this.#stop('closed');
    });
    if (closed) keepWorker(this.#worker);
  }

  /** Tests only: ends the thread as a crash would (PGlite aborting, the thread running out of memory). */
  async crashForTest(): Promise<void> {
    await this.#worker.terminate();
  }
}

/** The step figures of every open PGlite thread of the process, gathered. */
export async function readThreadSteps(): Promise<PgliteStepFigures> {
  const all = await Promise.all([...threads].map((thread) => thread.steps().catch(() => null)));
  const total: PgliteStepFigures = { maxMs: 0, maxStatement: '', count: 0, totalMs: 0, over20Ms: 0 };
  for (const figures of all) {
    if (!figures) continue;
    total.count += figures.count;
    total.totalMs += figures.totalMs;
    total.over20Ms += figures.over20Ms;
    if (figures.maxMs > total.maxMs) {
      total.maxMs = figures.maxMs;
      total.maxStatement = figures.maxStatement;
    }
  }
  return total;
}

export async function resetThreadSteps(): Promise<void> {
  await Promise.all([...threads].map((thread) => thread.resetSteps().catch(() => {})));
}

/** Kysely on a PGlite thread: one connection, taken under the thread's lock for a query or a whole transaction. */
export class PgliteThreadDialect implements Dialect {
  readonly #thread: PgliteThread;
  constructor(thread: PgliteThread) {
    this.#thread = thread;
  }
  createAdapter(): DialectAdapter {
    return new PGliteAdapter();
  }
  createDriver(): Driver {
    return new PgliteThreadDriver(this.#thread);
  }
  createIntrospector(db: Kysely<any>): DatabaseIntrospector {
    return new PostgresIntrospector(db);
  }
  createQueryCompiler(): QueryCompiler {
    return new PostgresQueryCompiler();
  }
}

class PgliteThreadDriver implements Driver {
  readonly #thread: PgliteThread;
  readonly #connection: PgliteThreadConnection;
  #release: (() => void) | null = null;

  constructor(thread: PgliteThread) {
    this.#thread = thread;
    this.#connection = new PgliteThreadConnection(thread);
  }
  async init(): Promise<void> {}
  async acquireConnection(): Promise<DatabaseConnection> {
    const release = await this.#thread.lock();
    this.#release = release;
    return this.#connection;
  }
  async releaseConnection(): Promise<void> {
    const release = this.#release;
    this.#release = null;
    release?.();
  }
  async beginTransaction(): Promise<void> {
    await this.#thread.request({ op: 'begin' });
  }
  async commitTransaction(): Promise<void> {
    await this.#thread.request({ op: 'commit' });
  }
  async rollbackTransaction(): Promise<void> {
    await this.#thread.request({ op: 'rollback' });
  }
  async destroy(): Promise<void> {}
}

class PgliteThreadConnection implements DatabaseConnection {
  readonly #thread: PgliteThread;
  constructor(thread: PgliteThread) {
    this.#thread = thread;
  }
  async executeQuery<R>(compiledQuery: CompiledQuery): Promise<QueryResult<R>> {
    const { rows, affectedRows } = await this.#thread.query<R>(compiledQuery.sql, compiledQuery.parameters);
    return affectedRows === null ? { rows } : { rows, numAffectedRows: BigInt(affectedRows) };
  }
  // eslint-disable-next-line require-yield
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('Streaming is not supported by PGlite.');
  }
}
