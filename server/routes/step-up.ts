import * as calls from '../../contract/calls/step-up.ts';
import { proveWithPassword } from '../domain/step-up.ts';
import { clientAddressGroup, type RouteDeps } from '../http.ts';
import { route, type Route } from './mount.ts';

/** Step-up proofs (under /api/profile/step-up); the guard is `requireRecentProof` in server/domain/step-up.ts. */
export function stepUpRoutes(deps: RouteDeps): Route[] {
  const db = deps.database.db;
  return [
    route(calls.password, (c, input) =>
      proveWithPassword(db, { idHash: c.var.session.idHash, userId: c.var.session.account.id }, input.currentPassword, clientAddressGroup(c, deps), deps.clock.now()),
    ),
  ];
}
