import type { Context } from 'hono';
import * as calls from '../../contract/calls/profile.ts';
import { proposeNickname } from '../domain/nickname.ts';
import { assertNoSchoolFields, checkProfile, readProfile, saveBasicProfile } from '../domain/profile.ts';
import type { ProfileActor } from '../domain/profile-reads.ts';
import { assertSchoolStaff, readSchoolStaffInfo, saveSchoolStaffInfo } from '../domain/role-profiles.ts';
import type { AppEnv, RouteDeps } from '../http.ts';
import { route, type Route, type RouteOptions } from './mount.ts';

/** The signed-in account as the profile rules see it. */
export function actorOf(c: Context<AppEnv>): ProfileActor {
  const account = c.var.session.account;
  return { id: account.id, category: account.category, school_code: account.school_code, allow_qr_login: account.allow_qr_login };
}

/** A profile write refuses school keys first (403 `schoolInfoReadOnly`), before the schema strips them. */
const schoolKeysRefused = { inspectBody: assertNoSchoolFields };

/**
 * A role's profile write: `allowed` (the permission) decides before the body, so a parent learns
 * `forbidden`, not what the form wants; then the school keys are refused.
 */
export function roleWrite(allowed: (c: Context<AppEnv>) => unknown): RouteOptions {
  return {
    ...schoolKeysRefused,
    before: [
      async (c, next) => {
        await allowed(c);
        await next();
      },
    ],
  };
}

/** The basic profile's and the school staff info's calls; the teacher's and parent's are in ./teacher-profile.ts and ./parent-profile.ts. */
export function profileRoutes(deps: RouteDeps): Route[] {
  const db = deps.database.db;
  const now = () => deps.clock.now();
  const settings = { publicUrl: deps.config.publicUrl, supportEmail: deps.config.supportEmail };

  return [
    route(calls.profile, (c) => readProfile(db, actorOf(c), now())),
    route(calls.saveBasic, (c, input) => saveBasicProfile(db, actorOf(c), input, settings, now()), schoolKeysRefused),
    route(calls.check, async (c, input) => ({ fields: await checkProfile(db, actorOf(c), input) })),
    route(calls.nickname, (c, input) => proposeNickname(db, actorOf(c).id, input.lang)),
    route(calls.schoolStaff, (c) => readSchoolStaffInfo(db, actorOf(c))),
    route(
      calls.saveSchoolStaff,
      (c, input) => saveSchoolStaffInfo(db, actorOf(c), input, now()),
      roleWrite((c) => assertSchoolStaff(db, actorOf(c))),
    ),
  ];
}
