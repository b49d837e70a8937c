import * as calls from '../../contract/calls/parent-profile.ts';
import { assertPermission, readParentProfile, saveParentProfile } from '../domain/role-profiles.ts';
import type { RouteDeps } from '../http.ts';
import { route, type Route } from './mount.ts';
import { actorOf, roleWrite } from './profile.ts';

/** The parent profile's calls (contract/calls/parent-profile.ts). */
export function parentProfileRoutes(deps: RouteDeps): Route[] {
  const db = deps.database.db;

  return [
    route(calls.parent, (c) => readParentProfile(db, actorOf(c))),
    route(
      calls.saveParent,
      (c, input) => saveParentProfile(db, actorOf(c), input),
      roleWrite((c) => assertPermission(actorOf(c), 'profile.parent')),
    ),
    // Interests are choices of a catalogue: the schema has checked everything there is to check.
    route(calls.check, () => ({ fields: [] })),
  ];
}
