import { sql } from 'kysely';
import type { Db } from '../db/schema.ts';
import type { Clock } from '../deps.ts';
import { describeError, type Logger } from '../log.ts';
import type { MailTransport } from './transport.ts';

/**
 * An SMS that could not be sent is recorded with this many attempts (server/mail/sms.ts: it is
 * answered to the user at once, never retried). Emails retry by time, not by count: see below.
 */
export const OUTBOX_MAX_ATTEMPTS = 8;
/** While one worker sends a claimed row, others leave it alone this long; renewed while its batch runs. */
export const OUTBOX_LEASE_MS = 5 * 60_000;
/** One send that has not finished after this long counts as a failure (and is retried). */
export const OUTBOX_SEND_TIMEOUT_MS = 30_000;
/** An email still undelivered this long after its retries began is marked failed, for operators. */
export const OUTBOX_RETRY_FOR_MS = 24 * 60 * 60_000;
const BATCH = 20;

/** 30 s, 1 min, 2 min, … capped at one hour: about 30 attempts in the 24 hours. */
export function retryDelayMs(failures: number): number {
  return Math.min(30_000 * 2 ** Math.max(0, Math.min(failures, 30) - 1), 60 * 60_000);
}

export interface WorkerDeps {
  db: Db;
  transport: MailTransport;
  clock: Clock;
  from: string;
  log: Logger;
  /** OUTBOX_SEND_TIMEOUT_MS unless a test wants it shorter. */
  sendTimeoutMs?: number;
  /**
   * Set when the worker is stopping (the process drains, server/main.ts): the pass sends no more
   * rows and gives the leases of the ones it claimed but did not send back at once, so another
   * instance delivers them now instead of after OUTBOX_LEASE_MS.
   */
  stopping?: AbortSignal;
}

interface ClaimedRow {
  id: number;
  recipient: string;
  subject: string;
  body_text: string;
  body_html: string | null;
  attempts: number;
  created_at: Date;
  retry_from: Date | null;
}

export class SendTimeoutError extends Error {
  constructor(ms: number) {
    super(`the send did not finish within ${ms} ms`);
    this.name = 'SendTimeoutError';
  }
}

/** The transport's send, failing with SendTimeoutError when it has not settled after `ms`. */
export async function sendWithTimeout(send: () => Promise<void>, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new SendTimeoutError(ms)), ms);
  });
  try {
    await Promise.race([send(), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * One pass: claims due email rows (SKIP LOCKED, so several instances share the work) under a
 * lease, sends each with a timeout, and records success or the failure with its next attempt.
 * Before each send the batch's lease is renewed when half of it has passed, so a slow batch is
 * never claimed twice. A failure 24 hours or more after the retries began marks the row failed
 * (logged as an error); `npm run outbox` lists and retries those. Returns how many were sent.
 */
export async function deliverDue(deps: WorkerDeps): Promise<number> {
  const now = deps.clock.now();
  const claimed = await sql<ClaimedRow>`
    UPDATE outbox SET next_attempt_at = ${new Date(now.getTime() + OUTBOX_LEASE_MS)}
    WHERE id IN (
      SELECT id FROM outbox
      WHERE channel = 'email' AND sent_at IS NULL AND failed_at IS NULL AND next_attempt_at <= ${now}
      ORDER BY id
      LIMIT ${BATCH}
      FOR UPDATE SKIP LOCKED)
    RETURNING id, recipient, subject, body_text, body_html, attempts, created_at, retry_from`.execute(deps.db);
  const rows = [...claimed.rows].sort((a, b) => a.id - b.id);
  const timeoutMs = deps.sendTimeoutMs ?? OUTBOX_SEND_TIMEOUT_MS;
  let leasedAt = now.getTime();
  let sent = 0;
  for (const [index, row] of rows.entries()) {
    if (deps.stopping?.aborted) {
      await releaseLeases(deps, rows.slice(index).map((r) => r.id));
      break;
    }
    if (deps.clock.now().getTime() - leasedAt >= OUTBOX_LEASE_MS / 2) {
      leasedAt = deps.clock.now().getTime();
      const waiting = rows.slice(index).map((r) => r.id);
      await deps.db
        .updateTable('outbox')
        .set({ next_attempt_at: new Date(leasedAt + OUTBOX_LEASE_MS) })
        .where('id', 'in', waiting)
        .where('sent_at', 'is', null)
        .execute();
    }
    try {
      await sendWithTimeout(
        () => deps.transport.send({ from: deps.from, to: row.recipient, subject: row.subject, text: row.body_text, ...(row.body_html ? { html: row.body_html } : {}) }),
        timeoutMs,
      );
      await deps.db.updateTable('outbox').set({ sent_at: deps.clock.now(), last_error: null }).where('id', '=', row.id).execute();
      sent++;
    } catch (error) {
      await recordFailure(deps, row, error);
    }
  }
  return sent;
}

/**
 * Gives claimed, unsent rows back: due now, so any worker may claim them. Only rows still unsent
 * (the lease was this worker's; a row it sent keeps its sent_at).
 */
async function releaseLeases(deps: WorkerDeps, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  await deps.db.updateTable('outbox').set({ next_attempt_at: deps.clock.now() }).where('id', 'in', ids).where('sent_at', 'is', null).where('failed_at', 'is', null).execute();
  deps.log.info('outbox leases released for the worker stopping', { rows: ids.length });
}

async function recordFailure(deps: WorkerDeps, row: ClaimedRow, error: unknown): Promise<void> {
  const failures = row.attempts + 1;
  const reason = (error instanceof Error ? error.message : String(error)).slice(0, 500);
  const at = deps.clock.now();
  const since = row.retry_from ?? row.created_at;
  const givenUp = at.getTime() - since.getTime() >= OUTBOX_RETRY_FOR_MS;
  await deps.db
    .updateTable('outbox')
    .set({
      attempts: failures,
      last_error: reason,
      next_attempt_at: givenUp ? at : new Date(at.getTime() + retryDelayMs(failures)),
      ...(givenUp ? { failed_at: at } : {}),
    })
    .where('id', '=', row.id)
    .execute();
  const fields = { outboxId: row.id, attempts: failures, reason: reason.slice(0, 200) };
  if (givenUp) deps.log.error('email failed for 24 hours; marked failed (npm run outbox -- list, retry <id>)', fields);
  else deps.log.warn('email delivery failed; will retry', fields);
}

export interface OutboxWorker {
  /**
   * Stops polling; a pass under way finishes the send it is in (bounded by the send timeout) and
   * releases the leases of the rows it has not sent yet. Resolves when the pass has ended.
   */
  stop(): Promise<void>;
}

/** Polls every `intervalMs` until stopped; a failing pass is logged and retried next tick. */
export function startOutboxWorker(workerDeps: WorkerDeps, intervalMs = 2000): OutboxWorker {
  let stopped = false;
  const stopping = new AbortController();
  const deps: WorkerDeps = { ...workerDeps, stopping: stopping.signal };
  let running: Promise<void> = Promise.resolve();
  let timer: NodeJS.Timeout | undefined;
  const tick = () => {
    running = (async () => {
      try {
        // Keep going while full batches come back, so a burst drains quickly.
        while (!stopped && (await deliverDue(deps)) >= BATCH);
      } catch (error) {
        deps.log.error('outbox pass failed', describeError(error));
      }
    })().finally(() => {
      if (!stopped) timer = setTimeout(tick, intervalMs);
    });
  };
  tick();
  return {
    stop: async () => {
      stopped = true;
      stopping.abort();
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}
