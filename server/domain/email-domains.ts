/**
 * Which email domains a login or contact email may use (docs/decisions/verification-server.md).
 * Refused: the names reserved for documentation and testing (RFC 2606, RFC 6761) that can never
 * receive mail, and well-known disposable-mail providers, whose inboxes anyone can read, so a
 * link sent there proves nothing. Everything else is accepted: schools and families use every
 * kind of provider (gmail, netvigator, qq, 163, edu.hk …).
 */

/** Reserved second-level names (RFC 2606 §3): example.com, example.net, example.org. */
const RESERVED_DOMAINS = new Set(['example.com', 'example.net', 'example.org']);

/** Reserved top-level names (RFC 2606 §2, RFC 6761): no mail is ever delivered under them. */
const RESERVED_TLDS = new Set(['invalid', 'localhost', 'example', 'local']);

/**
 * `.test` is reserved too (RFC 2606), but the demo accounts (`@demo.test`) and the test suites use
 * it, so it is accepted outside production only.
 */
const TEST_TLD = 'test';

/**
 * Disposable-mail providers, reviewed by hand: each is a public throw-away inbox service (its
 * own site says so). A short list keeps false positives at zero; a full list (mailchecker,
 * 56k names) can replace it without changing the callers.
 */
export const DISPOSABLE_DOMAINS: ReadonlySet<string> = new Set([
  '10minutemail.com',
  '20minutemail.com',
  'mailinator.com',
  'mailinator.net',
  'guerrillamail.com',
  'guerrillamail.net',
  'guerrillamail.org',
  'guerrillamailblock.com',
  'sharklasers.com',
  'grr.la',
  'yopmail.com',
  'yopmail.fr',
  'yopmail.net',
  'temp-mail.org',
  'tempmail.com',
  'tempmailo.com',
  'tempail.com',
  'throwawaymail.com',
  'trashmail.com',
  'trashmail.de',
  'getnada.com',
  'dispostable.com',
  'maildrop.cc',
  'mailnesia.com',
  'mintemail.com',
  'mohmal.com',
  'moakt.com',
  'emailondeck.com',
  'fakeinbox.com',
  'spamgourmet.com',
  'mytemp.email',
  'tempr.email',
  'discard.email',
  'burnermail.io',
  'inboxkitten.com',
  'mail.tm',
  'emailfake.com',
  'fakemail.net',
  'getairmail.com',
  '33mail.com',
]);

export interface DomainPolicyOptions {
  /** Accept `*.test` (development and tests: the demo accounts use `demo.test`). */
  allowTestDomains: boolean;
}

/** The lower-cased domain of an address (the part after the last `@`). */
export function domainOf(email: string): string {
  return email.slice(email.lastIndexOf('@') + 1).toLowerCase().replace(/\.$/, '');
}

/** True when `domain` is `parent` or a subdomain of it. */
function within(domain: string, parent: string): boolean {
  return domain === parent || domain.endsWith(`.${parent}`);
}

/** Whether an address's domain may be used as a login or contact email. */
export function isAcceptedEmailDomain(email: string, options: DomainPolicyOptions): boolean {
  const domain = domainOf(email);
  if (!domain.includes('.')) return false;
  const tld = domain.slice(domain.lastIndexOf('.') + 1);
  if (RESERVED_TLDS.has(tld)) return false;
  if (tld === TEST_TLD && !options.allowTestDomains) return false;
  for (const reserved of RESERVED_DOMAINS) if (within(domain, reserved)) return false;
  for (const disposable of DISPOSABLE_DOMAINS) if (within(domain, disposable)) return false;
  return true;
}
