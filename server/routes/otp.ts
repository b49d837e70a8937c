import * as calls from '../../contract/calls/otp.ts';
import { loginWithOtp, sendOtp } from '../domain/otp.ts';
import { accountSettings, sessionCookie, setSessionCookie, signInClient, type RouteDeps } from '../http.ts';
import { route, type Route } from './mount.ts';

/** One-time password login (under /auth). */
export function otpRoutes(deps: RouteDeps): Route[] {
  return [
    route(calls.send, (_c, input) => sendOtp(deps.database.db, input, accountSettings(deps), deps.clock.now())),
    route(calls.login, async (c, input) => {
      const previousSessionId = sessionCookie(c);
      const { user, sessionId } = await loginWithOtp(
        deps.database.db,
        { ...input, ...(previousSessionId ? { previousSessionId } : {}), client: signInClient(c, deps) },
        accountSettings(deps),
        deps.clock.now(),
      );
      setSessionCookie(c, deps, sessionId);
      return user;
    }),
  ];
}
