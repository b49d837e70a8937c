import nodemailer from 'nodemailer';

export interface OutgoingEmail {
  from: string;
  to: string;
  subject: string;
  text: string;
  /** The HTML part, sent with the text part as multipart/alternative. */
  html?: string;
}

/** Delivers one message or throws; the worker owns retries. */
export interface MailTransport {
  send(message: OutgoingEmail): Promise<void>;
  close(): void;
}

/**
 * Each stage of an SMTP conversation gives up after this long (connecting, the greeting, a
 * silent socket), so a relay that hangs fails the send instead of holding the worker; the worker
 * also bounds the whole send (OUTBOX_SEND_TIMEOUT_MS, server/mail/worker.ts).
 */
export const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 } as const;

/** SMTP through nodemailer, configured by SMTP_URL (smtp://user:pass@host:587, smtps://…). */
export function createSmtpTransport(smtpUrl: string): MailTransport {
  const transporter = nodemailer.createTransport({ url: smtpUrl, ...SMTP_TIMEOUTS });
  return {
    send: async (message) => {
      await transporter.sendMail(message);
    },
    close: () => transporter.close(),
  };
}
