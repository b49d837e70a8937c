import { getCookie } from 'hono/cookie';
import * as calls from '../../contract/calls/account.ts';
import { changePassword } from '../domain/password-change.ts';
import { checkResetToken, requestPasswordReset, resetPassword } from '../domain/password-reset.ts';
import { DEVICE_COOKIE } from '../domain/device-cookie.ts';
import { requestChallenge } from '../domain/discovery.ts';
import { accountSettings, clientAddress, clientAddressGroup, countDiscoveryOf, setSessionCookie, signInClient, type RouteDeps } from '../http.ts';
import { route, type Route } from './mount.ts';

/** Forgotten, reset and changed passwords. */
export function passwordRoutes(deps: RouteDeps): Route[] {
  const db = deps.database.db;
  return [
    route(calls.forgotPassword, async (c, input) => {
      // A flooded login or email asks for the challenge instead of a wait; one token passes both limits.
      const challenge = requestChallenge(input.recaptchaToken, deps.recaptcha, clientAddress(c, deps));
      await countDiscoveryOf(c, deps, [input.by === 'email' ? input.email : input.loginId], challenge);
      return requestPasswordReset(db, input, accountSettings(deps), deps.clock.now(), {
        memory: deps.holdMemory,
        addressGroup: clientAddressGroup(c, deps),
        challenge,
        deviceCookie: getCookie(c, DEVICE_COOKIE),
      });
    }),
    route(calls.resetCheck, (_c, input) => checkResetToken(db, input.token, deps.clock.now())),
    route(calls.resetPassword, async (_c, input) => {
      await resetPassword(db, input, accountSettings(deps), deps.clock.now(), { memory: deps.holdMemory });
      return {};
    }),
    route(calls.changePassword, async (c, input) => {
      const { sessionId } = await changePassword(db, input, c.var.session.account.id, accountSettings(deps), deps.clock.now(), signInClient(c, deps));
      setSessionCookie(c, deps, sessionId);
      return {};
    }),
  ];
}
