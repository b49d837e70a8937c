import EMAIL_PROVIDERS from 'email-providers';

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

/**
 * Public mail services our list adds to `email-providers` (reviewed by hand, issue 21): Hong Kong
 * providers and ISPs whose customers all share one domain, and Mainland and Microsoft/Yahoo
 * regional domains the package lacks. An address there says nothing about its school.
 */
export const OUR_PUBLIC_MAIL_DOMAINS: readonly string[] = [
  // Hong Kong: ISPs' and telecoms' shared mail domains
  'netvigator.com',
  'biznetvigator.com',
  'hkbn.net',
  'i-cable.com',
  'hkstar.com',
  'ctimail.com',
  'pacific.net.hk',
  // Regional domains of the big services
  'hotmail.com.hk',
  'outlook.com.hk',
  'msn.com.hk',
  'live.com.hk',
  'yahoo.com.hk',
  'ymail.com.hk',
  // Mainland China
  'qq.com',
  'vip.qq.com',
  'foxmail.com',
  '163.com',
  '126.com',
  'yeah.net',
  '188.com',
  'vip.163.com',
  'vip.126.com',
  'netease.com',
  'sina.com',
  'sina.cn',
  'sina.com.cn',
  'vip.sina.com',
  'sohu.com',
  '139.com',
  '189.cn',
  'wo.cn',
  'aliyun.com',
  'tom.com',
  '21cn.com',
  '263.net',
];

/** School domains are never public, whatever a third-party list says (it has listed universities). */
const SCHOOL_SUFFIXES = ['edu.hk'];

const PUBLIC_MAIL_DOMAINS: ReadonlySet<string> = new Set(
  [...EMAIL_PROVIDERS, ...OUR_PUBLIC_MAIL_DOMAINS, ...DISPOSABLE_DOMAINS].map((domain) => domain.toLowerCase()).filter((domain) => !SCHOOL_SUFFIXES.some((school) => within(domain, school))),
);

/**
 * Whether a (folded) domain is a public mail service's: anyone can have an address there, so it
 * cannot be a school's teacher email domain (issue 21). `email-providers` (about 8,800 free and
 * common providers) plus our own list above and the disposable providers. Exact names only: the
 * package lists a few public suffixes (`com.ar`, `net.ua`), and a parent-domain match would refuse
 * every school under them.
 */
export function isPublicMailDomain(domain: string): boolean {
  return PUBLIC_MAIL_DOMAINS.has(domain);
}
