import { getCookie } from 'hono/cookie';
import type { Context } from 'hono';
import * as calls from '../../contract/calls/otp-login.ts';
import { DEVICE_COOKIE } from '../domain/device-cookie.ts';
import { requestChallenge } from '../domain/discovery.ts';
import { loginWithOtp, sendOtp, type OtpClient } from '../domain/otp-login.ts';
import { accountSettings, clientAddress, clientAddressGroup, sessionCookie, setDeviceCookie, setSessionCookie, signInClient, type RouteDeps } from '../http.ts';
import { route, type Route } from './mount.ts';

/** What the OTP rules need of the request: its address group and the device cookie's value. */
function otpClient(c: Context, deps: RouteDeps): OtpClient {
  return { addressGroup: clientAddressGroup(c, deps), deviceCookie: getCookie(c, DEVICE_COOKIE) };
}

/** One-time password login (under /auth). */
export function otpRoutes(deps: RouteDeps): Route[] {
  const memory = { memory: deps.holdMemory };
  return [
    route(calls.send, (c, input) =>
      sendOtp(deps.database.db, input, accountSettings(deps), deps.clock.now(), otpClient(c, deps), {
        ...memory,
        // A flooded login asks for the challenge instead of a wait (docs/decisions/holds.md).
        challenge: requestChallenge(input.recaptchaToken, deps.recaptcha, clientAddress(c, deps)),
      }),
    ),
    route(calls.login, async (c, input) => {
      const previousSessionId = sessionCookie(c);
      const { user, sessionId } = await loginWithOtp(
        deps.database.db,
        { ...input, ...(previousSessionId ? { previousSessionId } : {}), client: signInClient(c, deps) },
        accountSettings(deps),
        deps.clock.now(),
        otpClient(c, deps),
        // A held network asks a browser the account does not know for the challenge instead of a wait (docs/decisions/holds.md).
        { ...memory, challenge: requestChallenge(input.recaptchaToken, deps.recaptcha, clientAddress(c, deps)) },
      );
      setSessionCookie(c, deps, sessionId);
      // This browser becomes a known device of the account: its attempts count under their own key.
      setDeviceCookie(c, deps, user.userId);
      return user;
    }),
  ];
}
