import type { Db } from '../db/schema.ts';

/** An email the worker marked failed (server/mail/worker.ts), as operators see it. */
export interface FailedEmail {
  id: number;
  to: string;
  subject: string;
  createdAt: Date;
  failedAt: Date;
  attempts: number;
  lastError: string | null;
}

/** Failed emails, oldest first. */
export async function listFailedEmails(db: Db, limit = 200): Promise<FailedEmail[]> {
  const rows = await db
    .selectFrom('outbox')
    .select(['id', 'recipient', 'subject', 'created_at', 'failed_at', 'attempts', 'last_error'])
    .where('channel', '=', 'email')
    .where('sent_at', 'is', null)
    .where('failed_at', 'is not', null)
    .orderBy('id')
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    id: Number(row.id),
    to: row.recipient,
    subject: row.subject,
    createdAt: row.created_at,
    failedAt: row.failed_at as Date,
    attempts: row.attempts,
    lastError: row.last_error,
  }));
}

/** How many emails are waiting to be sent (not failed), and how many of them have failed at least once. */
export async function pendingEmailCounts(db: Db): Promise<{ waiting: number; retrying: number }> {
  const row = await db
    .selectFrom('outbox')
    .select((eb) => [eb.fn.countAll<string>().as('waiting'), eb.fn.count<string>('last_error').as('retrying')])
    .where('channel', '=', 'email')
    .where('sent_at', 'is', null)
    .where('failed_at', 'is', null)
    .executeTakeFirstOrThrow();
  return { waiting: Number(row.waiting), retrying: Number(row.retrying) };
}

/**
 * Puts failed emails back in the queue: due now, with a fresh 24 hours of retries starting at
 * `now`. `ids` 'all' retries every failed email. Returns the ids it put back (an id that is not
 * a failed email is left out).
 */
export async function retryFailedEmails(db: Db, ids: readonly number[] | 'all', now: Date): Promise<number[]> {
  if (ids !== 'all' && ids.length === 0) return [];
  let query = db
    .updateTable('outbox')
    .set({ failed_at: null, retry_from: now, attempts: 0, next_attempt_at: now })
    .where('channel', '=', 'email')
    .where('sent_at', 'is', null)
    .where('failed_at', 'is not', null);
  if (ids !== 'all') query = query.where('id', 'in', [...ids]);
  const rows = await query.returning('id').execute();
  return rows.map((row) => Number(row.id)).sort((a, b) => a - b);
}

/**
 * `npm run outbox -- list | retry <id>… | retry --all`: what the command prints, line by line,
 * and its exit code. Kept apart from the script so specs run it on both databases.
 */
export async function outboxCommand(db: Db, argv: readonly string[], now: Date): Promise<{ lines: string[]; exitCode: number }> {
  const [command, ...rest] = argv;
  if (command === 'list') {
    const failed = await listFailedEmails(db);
    const counts = await pendingEmailCounts(db);
    const lines = [`${failed.length} failed email${failed.length === 1 ? '' : 's'}; ${counts.waiting} waiting (${counts.retrying} after a failed attempt).`];
    for (const email of failed) {
      lines.push(
        [
          `#${email.id}`,
          `to ${email.to}`,
          `"${email.subject}"`,
          `created ${email.createdAt.toISOString()}`,
          `failed ${email.failedAt.toISOString()}`,
          `${email.attempts} attempts`,
          `last error: ${email.lastError ?? '-'}`,
        ].join('  '),
      );
    }
    if (failed.length > 0) lines.push('Retry one with `npm run outbox -- retry <id>`, all with `npm run outbox -- retry --all`.');
    return { lines, exitCode: 0 };
  }
  if (command === 'retry') {
    const all = rest.includes('--all');
    const ids = rest.filter((arg) => arg !== '--all').map((arg) => Number(arg));
    if ((!all && ids.length === 0) || ids.some((id) => !Number.isSafeInteger(id) || id <= 0)) {
      return { lines: ['Usage: npm run outbox -- retry <id> [<id>…] | retry --all'], exitCode: 2 };
    }
    const retried = await retryFailedEmails(db, all ? 'all' : ids, now);
    const missing = all ? [] : ids.filter((id) => !retried.includes(id));
    const lines = [
      retried.length > 0 ? `Queued again: ${retried.map((id) => `#${id}`).join(', ')}. The worker sends them within seconds.` : 'No failed email was queued again.',
      ...missing.map((id) => `#${id} is not a failed email (unknown, sent, waiting, or an SMS).`),
    ];
    return { lines, exitCode: missing.length > 0 ? 1 : 0 };
  }
  return {
    lines: [
      'Usage: npm run outbox -- <command>',
      '  list               failed emails (undelivered 24 hours after their retries began) and the queue',
      '  retry <id> [<id>…] send failed emails again, with 24 more hours of retries',
      '  retry --all        the same for every failed email',
    ],
    exitCode: command === undefined || command === 'help' || command === '--help' ? 0 : 2,
  };
}
