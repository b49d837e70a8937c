import type { IncomingMessage, ServerResponse } from 'node:http';
import { RESPONSE_ALREADY_SENT } from '@hono/node-server/utils/response';
import type { Context } from 'hono';
import Provider from 'oidc-provider';

/**
 * A local OpenID Connect identity provider (oidc-provider 9) for development and tests, mounted
 * under LOCAL_IDP_PATH when no Google client is configured; never in production. Its sign-in page
 * (oidc-provider's development interactions) takes any login name with any password: the demo
 * identities below carry a realistic email, any other name is a new identity of its own.
 */
export const LOCAL_IDP_PATH = '/oidc-local';
export const LOCAL_CLIENT_ID = 'portal-local';
export const LOCAL_CLIENT_SECRET = 'portal-local-development-secret';

/** README "Try it": sign in at the local provider as one of these (any password). */
export const DEMO_IDENTITIES: Record<string, string> = {
  ada: 'ada.wong@gmail.test',
  ben: 'ben.chan@gmail.test',
  chloe: 'chloe.lee@gmail.test',
};

function emailOf(login: string): string {
  return DEMO_IDENTITIES[login] ?? (login.includes('@') ? login : `${login}@gmail.test`);
}

export function localProvider(options: { publicUrl: string; redirectUri: string; cookieSecret: string }) {
  const issuer = `${options.publicUrl}${LOCAL_IDP_PATH}`;
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: LOCAL_CLIENT_ID,
        client_secret: LOCAL_CLIENT_SECRET,
        redirect_uris: [options.redirectUri],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    // Email claims in the id_token, as Google sends them.
    conformIdTokenClaims: false,
    cookies: { keys: [options.cookieSecret] },
    findAccount(_ctx, id) {
      const login = id.trim().toLowerCase();
      return {
        accountId: id,
        claims: () => ({ sub: id, email: emailOf(login), email_verified: true, name: login }),
      };
    },
    // A first-party demo client: no consent screen, as Google shows none on a second sign-in.
    async loadExistingGrant(ctx) {
      const accountId = ctx.oidc.session?.accountId;
      const clientId = ctx.oidc.client?.clientId;
      if (!accountId || !clientId) return undefined;
      const grantId = ctx.oidc.result?.consent?.grantId ?? ctx.oidc.session?.grantIdFor(clientId);
      if (grantId) return ctx.oidc.provider.Grant.find(grantId);
      const grant = new ctx.oidc.provider.Grant({ accountId, clientId });
      grant.addOIDCScope('openid email profile');
      await grant.save();
      return grant;
    },
    features: { devInteractions: { enabled: true } },
    ttl: { Session: 3600, Interaction: 600, Grant: 3600, AuthorizationCode: 60, AccessToken: 600, IdToken: 600 },
  });
  const callback = provider.callback();

  /** The Hono handler: the raw Node request goes to the provider with the mount path taken off. */
  const handle = async (c: Context): Promise<Response> => {
    const env = c.env as { incoming?: IncomingMessage & { originalUrl?: string }; outgoing?: ServerResponse } | undefined;
    if (!env?.incoming || !env.outgoing) return c.text('The local identity provider needs the Node server.', 503);
    const req = env.incoming;
    req.originalUrl = req.url;
    req.url = (req.url ?? '/').slice(LOCAL_IDP_PATH.length) || '/';
    return new Promise<Response>((resolve) => {
      env.outgoing!.on('finish', () => resolve(RESPONSE_ALREADY_SENT));
      env.outgoing!.on('close', () => resolve(RESPONSE_ALREADY_SENT));
      void callback(req, env.outgoing!);
    });
  };
  return { issuer, clientId: LOCAL_CLIENT_ID, clientSecret: LOCAL_CLIENT_SECRET, handle };
}
