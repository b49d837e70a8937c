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
import { requireRecentProof } from '../domain/step-up.ts';
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
    // Setting up, removing and new recovery codes need a proof of this session within 10 minutes (docs/decisions/step-up.md).
    route(calls.begin, async (c) => {
      await requireRecentProof(db, c.var.session.idHash, now());
      return beginAuthenticator(db, c.var.session.account, now());
    }),
    route(calls.confirm, async (c, input) => {
      await requireRecentProof(db, c.var.session.idHash, now());
      return confirmAuthenticator(db, c.var.session.account, input.code, notices, now());
    }),
    route(calls.remove, async (c) => {
      await requireRecentProof(db, c.var.session.idHash, now());
      return removeAuthenticator(db, c.var.session.account, notices, now());
    }),
    route(calls.regenerateRecoveryCodes, async (c) => {
      await requireRecentProof(db, c.var.session.idHash, now());
      return regenerateRecoveryCodes(db, c.var.session.account, notices, now());
    }),
  ];
}
