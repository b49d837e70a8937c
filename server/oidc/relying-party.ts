import * as client from 'openid-client';
import type { ThirdPartyProvider } from '../../contract/schemas/third-party.ts';
import type { Db } from '../db/schema.ts';
import { DomainError } from '../domain/errors.ts';
import type { VerifiedIdentity } from '../domain/identities.ts';
import { hmacSha256, isTokenShape, randomToken } from '../domain/tokens.ts';
import type { Logger } from '../log.ts';

/**
 * The OpenID Connect relying party (openid-client 6): authorization code with PKCE, state and
 * nonce, the issuer checked (RFC 9207 `iss` in the answer, and the id_token's `iss`). The same
 * code talks to Google (GOOGLE_CLIENT_ID/SECRET) or to the local identity provider
 * (server/oidc/local-provider.ts) by configuration.
 */

export interface OidcSettings {
  provider: ThirdPartyProvider;
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Where the provider sends the browser back: the SPA's /third-party-oauth-callback. */
  redirectUri: string;
  /** http issuers (the local provider outside production) need this. */
  allowInsecure: boolean;
  sessionSecret: string;
}

/** How long the person has at the provider before the authorization is stale. */
export const OIDC_FLOW_MS = 10 * 60_000;
export type FlowPurpose = 'signIn' | 'link';

/** The provider's configuration, discovered once per process (again after a failure). */
export function relyingParty(settings: OidcSettings, log: Logger) {
  let discovered: Promise<client.Configuration> | null = null;
  const configuration = (): Promise<client.Configuration> => {
    discovered ??= client
      .discovery(new URL(settings.issuer), settings.clientId, settings.clientSecret, undefined, settings.allowInsecure ? { execute: [client.allowInsecureRequests] } : undefined)
      .catch((error: unknown) => {
        discovered = null;
        throw error;
      });
    return discovered;
  };

  const flowHash = (token: string) => hmacSha256(settings.sessionSecret, `oidc-flow:${token}`);

  return {
    settings,
    /**
     * A new authorization: the row keeps state, nonce and PKCE verifier; the browser keeps the
     * returned flow token in a cookie. Earlier flows of that browser simply expire.
     */
    async start(db: Db, purpose: FlowPurpose, inPopup: boolean, userId: string | null, now: Date): Promise<{ flowToken: string; authorizationUrl: string }> {
      let config: client.Configuration;
      try {
        config = await configuration();
      } catch (error) {
        log.warn('identity provider discovery failed', { issuer: settings.issuer, reason: error instanceof Error ? error.message : String(error) });
        throw new DomainError('thirdPartyFailed');
      }
      const codeVerifier = client.randomPKCECodeVerifier();
      const state = client.randomState();
      const nonce = client.randomNonce();
      const flowToken = randomToken();
      await db
        .insertInto('oidc_flows')
        .values({
          id_hash: flowHash(flowToken),
          purpose,
          in_popup: inPopup,
          user_id: userId,
          state,
          nonce,
          code_verifier: codeVerifier,
          created_at: now,
          expires_at: new Date(now.getTime() + OIDC_FLOW_MS),
          used_at: null,
        })
        .execute();
      const url = client.buildAuthorizationUrl(config, {
        redirect_uri: settings.redirectUri,
        scope: 'openid email profile',
        code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
        code_challenge_method: 'S256',
        state,
        nonce,
      });
      return { flowToken, authorizationUrl: url.href };
    },

    /**
     * The browser came back with `search` (the callback page's query). The flow row is consumed
     * first (single use: a replayed callback is refused without a token request), then
     * openid-client checks state, issuer, PKCE (at the token endpoint) and nonce. Every failure is
     * `thirdPartyFailed` (SPEC §8 "unknown failure, try again"); the reason goes to the log only.
     */
    async finish(db: Db, flowToken: string | undefined, search: string, now: Date): Promise<{ purpose: FlowPurpose; inPopup: boolean; userId: string | null; identity: VerifiedIdentity }> {
      if (!flowToken || !isTokenShape(flowToken)) throw new DomainError('thirdPartyFailed');
      const flow = await db
        .updateTable('oidc_flows')
        .set({ used_at: now })
        .where('id_hash', '=', flowHash(flowToken))
        .where('used_at', 'is', null)
        .where('expires_at', '>', now)
        .returning(['purpose', 'in_popup', 'user_id', 'state', 'nonce', 'code_verifier'])
        .executeTakeFirst();
      if (!flow) throw new DomainError('thirdPartyFailed');
      try {
        const config = await configuration();
        const currentUrl = new URL(settings.redirectUri);
        currentUrl.search = search.startsWith('?') ? search : `?${search}`;
        const tokens = await client.authorizationCodeGrant(config, currentUrl, {
          pkceCodeVerifier: flow.code_verifier,
          expectedState: flow.state,
          expectedNonce: flow.nonce,
          idTokenExpected: true,
        });
        const claims = tokens.claims();
        if (!claims) throw new Error('no id_token claims');
        let email = typeof claims.email === 'string' ? claims.email : null;
        if (email === null) {
          const info = await client.fetchUserInfo(config, tokens.access_token, claims.sub);
          email = typeof info.email === 'string' ? info.email : null;
        }
        return {
          purpose: flow.purpose === 'link' ? 'link' : 'signIn',
          inPopup: flow.in_popup,
          userId: flow.user_id,
          identity: { provider: settings.provider, subject: claims.sub, email: email ? email.toLowerCase() : null },
        };
      } catch (error) {
        log.warn('third-party sign-in refused', refusalReason(error));
        throw new DomainError('thirdPartyFailed');
      }
    },
  };
}

export type RelyingParty = ReturnType<typeof relyingParty>;

/**
 * What the log may say of a refused answer: the checks that failed (openid-client wraps
 * oauth4webapi's error, whose message names the claim or parameter), never a code or a token.
 */
function refusalReason(error: unknown): Record<string, unknown> {
  const reasons: string[] = [];
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current instanceof Error; depth++) {
    reasons.push(current.message);
    current = (current as { cause?: unknown }).cause;
  }
  return { reason: reasons.length > 0 ? reasons.join(': ') : String(error) };
}
