import { hash as hashAsync, verify as verifyAsync } from '@node-rs/argon2';
import { availableParallelism } from 'node:os';
import { performance, type EventLoopUtilization } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';

/**
 * Bounded, fair password hashing (docs/decisions/login-throttling.md). At most `size` argon2id
 * evaluations run at once; waiting ones queue per lane (a login's client address), and lanes are
 * served round-robin, so an address flooding wrong passwords waits behind itself, not in front
 * of everyone else. A lane marked `low` (an address past its wrong-password cap) is served only
 * when no other lane waits. Nothing is refused for being slow; a lane with more than
 * `maxQueuedPerLane` jobs waiting or running refuses more (PoolFullError), a guard against one
 * address holding unbounded memory.
 *
 * While the main thread is busy (its event-loop utilisation over the last BUSY_SAMPLE_MS above
 * `busyUtilisation`), one evaluation fewer runs at once, so on a small machine a core stays free
 * for the requests of everyone else; idle, every core hashes.
 *
 * `threads` (the default) runs `hashSync`/`verifySync` in worker threads that lower their own
 * priority (os.setPriority on the calling thread), so logins use every idle core while the main
 * thread, which answers every other request, preempts them. They start when work comes and end
 * after `idleRetireMs` without any, so an idle process holds none. `async` runs the library's async
 * calls on libuv's thread pool behind the same queue, at normal priority.
 */

export type PasswordJob = { op: 'hash'; password: string } | { op: 'verify'; hash: string; password: string };

export interface HashLane {
  /** The queue the job waits in: the client address for logins. */
  key: string;
  /** Served only when no other lane has work waiting. */
  low?: boolean;
}

export type HashingMode = 'threads' | 'async';

export interface PasswordPoolOptions {
  mode: HashingMode;
  /** Evaluations at once (worker threads, or async calls in flight). */
  size: number;
  /** Jobs one lane may have waiting or running; beyond it `run` throws PoolFullError. */
  maxQueuedPerLane: number;
  /** The workers' nice value (threads mode); 19 is the lowest priority. */
  niceness: number;
  /** Main-thread event-loop utilisation (0–1) above which one evaluation fewer runs; 1 turns it off. */
  busyUtilisation: number;
  /**
   * A worker thread with nothing to do for this long ends (threads mode; 0: never), and one
   * starts again when work comes. Each holds a JavaScript engine and, once it has hashed, the
   * allocator's 19 MiB arena: about 45 MiB of an idle process's memory per worker. Starting one
   * again costs the next hash 20–70 ms (measured on this 2-core machine), so the default (5 s)
   * keeps them through any steady stream of sign-ins and frees them in the first quiet moment.
   */
  idleRetireMs: number;
}

/** How often the main thread's event-loop utilisation is sampled. */
const BUSY_SAMPLE_MS = 100;

export const DEFAULT_LANE: HashLane = { key: 'other' };

export function defaultPoolOptions(): PasswordPoolOptions {
  return { mode: 'threads', size: Math.max(1, availableParallelism()), maxQueuedPerLane: 200, niceness: 19, busyUtilisation: 0.5, idleRetireMs: 5_000 };
}

/** One lane has too much work queued: the caller answers with a refusal, not a 5xx. */
export class PoolFullError extends Error {
  constructor() {
    super('password hashing queue of this lane is full');
    this.name = 'PoolFullError';
  }
}

interface Pending {
  job: PasswordJob;
  lane: HashLane;
  /** How many times a worker died while running it. */
  retries: number;
  resolve: (value: string | boolean) => void;
  reject: (error: Error) => void;
}

interface Slot {
  worker: Worker;
  running: (Pending & { id: number }) | null;
  /** Ends the worker once it has been idle for `idleRetireMs`. */
  idleTimer: ReturnType<typeof setTimeout> | null;
  /** Ended for being idle: its exit is no death to recover from. */
  retired: boolean;
}

/** Per-lane FIFO queues served round-robin: the lane served last goes to the back of the ring. */
class LaneRing {
  private readonly lanes = new Map<string, Pending[]>();
  get size(): number {
    return this.lanes.size;
  }
  push(item: Pending, front = false): void {
    const queue = this.lanes.get(item.lane.key);
    if (queue) {
      if (front) queue.unshift(item);
      else queue.push(item);
    } else this.lanes.set(item.lane.key, [item]);
  }
  shift(): Pending | undefined {
    for (const [key, queue] of this.lanes) {
      const item = queue.shift();
      this.lanes.delete(key);
      if (queue.length > 0) this.lanes.set(key, queue);
      if (item) return item;
    }
    return undefined;
  }
}

const WORKER_URL = new URL('./password-worker.mjs', import.meta.url);
/** A job whose worker died this many times is answered with an error instead of being tried again. */
const MAX_RETRIES = 1;

export class PasswordPool {
  readonly options: PasswordPoolOptions;
  private readonly normal = new LaneRing();
  private readonly low = new LaneRing();
  /** Jobs waiting or running per lane key. */
  private readonly perLane = new Map<string, number>();
  private readonly slots: Slot[] = [];
  private running = 0;
  /** Evaluations allowed at once now: `size`, or one fewer while the main thread is busy. */
  private limit: number;
  private sampler: ReturnType<typeof setInterval> | null = null;
  private lastUtilisation: EventLoopUtilization = performance.eventLoopUtilization();
  private nextId = 1;
  private closed = false;
  /** Workers that died and were replaced (for tests and logs). */
  restarts = 0;

  constructor(options: Partial<PasswordPoolOptions> = {}) {
    this.options = { ...defaultPoolOptions(), ...options };
    if (this.options.size < 1) throw new Error('password pool size must be at least 1');
    this.limit = this.options.size;
    if (this.options.size > 1 && this.options.busyUtilisation < 1) {
      this.sampler = setInterval(() => this.sample(), BUSY_SAMPLE_MS);
      this.sampler.unref();
    }
    // Workers start when work comes (`dispatch`), not here: an idle process holds none.
  }

  hash(password: string, lane: HashLane = DEFAULT_LANE): Promise<string> {
    return this.run({ op: 'hash', password }, lane) as Promise<string>;
  }

  verify(hash: string, password: string, lane: HashLane = DEFAULT_LANE): Promise<boolean> {
    return this.run({ op: 'verify', hash, password }, lane) as Promise<boolean>;
  }

  /** Jobs waiting or running in a lane. */
  queued(key: string): number {
    return this.perLane.get(key) ?? 0;
  }

  /** Jobs running now and waiting for a slot, over every lane (server/ops/metrics.ts). */
  load(): { running: number; waiting: number } {
    let total = 0;
    for (const count of this.perLane.values()) total += count;
    return { running: this.running, waiting: Math.max(0, total - this.running) };
  }

  /** The worker threads running now (threads mode; none until work comes), for tests that kill one. */
  workers(): Worker[] {
    return this.slots.map((slot) => slot.worker);
  }

  run(job: PasswordJob, lane: HashLane): Promise<string | boolean> {
    if (this.closed) return Promise.reject(new Error('password pool is closed'));
    const count = this.queued(lane.key);
    if (count >= this.options.maxQueuedPerLane) return Promise.reject(new PoolFullError());
    this.perLane.set(lane.key, count + 1);
    return new Promise<string | boolean>((resolve, reject) => {
      const release = () => {
        const left = this.queued(lane.key) - 1;
        if (left > 0) this.perLane.set(lane.key, left);
        else this.perLane.delete(lane.key);
      };
      this.enqueue({
        job,
        lane,
        retries: 0,
        resolve: (value) => {
          release();
          resolve(value);
        },
        reject: (error) => {
          release();
          reject(error);
        },
      });
    });
  }

  /** Evaluations allowed at once now. */
  currentLimit(): number {
    return this.limit;
  }

  private sample(): void {
    const now = performance.eventLoopUtilization();
    const utilisation = performance.eventLoopUtilization(now, this.lastUtilisation).utilization;
    this.lastUtilisation = now;
    const limit = utilisation > this.options.busyUtilisation ? this.options.size - 1 : this.options.size;
    if (limit === this.limit) return;
    this.limit = limit;
    this.dispatch();
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.sampler) clearInterval(this.sampler);
    const slots = this.slots.splice(0);
    for (const slot of slots) if (slot.idleTimer) clearTimeout(slot.idleTimer);
    await Promise.all(slots.map((slot) => slot.worker.terminate()));
    for (const ring of [this.normal, this.low]) {
      for (let item = ring.shift(); item; item = ring.shift()) item.reject(new Error('password pool is closed'));
    }
  }

  private enqueue(item: Pending, front = false): void {
    (item.lane.low ? this.low : this.normal).push(item, front);
    this.dispatch();
  }

  private take(): Pending | undefined {
    return this.normal.shift() ?? this.low.shift();
  }

  private dispatch(): void {
    if (this.options.mode === 'async') {
      while (this.running < this.limit) {
        const item = this.take();
        if (!item) return;
        this.running++;
        const { job } = item;
        const work = job.op === 'hash' ? hashAsync(job.password) : verifyAsync(job.hash, job.password);
        work.then(item.resolve, (error: unknown) => item.reject(error instanceof Error ? error : new Error(String(error)))).finally(() => {
          this.running--;
          this.dispatch();
        });
      }
      return;
    }
    let busy = this.slots.filter((slot) => slot.running).length;
    while (busy < this.limit) {
      let slot = this.slots.find((candidate) => !candidate.running);
      if (!slot && this.slots.length >= this.options.size) return;
      const item = this.take();
      if (!item) return;
      if (!slot) {
        slot = this.spawn();
        this.slots.push(slot);
      }
      if (slot.idleTimer) clearTimeout(slot.idleTimer);
      slot.idleTimer = null;
      const running = { ...item, id: this.nextId++ };
      slot.running = running;
      busy++;
      const { job } = item;
      slot.worker.postMessage(job.op === 'hash' ? { id: running.id, op: 'hash', password: job.password } : { id: running.id, ...job });
    }
  }

  /** Starts the idle countdown of a worker that has just finished and found nothing more to do. */
  private idle(slot: Slot): void {
    if (slot.running || this.closed || this.options.idleRetireMs <= 0) return;
    if (slot.idleTimer) clearTimeout(slot.idleTimer);
    slot.idleTimer = setTimeout(() => {
      slot.idleTimer = null;
      if (slot.running || this.closed) return;
      const index = this.slots.indexOf(slot);
      if (index >= 0) this.slots.splice(index, 1);
      slot.retired = true;
      void slot.worker.terminate();
    }, this.options.idleRetireMs);
    slot.idleTimer.unref();
  }

  private spawn(): Slot {
    const worker = new Worker(WORKER_URL, { workerData: { niceness: this.options.niceness } });
    // Idle workers must not keep a process (a test run, a script) alive.
    worker.unref();
    const slot: Slot = { worker, running: null, idleTimer: null, retired: false };
    worker.on('message', (message: { id?: number; ok?: boolean; result?: string | boolean; message?: string }) => {
      const running = slot.running;
      if (message.id === undefined || !running || running.id !== message.id) return;
      slot.running = null;
      if (message.ok) running.resolve(message.result as string | boolean);
      else running.reject(new Error(message.message ?? 'password worker failed'));
      this.dispatch();
      this.idle(slot);
    });
    let gone = false;
    const onGone = () => {
      if (gone || slot.retired) return;
      gone = true;
      if (slot.idleTimer) clearTimeout(slot.idleTimer);
      const running = slot.running;
      slot.running = null;
      const index = this.slots.indexOf(slot);
      let replacement: Slot | null = null;
      if (index >= 0 && !this.closed) {
        this.restarts++;
        replacement = this.spawn();
        this.slots[index] = replacement;
      }
      if (running) {
        const { id: _id, ...item } = running;
        if (item.retries < MAX_RETRIES && !this.closed) this.enqueue({ ...item, retries: item.retries + 1 }, true);
        else running.reject(new Error('password worker stopped while hashing'));
      }
      this.dispatch();
      if (replacement) this.idle(replacement);
    };
    worker.on('error', onGone);
    worker.on('exit', onGone);
    return slot;
  }
}
