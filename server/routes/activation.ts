import * as calls from '../../contract/calls/account.ts';
import { activate, checkActivationRecord, subscribeAfterActivation } from '../domain/activation.ts';
import { accountSettings, setDeviceCookie, setSessionCookie, signInClient, type RouteDeps } from '../http.ts';
import { route, type Route } from './mount.ts';

/** Account activation (SPEC §7 `/api/user-activate`). */
export function activationRoutes(deps: RouteDeps): Route[] {
  const db = deps.database.db;
  const activation = (kind: 'activation' | 'buyer_activation') => async (c: Parameters<Route['handler']>[0], input: calls.ActivateInput) => {
    const { userId, sessionId } = await activate(db, input, kind, accountSettings(deps), deps.clock.now(), signInClient(c, deps));
    setSessionCookie(c, deps, sessionId);
    setDeviceCookie(c, deps, userId);
    return { userId };
  };
  return [
    route(calls.activationCheck, (_c, input) => checkActivationRecord(db, input.encryptCode, deps.clock.now())),
    route(calls.activate, activation('activation')),
    route(calls.activateBuyer, activation('buyer_activation')),
    route(calls.activationSubscribe, (c, input) => subscribeAfterActivation(db, input, c.var.session.account.id, deps.clock.now())),
  ];
}
