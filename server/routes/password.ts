import * as calls from '../../contract/calls/account.ts';
import { changePassword } from '../domain/password-change.ts';
import { checkResetToken, requestPasswordReset, resetPassword } from '../domain/password-reset.ts';
import { accountSettings, countDiscoveryOf, setSessionCookie, signInClient, type RouteDeps } from '../http.ts';
import { route, type Route } from './mount.ts';

/** Forgotten, reset and changed passwords. */
export function passwordRoutes(deps: RouteDeps): Route[] {
  const db = deps.database.db;
  return [
    route(calls.forgotPassword, async (c, input) => {
      await countDiscoveryOf(c, deps, [input.by === 'email' ? input.email : input.loginId]);
      return requestPasswordReset(db, input, accountSettings(deps), deps.clock.now(), { memory: deps.holdMemory });
    }),
    route(calls.resetCheck, (_c, input) => checkResetToken(db, input.token, deps.clock.now())),
    route(calls.resetPassword, async (_c, input) => {
      await resetPassword(db, input, accountSettings(deps), deps.clock.now());
      return {};
    }),
    route(calls.changePassword, async (c, input) => {
      const { sessionId } = await changePassword(db, input, c.var.session.account.id, accountSettings(deps), deps.clock.now(), signInClient(c, deps));
      setSessionCookie(c, deps, sessionId);
      return {};
    }),
  ];
}
