import type { Context } from 'hono';
import * as calls from '../../contract/calls/association.ts';
import { associateAccount, listAssociations, removeAssociation, type AssociationActor } from '../domain/association.ts';
import { loginGuard, passwordClient, type AppEnv, type RouteDeps } from '../http.ts';
import { route, type Route } from './mount.ts';

function actorOf(c: Context<AppEnv>): AssociationActor {
  const account = c.var.session.account;
  return { id: account.id, category: account.category };
}

/** Account association (under /api/users/associate). */
export function associationRoutes(deps: RouteDeps): Route[] {
  const db = deps.database.db;
  return [
    route(calls.list, (c) => listAssociations(db, actorOf(c))),
    route(calls.associate, (c, input) => {
      const { address, deviceCookie } = passwordClient(c, deps);
      return associateAccount(db, actorOf(c), { ...input, address, deviceCookie }, deps.clock.now(), loginGuard(deps));
    }),
    route(calls.remove, (c, input) => removeAssociation(db, actorOf(c), input, deps.clock.now())),
  ];
}
