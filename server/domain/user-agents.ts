import { UAParser } from 'ua-parser-js';

/** What a user agent says of the browser and system, for the security page and emails. */
export interface ClientDescription {
  /** Browser name and major version (`Chrome 131`), or null when the user agent does not say. */
  browser: string | null;
  /** System name and version (`Windows 10`), or null. */
  system: string | null;
  /** Browser and system names without versions: "the same browser" for the new-browser notice. */
  key: string;
}

const MAX_USER_AGENT = 512;

/** User agents are stored clipped: a header is client text of any length. */
export function clipUserAgent(userAgent: string | null | undefined): string | null {
  if (!userAgent) return null;
  const trimmed = userAgent.trim();
  return trimmed === '' ? null : trimmed.slice(0, MAX_USER_AGENT);
}

export function describeUserAgent(userAgent: string | null | undefined): ClientDescription {
  const result = new UAParser(userAgent ?? '').getResult();
  const browserName = result.browser.name ?? null;
  const systemName = result.os.name ?? null;
  const browser = browserName ? [browserName, result.browser.major].filter(Boolean).join(' ') : null;
  const system = systemName ? [systemName, result.os.version].filter(Boolean).join(' ') : null;
  return { browser, system, key: `${browserName ?? '?'}|${systemName ?? '?'}` };
}
