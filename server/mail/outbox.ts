import type { Db, OutboxChannel } from '../db/schema.ts';

export interface EmailMessage {
  to: string;
  subject: string;
  /** The plain-text part. */
  text: string;
  /** The HTML part (server/mail/templates.ts renders both). */
  html?: string;
}

/**
 * The only way to send an email: a row written in the caller's transaction, so the message
 * exists exactly when the change that caused it is committed. The worker delivers it.
 */
export async function enqueueEmail(tx: Db, message: EmailMessage, now: Date): Promise<void> {
  await enqueue(tx, 'email', message, now);
}

export interface SmsMessage {
  /** `+<calling code><national number>`. */
  to: string;
  text: string;
}

/** Subject stored with SMS rows: SMS have none; the development mailbox shows it as the heading. */
export const SMS_SUBJECT = 'SMS';

/**
 * An SMS as an outbox row in the caller's transaction. Unlike email, it is delivered by the call
 * that wrote it right after commit (server/mail/sms.ts), never later by the worker; returns its id.
 */
export async function enqueueSms(tx: Db, message: SmsMessage, now: Date): Promise<number> {
  return enqueue(tx, 'sms', { to: message.to, subject: SMS_SUBJECT, text: message.text }, now);
}

async function enqueue(tx: Db, channel: OutboxChannel, message: EmailMessage, now: Date): Promise<number> {
  const row = await tx
    .insertInto('outbox')
    .values({
      channel,
      recipient: message.to,
      subject: message.subject,
      body_text: message.text,
      body_html: message.html ?? null,
      created_at: now,
      next_attempt_at: now,
      sent_at: null,
      last_error: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export interface OutboxEntry {
  to: string;
  subject: string;
  text: string;
  /** The HTML part of an email; null for SMS. */
  html: string | null;
  createdAt: string;
}

/**
 * Newest first, emails and SMS (an SMS's `to` is `+<calling code><number>`, its subject
 * SMS_SUBJECT); all recipients when `to` is absent. For the development mailbox only.
 */
export async function listOutbox(db: Db, options: { to?: string; limit?: number } = {}): Promise<OutboxEntry[]> {
  let query = db
    .selectFrom('outbox')
    .select(['recipient', 'subject', 'body_text', 'body_html', 'created_at'])
    .orderBy('id', 'desc')
    .limit(options.limit ?? 200);
  if (options.to) query = query.where('recipient', '=', options.to.trim().toLowerCase());
  const rows = await query.execute();
  return rows.map((row) => ({ to: row.recipient, subject: row.subject, text: row.body_text, html: row.body_html, createdAt: row.created_at.toISOString() }));
}
