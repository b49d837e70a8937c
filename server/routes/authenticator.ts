import { getCookie } from 'hono/cookie';
import * as calls from '../../contract/calls/authenticator.ts';
import {
  authenticatorStatus,
  beginAuthenticator,
  confirmAuthenticator,
  mfaFactors,
  regenerateRecoveryCodes,
  removeAuthenticator,
  signInWithCode,
  type AuthenticatorNotices,
} from '../domain/authenticator.ts';
import { MFA_COOKIE } from '../domain/mfa-login.ts';
import { sessionCookie, setDeviceCookie, setSessionCookie, signInClient, type RouteDeps } from '../http.ts';
import { clearMfaCookie, mfaSettings } from './mfa-login.ts';
import { route, type Route } from './mount.ts';

/** The authenticator app and recovery codes (issue 23; docs/decisions/authenticator.md). */
export function authenticatorRoutes(deps: RouteDeps): Route[] {
  const db = deps.database.db;
  const now = () => deps.clock.now();
  const settings = mfaSettings(deps);
  const notices: AuthenticatorNotices = { supportEmail: deps.config.supportEmail, publicUrl: deps.config.publicUrl };
  return [
    route(calls.mfaFactors, (c) => mfaFactors(db, getCookie(c, MFA_COOKIE), settings, now())),
    route(calls.mfaCode, async (c, input) => {
      const { user, sessionId } = await signInWithCode(db, getCookie(c, MFA_COOKIE), input, settings, now(), {
        memory: deps.holdMemory,
        previousSessionId: sessionCookie(c),
        client: signInClient(c, deps),
      });
      setSessionCookie(c, deps, sessionId);
      setDeviceCookie(c, deps, user.userId);
      clearMfaCookie(c, deps);
      return { user };
    }),
    route(calls.status, (c) => authenticatorStatus(db, c.var.session.account)),
    route(calls.begin, (c) => beginAuthenticator(db, c.var.session.account, now())),
    route(calls.confirm, (c, input) => confirmAuthenticator(db, c.var.session.account, input.code, notices, now())),
    route(calls.remove, (c) => removeAuthenticator(db, c.var.session.account, notices, now())),
    route(calls.regenerateRecoveryCodes, (c) => regenerateRecoveryCodes(db, c.var.session.account, notices, now())),
  ];
}
