import type { Context } from 'hono';
import * as calls from '../../contract/calls/association.ts';
import { associateAccount, checkAssociation, listAssociations, removeAssociation, type AssociationActor } from '../domain/association.ts';
import { loginGuard, passwordClient, type AppEnv, type RouteDeps } from '../http.ts';
import { route, type Route } from './mount.ts';

function actorOf(c: Context<AppEnv>): AssociationActor {
  const account = c.var.session.account;
  return { id: account.id, category: account.category, sessionHash: c.var.session.idHash };
}

/** Account association (under /api/users/associate). */
export function associationRoutes(deps: RouteDeps): Route[] {
  const db = deps.database.db;
  return [
    route(calls.list, (c) => listAssociations(db, actorOf(c))),
    route(calls.check, (c, input) => {
      const { address, deviceCookie } = passwordClient(c, deps);
      return checkAssociation(db, actorOf(c), { ...input, address, deviceCookie }, deps.clock.now(), loginGuard(deps));
    }),
    route(calls.associate, (c, input) => associateAccount(db, actorOf(c), input, deps.clock.now())),
    route(calls.remove, (c, input) => removeAssociation(db, actorOf(c), input, deps.clock.now())),
  ];
}
