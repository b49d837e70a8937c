import { randomBytes } from 'node:crypto';

export interface OutboxMessage {
  to: string;
  subject: string;
  text: string;
  createdAt: string;
}

export interface Mail extends OutboxMessage {
  /** Every http(s) link in the text, as path + query + hash, so it opens on the test server. */
  links: string[];
  /** The first link whose path matches, e.g. `mail.link(/user-activate/)`; throws if none does. */
  link: (pattern: RegExp) => string;
}

export interface LatestOptions {
  /** Only a message whose subject matches. */
  subject?: RegExp;
  /**
   * Only a message created at or after this time (ISO string or Date): take it (`new Date()`) just
   * before the action that sends, with no margin. The server stamps messages with the same clock,
   * to the millisecond; a second's margin let a just-registered person's activation email pass for
   * the one-time password that had not arrived yet (a CI run of otp-login.spec.ts).
   */
  since?: string | Date;
  /** How long to wait for the message to arrive, ms. */
  timeout?: number;
}

export interface Mailbox {
  /** All messages to an address, newest first. */
  list: (to: string) => Promise<OutboxMessage[]>;
  /** The newest message to an address, waiting for it to arrive. */
  latest: (to: string, options?: LatestOptions) => Promise<Mail>;
}

const LINK = /https?:\/\/[^\s<>"')\]]+/g;

/** Links in a message body, made relative so they open on whatever server the test runs. */
export function extractLinks(text: string): string[] {
  return [...text.matchAll(LINK)].map((match) => {
    const url = new URL(match[0].replace(/[.,;:!?]+$/, ''));
    return `${url.pathname}${url.search}${url.hash}`;
  });
}

export function toMail(message: OutboxMessage): Mail {
  const links = extractLinks(message.text);
  return {
    ...message,
    links,
    link: (pattern) => {
      const found = links.find((link) => pattern.test(link));
      if (!found) throw new Error(`No link matching ${pattern} in "${message.subject}" to ${message.to}: ${links.join(', ') || 'no links'}`);
      return found;
    },
  };
}

const stamp = () => `${Date.now().toString(36)}${randomBytes(3).toString('hex')}`;

/** A login ID no other run or worker has used: lower case, 4–30 characters, LOGIN_ID_PATTERN. */
export function uniqueLoginId(prefix = 'e2e'): string {
  return `${prefix}_${stamp()}`.slice(0, 30);
}

/** An email address no other run or worker has used. */
export function uniqueEmail(prefix = 'e2e'): string {
  return `${prefix}.${stamp()}@e2e.test`;
}


/** A strong password nobody has used: four character classes, not in any common list. */
export function uniquePassword(): string {
  return `Kite-${randomBytes(4).toString('hex')}-Moon-7!`;
}
