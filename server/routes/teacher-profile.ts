import * as calls from '../../contract/calls/teacher-profile.ts';
import { assertPermission, checkTeacherProfile, readTeacherProfile, saveTeacherProfile } from '../domain/role-profiles.ts';
import type { RouteDeps } from '../http.ts';
import { route, type Route } from './mount.ts';
import { actorOf, roleWrite } from './profile.ts';

/** The teacher profile's calls (contract/calls/teacher-profile.ts). */
export function teacherProfileRoutes(deps: RouteDeps): Route[] {
  const db = deps.database.db;
  const now = () => deps.clock.now();

  return [
    route(calls.teacher, (c) => readTeacherProfile(db, actorOf(c), now())),
    route(
      calls.saveTeacher,
      (c, input) => saveTeacherProfile(db, actorOf(c), input, now()),
      roleWrite((c) => assertPermission(actorOf(c), 'profile.teacher')),
    ),
    route(calls.check, (_c, input) => ({ fields: checkTeacherProfile(input) })),
  ];
}
