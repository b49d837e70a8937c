import type { Hono } from 'hono';
import type { Deps } from '../deps.ts';
import { sessionSecret } from '../http.ts';
import { LOCAL_IDP_PATH, localProvider } from './local-provider.ts';
import { relyingParty, type RelyingParty } from './relying-party.ts';

/** The SPA page the provider sends the browser back to (SPEC §2 `/third-party-oauth-callback`). */
export const CALLBACK_PATH = '/third-party-oauth-callback';

/**
 * Google when GOOGLE_CLIENT_ID/SECRET are set; else, outside production, the local identity
 * provider mounted on `app` (before any body-reading middleware: it reads the raw request);
 * else (production without Google) no third-party sign-in.
 */
export function setUpThirdPartySignIn(app: Hono<any>, deps: Deps): RelyingParty | null {
  const { config, log } = deps;
  const redirectUri = `${config.publicUrl}${CALLBACK_PATH}`;
  const secret = sessionSecret(deps);
  if (config.googleClientId && config.googleClientSecret) {
    return relyingParty(
      { provider: 'google', issuer: config.googleIssuer, clientId: config.googleClientId, clientSecret: config.googleClientSecret, redirectUri, allowInsecure: false, sessionSecret: secret },
      log,
    );
  }
  if (config.production) return null;
  const local = localProvider({ publicUrl: config.publicUrl, redirectUri, cookieSecret: secret });
  app.all(LOCAL_IDP_PATH, local.handle);
  app.all(`${LOCAL_IDP_PATH}/*`, local.handle);
  return relyingParty(
    { provider: 'google', issuer: local.issuer, clientId: local.clientId, clientSecret: local.clientSecret, redirectUri, allowInsecure: local.issuer.startsWith('http:'), sessionSecret: secret },
    log,
  );
}
