/**
 * Walks the local identity provider's sign-in the way a browser does (redirects, its cookies,
 * its login form), and answers the query it sends the browser back to the portal with.
 */
export async function signInAtLocalIdp(authorizationUrl: string, login: string, callbackPath = '/third-party-oauth-callback'): Promise<string> {
  const jar = new Map<string, string>();
  const cookieHeader = () => [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
  const keep = (response: Response) => {
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const at = pair!.indexOf('=');
      jar.set(pair!.slice(0, at).trim(), pair!.slice(at + 1));
    }
  };
  let url = authorizationUrl;
  let init: RequestInit = {};
  for (let hop = 0; hop < 12; hop++) {
    const response = await fetch(url, { ...init, redirect: 'manual', headers: { ...(init.headers as Record<string, string>), cookie: cookieHeader() } });
    keep(response);
    const location = response.headers.get('location');
    if (location) {
      const next = new URL(location, url);
      if (next.pathname === callbackPath) return next.search;
      url = next.href;
      init = {};
      continue;
    }
    const html = await response.text();
    const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
    if (!action) throw new Error(`the identity provider answered ${response.status} without a form: ${html.slice(0, 300)}`);
    url = new URL(action.replace(/&amp;/g, '&'), url).href;
    init = {
      method: 'POST',
      body: new URLSearchParams({ prompt: 'login', login, password: 'any' }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: new URL(url).origin },
    };
  }
  throw new Error('too many redirects at the identity provider');
}
