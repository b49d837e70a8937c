import { readFileSync } from 'node:fs';
import type { MiddlewareHandler } from 'hono';
import { constants, monitorEventLoopDelay, PerformanceObserver, type IntervalHistogram } from 'node:perf_hooks';
import { DomainError } from './domain/errors.ts';
import { errorResponse } from './http.ts';
import type { Logger } from './log.ts';

/**
 * Load shedding (issue 21; docs/decisions/front-door.md): when the process is saturated anyway, a
 * new request is answered at once with 503 `serverBusy` and `Retry-After` instead of joining a
 * queue everyone waits in. Two triggers, both from server/config.ts:
 * - more than `maxInFlight` requests are being answered at once (a surge the process cannot drain);
 * - the event loop has stayed late by more than `eventLoopDelayMs` on every one of the sampler's
 *   last looks, while at least `minInFlight` requests are being answered. A late loop with few
 *   requests in flight is not a queue of our clients (a collection, a neighbour on the cores, one
 *   slow request): refusing others would shorten nothing, so the floor keeps ordinary use, and the
 *   test run on a loaded machine (never more than 50 requests at once), out of reach.
 * `/api/health` is never shed: a load balancer must not take a busy instance for a dead one.
 */
export interface LoadSheddingSettings {
  /** Requests answered at once beyond which a new one is shed (LOAD_SHED_MAX_IN_FLIGHT; 0: no cap). */
  maxInFlight: number;
  /** Sustained event-loop delay, in ms, above which requests are shed (LOAD_SHED_EVENT_LOOP_DELAY_MS; 0: never by delay). */
  eventLoopDelayMs: number;
  /** The delay trigger needs at least this many requests in flight (LOAD_SHED_MIN_IN_FLIGHT). */
  minInFlight: number;
}

export interface LoadSheddingOptions {
  log?: Logger;
  /**
   * The saturation signal: how late, in ms, the event loop has stayed (the least lateness of the
   * sampler's recent looks). Tests inject their own; by default the process's shared sampler.
   */
  delay?: () => number;
}

/** What a shed request is told to wait before trying again. */
export const RETRY_AFTER_SECONDS = 2;

/** Readiness too: it is cached and cheap, and a fleet shedding its probes under load would all leave the balancer at once. */
const NEVER_SHED = new Set(['/api/health', '/api/ready']);

/** The sampler looks every SAMPLE_MS; the loop counts as late only when its last SUSTAINED_SAMPLES looks all were. */
const SAMPLE_MS = 100;
const SUSTAINED_SAMPLES = 5;
/** Shedding is logged at most this often, with how many requests were shed meanwhile. */
const WARN_EVERY_MS = 10_000;

let sharedDelay: (() => number) | null = null;

/**
 * How late the event loop has stayed, in ms: the least lateness of a 100 ms timer over its last
 * five firings. One long task makes one late firing and reads 0; only a loop late on every turn
 * for half a second or more (longer when each turn is slow) reads high. One sampler per process,
 * unref'd, started on first use.
 */
export function sustainedEventLoopDelay(): () => number {
  if (sharedDelay) return sharedDelay;
  const recent: number[] = [];
  let expected = performance.now() + SAMPLE_MS;
  setInterval(() => {
    const now = performance.now();
    recent.push(Math.max(0, now - expected));
    if (recent.length > SUSTAINED_SAMPLES) recent.shift();
    expected = now + SAMPLE_MS;
  }, SAMPLE_MS).unref();
  sharedDelay = () => (recent.length < SUSTAINED_SAMPLES ? 0 : Math.min(...recent));
  return sharedDelay;
}

/** The middleware: first in the chain after the headers every answer carries (server/app.ts). */
export function loadShedding(settings: LoadSheddingSettings, options: LoadSheddingOptions = {}): MiddlewareHandler {
  const delay = options.delay ?? (settings.eventLoopDelayMs > 0 ? sustainedEventLoopDelay() : () => 0);
  let inFlight = 0;
  let shedSinceWarning = 0;
  let lastWarning = Number.NEGATIVE_INFINITY;

  const saturated = (): boolean =>
    (settings.maxInFlight > 0 && inFlight >= settings.maxInFlight) ||
    (settings.eventLoopDelayMs > 0 && inFlight >= settings.minInFlight && delay() > settings.eventLoopDelayMs);

  return async (c, next) => {
    if (NEVER_SHED.has(c.req.path)) return next();
    if (saturated()) {
      shedSinceWarning++;
      const now = performance.now();
      if (options.log && now - lastWarning >= WARN_EVERY_MS) {
        options.log.warn('shedding load', { inFlight, eventLoopDelayMs: Math.round(delay()), shed: shedSinceWarning });
        lastWarning = now;
        shedSinceWarning = 0;
      }
      const response = errorResponse(c, new DomainError('serverBusy'));
      response.headers.set('Retry-After', String(RETRY_AFTER_SECONDS));
      return response;
    }
    inFlight++;
    try {
      await next();
    } finally {
      inFlight--;
    }
  };
}

/**
 * The event-loop delay as `npm run bench` reads it (EVENT_LOOP_MONITOR=1, development only:
 * `GET /dev/api/event-loop-delay`, reset by `POST /dev/api/event-loop-delay/reset`): Node's
 * histogram of how late a 10 ms timer fires, so one long task shows as its own length in `maxMs`.
 * Beside it, the garbage collector's pauses over the same time (a `gc` performance observer): the
 * longest, its kind, how many and their total, so a late turn can be told from a collection.
 */
export interface EventLoopDelayFigures {
  maxMs: number;
  p99Ms: number;
  meanMs: number;
  samples: number;
  gc: { maxMs: number; maxKind: string; count: number; totalMs: number; over20Ms: number };
  /**
   * Linux only (else null): the latest-firing (worst) 10 ms tick of the monitor's own timer, split by the main
   * thread's scheduler statistics (`/proc/thread-self/schedstat`) into the time it ran, the time
   * it waited for a core (the machine's load, not ours) and the rest (asleep: waiting for the
   * collector's helper threads, a synchronous file write, a lock). `ownMaxMs` is the largest
   * lateness of any tick once its wait for a core is taken off: how long the process's own work
   * held the loop.
   */
  ticks: { worstLateMs: number; runningMs: number; waitingForCoreMs: number; asleepMs: number; ownMaxMs: number } | null;
}

const MONITOR_RESOLUTION_MS = 10;

/** Node's `gc` entry kinds (perf_hooks constants NODE_PERFORMANCE_GC_*). */
const GC_KINDS: Record<number, string> = {
  [constants.NODE_PERFORMANCE_GC_MAJOR]: 'major',
  [constants.NODE_PERFORMANCE_GC_MINOR]: 'minor',
  [constants.NODE_PERFORMANCE_GC_INCREMENTAL]: 'incremental',
  [constants.NODE_PERFORMANCE_GC_WEAKCB]: 'weak callbacks',
};

export function eventLoopDelayMonitor(): { read(): EventLoopDelayFigures; reset(): void } {
  const histogram: IntervalHistogram = monitorEventLoopDelay({ resolution: MONITOR_RESOLUTION_MS });
  histogram.enable();
  const gc = { maxMs: 0, maxKind: '', count: 0, totalMs: 0, over20Ms: 0 };
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      const kind = ((entry as { detail?: { kind?: number } }).detail)?.kind ?? -1;
      gc.count++;
      gc.totalMs += entry.duration;
      if (entry.duration > 20) gc.over20Ms++;
      if (entry.duration > gc.maxMs) {
        gc.maxMs = entry.duration;
        gc.maxKind = GC_KINDS[kind] ?? String(kind);
      }
    }
  });
  observer.observe({ entryTypes: ['gc'] });
  const ticks = schedulerTicks();
  // The histogram holds the time between the timer's firings: the lateness is what exceeds its period.
  const ms = (ns: number) => (Number.isFinite(ns) ? Math.max(0, ns / 1e6 - MONITOR_RESOLUTION_MS) : 0);
  return {
    read: () => ({
      maxMs: histogram.count > 0 ? ms(histogram.max) : 0,
      p99Ms: histogram.count > 0 ? ms(histogram.percentile(99)) : 0,
      meanMs: histogram.count > 0 ? ms(histogram.mean) : 0,
      samples: histogram.count,
      gc: { ...gc },
      ticks: ticks?.read() ?? null,
    }),
    reset: () => {
      histogram.reset();
      ticks?.reset();
      Object.assign(gc, { maxMs: 0, maxKind: '', count: 0, totalMs: 0, over20Ms: 0 });
    },
  };
}

/** The main thread's time on a core and waiting for one, in ns, or null where Linux does not tell. */
function schedStat(): [number, number] | null {
  try {
    const [running = '', waiting = ''] = readFileSync('/proc/thread-self/schedstat', 'utf8').split(' ');
    return [Number(running), Number(waiting)];
  } catch {
    return null;
  }
}

/** See `EventLoopDelayFigures.ticks`: a 10 ms timer whose every firing reads the scheduler's statistics (development only). */
function schedulerTicks(): { read(): NonNullable<EventLoopDelayFigures['ticks']>; reset(): void } | null {
  if (schedStat() === null) return null;
  const empty = { worstLateMs: 0, runningMs: 0, waitingForCoreMs: 0, asleepMs: 0, ownMaxMs: 0 };
  const worst = { ...empty };
  let last = performance.now();
  let lastStat = schedStat() ?? [0, 0];
  const timer = setInterval(() => {
    const now = performance.now();
    const stat = schedStat() ?? lastStat;
    const lateMs = Math.max(0, now - last - MONITOR_RESOLUTION_MS);
    const runningMs = (stat[0] - lastStat[0]) / 1e6;
    const waitingMs = (stat[1] - lastStat[1]) / 1e6;
    worst.ownMaxMs = Math.max(worst.ownMaxMs, lateMs - waitingMs);
    if (lateMs > worst.worstLateMs) {
      Object.assign(worst, { worstLateMs: lateMs, runningMs, waitingForCoreMs: waitingMs, asleepMs: Math.max(0, now - last - runningMs - waitingMs) });
    }
    last = now;
    lastStat = stat;
  }, MONITOR_RESOLUTION_MS);
  timer.unref();
  return {
    read: () => ({ ...worst, ownMaxMs: Math.max(0, worst.ownMaxMs) }),
    reset: () => Object.assign(worst, empty),
  };
}
