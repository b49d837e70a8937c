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

/** SMTP through nodemailer, configured by SMTP_URL (smtp://user:pass@host:587, smtps://…). */
export function createSmtpTransport(smtpUrl: string): MailTransport {
  const transporter = nodemailer.createTransport(smtpUrl);
  return {
    send: async (message) => {
      await transporter.sendMail(message);
    },
    close: () => transporter.close(),
  };
}
