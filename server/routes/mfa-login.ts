import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import * as calls from '../../contract/calls/mfa-login.ts';
import type { Deps } from '../deps.ts';
import { MFA_CHALLENGE_MS, MFA_COOKIE, completeMfa, mfaStatus, resendMfaEmail, setupMfaEmail, type MfaSettings } from '../domain/mfa-login.ts';
import { countDiscoveryOf, sessionCookie, sessionSecret, setDeviceCookie, setSessionCookie, signInClient, type RouteDeps } from '../http.ts';
import { route, type Route } from './mount.ts';

/** Only the second-factor calls under /auth read it. */
const MFA_COOKIE_PATH = '/auth';

export function mfaSettings(deps: Deps): MfaSettings {
  return {
    sessionSecret: sessionSecret(deps),
    publicUrl: deps.config.publicUrl,
    supportEmail: deps.config.supportEmail,
    allowTestDomains: !deps.config.production,
  };
}

export function setMfaCookie(c: Context, deps: Deps, token: string): void {
  setCookie(c, MFA_COOKIE, token, {
    path: MFA_COOKIE_PATH,
    httpOnly: true,
    sameSite: 'Lax',
    secure: deps.config.production,
    maxAge: MFA_CHALLENGE_MS / 1000,
  });
}

export function clearMfaCookie(c: Context, deps: Deps): void {
  deleteCookie(c, MFA_COOKIE, { path: MFA_COOKIE_PATH, httpOnly: true, sameSite: 'Lax', secure: deps.config.production });
}

/** The second factor of a school administrator's login (under /auth; docs/decisions/mfa-login.md). */
export function mfaRoutes(deps: RouteDeps): Route[] {
  const db = deps.database.db;
  const now = () => deps.clock.now();
  const settings = mfaSettings(deps);
  return [
    route(calls.mfaStatus, (c) => mfaStatus(db, getCookie(c, MFA_COOKIE), settings, now())),
    route(calls.mfaSetup, async (c, input) => {
      // "Email in use" tells that the email has an account: paid for like a guess (issue 21).
      await countDiscoveryOf(c, deps, [input.email]);
      return setupMfaEmail(db, getCookie(c, MFA_COOKIE), input.email, settings, now());
    }),
    route(calls.mfaResend, (c) => resendMfaEmail(db, getCookie(c, MFA_COOKIE), settings, now())),
    route(calls.mfaComplete, async (c) => {
      const { user, sessionId } = await completeMfa(db, getCookie(c, MFA_COOKIE), settings, now(), sessionCookie(c), signInClient(c, deps));
      setSessionCookie(c, deps, sessionId);
      setDeviceCookie(c, deps, user.userId);
      clearMfaCookie(c, deps);
      return { user };
    }),
  ];
}
