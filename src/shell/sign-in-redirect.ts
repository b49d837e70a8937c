/**
 * The `?redirect=` of the login page a signed-out visitor is sent to: the page they asked for,
 * without its link code. A link's code (a family join link's `code`) is a secret: it must not sit
 * in the login page's address, its history entry or the links onward, nor come back JSON-quoted
 * (`code=%22991635%22`, issue 26). It waits in this tab's sessionStorage for the page, which takes
 * it once (`takeLinkCode`).
 */
const SECRET_KEY = 'code';
const STORAGE_KEY = 'signIn.linkCode';

function storage(): Storage | null {
  try {
    return globalThis.sessionStorage ?? null;
  } catch {
    return null;
  }
}

/** The page asked for, as an in-app path for `?redirect=`, its code kept aside. */
export function signInRedirect(location: { pathname: string; search: Record<string, unknown> }): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(location.search)) {
    if (value === undefined || value === null) continue;
    // The router reads query values as JSON where they parse: 991635 arrives as a number.
    const text = typeof value === 'string' ? value : JSON.stringify(value);
    if (key === SECRET_KEY) keepLinkCode(text);
    else query.set(key, text);
  }
  const search = query.toString();
  return search ? `${location.pathname}?${search}` : location.pathname;
}

function keepLinkCode(code: string): void {
  try {
    storage()?.setItem(STORAGE_KEY, code);
  } catch {
    // Storage refused: the visitor types the code from the email after signing in.
  }
}

/** The code kept aside by `signInRedirect`, once (it is forgotten as it is read). */
export function takeLinkCode(): string | undefined {
  try {
    const code = storage()?.getItem(STORAGE_KEY) ?? undefined;
    storage()?.removeItem(STORAGE_KEY);
    return code || undefined;
  } catch {
    return undefined;
  }
}
