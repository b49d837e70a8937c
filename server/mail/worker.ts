import { sql } from 'kysely';
import type { Db } from '../db/schema.ts';
import type { Clock } from '../deps.ts';
import { describeError, type Logger } from '../log.ts';
import type { MailTransport } from './transport.ts';

/** After this many failed deliveries a message is given up; its last_error stays for operators. */
export const OUTBOX_MAX_ATTEMPTS = 8;
/** While one worker sends a claimed row, others leave it alone this long. */
export const OUTBOX_LEASE_MS = 5 * 60_000;
const BATCH = 20;

/** 30 s, 1 min, 2 min, … capped at one hour. */
export function retryDelayMs(failures: number): number {
  return Math.min(30_000 * 2 ** Math.max(0, failures - 1), 60 * 60_000);
}

export interface WorkerDeps {
  db: Db;
  transport: MailTransport;
  clock: Clock;
  from: string;
  log: Logger;
}

interface ClaimedRow {
  id: number;
  recipient: string;
  subject: string;
  body_text: string;
  body_html: string | null;
  attempts: number;
}

/**
 * One pass: claims due email rows (SKIP LOCKED, so several instances share the work), sends
 * each, and records success or the failure with its next attempt. Returns how many were sent.
 */
export async function deliverDue(deps: WorkerDeps): Promise<number> {
  const now = deps.clock.now();
  const lease = new Date(now.getTime() + OUTBOX_LEASE_MS);
  const claimed = await sql<ClaimedRow>`
    UPDATE outbox SET next_attempt_at = ${lease}
    WHERE id IN (
      SELECT id FROM outbox
      WHERE channel = 'email' AND sent_at IS NULL AND attempts < ${OUTBOX_MAX_ATTEMPTS} AND next_attempt_at <= ${now}
      ORDER BY id
      LIMIT ${BATCH}
      FOR UPDATE SKIP LOCKED)
    RETURNING id, recipient, subject, body_text, body_html, attempts`.execute(deps.db);
  let sent = 0;
  for (const row of claimed.rows) {
    try {
      await deps.transport.send({ from: deps.from, to: row.recipient, subject: row.subject, text: row.body_text, ...(row.body_html ? { html: row.body_html } : {}) });
      await deps.db.updateTable('outbox').set({ sent_at: deps.clock.now(), last_error: null }).where('id', '=', row.id).execute();
      sent++;
    } catch (error) {
      const failures = row.attempts + 1;
      const reason = error instanceof Error ? error.message : String(error);
      await deps.db
        .updateTable('outbox')
        .set({
          attempts: failures,
          last_error: reason.slice(0, 500),
          next_attempt_at: new Date(deps.clock.now().getTime() + retryDelayMs(failures)),
        })
        .where('id', '=', row.id)
        .execute();
      const fields = { outboxId: row.id, attempts: failures, reason: reason.slice(0, 200) };
      if (failures >= OUTBOX_MAX_ATTEMPTS) deps.log.error('email given up', fields);
      else deps.log.warn('email delivery failed; will retry', fields);
    }
  }
  return sent;
}

export interface OutboxWorker {
  stop(): Promise<void>;
}

/** Polls every `intervalMs` until stopped; a failing pass is logged and retried next tick. */
export function startOutboxWorker(deps: WorkerDeps, intervalMs = 2000): OutboxWorker {
  let stopped = false;
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
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}
