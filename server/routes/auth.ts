import * as calls from '../../contract/calls/account.ts';
import { login } from '../domain/accounts.ts';
import { deleteSession } from '../domain/sessions.ts';
import { accountSettings, clearSessionCookie, clientAddress, sessionCookie, sessionSecret, setSessionCookie, type RouteDeps } from '../http.ts';
import { route, type Route } from './mount.ts';

/** Signing in and out (under /auth). */
export function authRoutes(deps: RouteDeps): Route[] {
  return [
    route(calls.login, async (c, input) => {
      const previousSessionId = sessionCookie(c);
      const { user, sessionId } = await login(
        deps.database.db,
        { ...input, ...(previousSessionId ? { previousSessionId } : {}), address: clientAddress(c, deps) },
        accountSettings(deps),
        deps.clock.now(),
      );
      setSessionCookie(c, deps, sessionId);
      return user;
    }),
    route(calls.logout, async (c) => {
      await deleteSession(deps.database.db, sessionCookie(c), sessionSecret(deps));
      clearSessionCookie(c, deps);
      return {};
    }),
  ];
}
