import * as calls from '../../contract/calls/account.ts';
import { checkPassword, startSession } from '../domain/accounts.ts';
import { needsSecondFactor, startMfaChallenge } from '../domain/mfa-login.ts';
import { deleteSession } from '../domain/sessions.ts';
import { accountSettings, clearSessionCookie, loginGuard, passwordClient, sessionCookie, sessionSecret, setDeviceCookie, setSessionCookie, type RouteDeps } from '../http.ts';
import { mfaSettings, setMfaCookie } from './mfa-login.ts';
import { route, type Route } from './mount.ts';

/** Signing in and out (under /auth). */
export function authRoutes(deps: RouteDeps): Route[] {
  return [
    route(calls.login, async (c, input) => {
      const previousSessionId = sessionCookie(c);
      const now = deps.clock.now();
      const { deviceCookie, ...client } = passwordClient(c, deps);
      const account = await checkPassword(deps.database.db, { ...input, ...client, deviceCookie }, now, loginGuard(deps));
      if (needsSecondFactor(account)) {
        // No session until the second factor is given: whoever was signed in here is signed out.
        if (previousSessionId) {
          await deleteSession(deps.database.db, previousSessionId, sessionSecret(deps));
          clearSessionCookie(c, deps);
        }
        const { token, answer } = await startMfaChallenge(deps.database.db, account, mfaSettings(deps), now, { method: 'password', client });
        setMfaCookie(c, deps, token);
        return answer;
      }
      const { user, sessionId } = await startSession(deps.database.db, account, accountSettings(deps), now, previousSessionId, { method: 'password', client });
      setSessionCookie(c, deps, sessionId);
      setDeviceCookie(c, deps, user.userId);
      return { status: 'signedIn' as const, user };
    }),
    route(calls.logout, async (c) => {
      await deleteSession(deps.database.db, sessionCookie(c), sessionSecret(deps), deps.config.sessionSecretPrevious);
      clearSessionCookie(c, deps);
      return {};
    }),
  ];
}
