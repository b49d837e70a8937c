import type { Context } from 'hono';
import * as calls from '../../contract/calls/family.ts';
import {
  type FamilyActor,
  createFamily,
  dismissFamily,
  familyCurrentPage,
  familyDetails,
  familyHold,
  familyPermission,
  familyRequests,
  familyRoles,
  handleFamilyRequest,
  inviteToFamily,
  leaveFamily,
  regenerateFamilyCode,
  requestToJoin,
  updateFamilyInfo,
} from '../domain/family.ts';
import type { AppEnv, RouteDeps } from '../http.ts';
import { route, type Route } from './mount.ts';

function actorOf(c: Context<AppEnv>): FamilyActor {
  const account = c.var.session.account;
  return { userId: account.id, category: account.category, loginEmail: account.login_email };
}

/** The family calls (contract/calls/family.ts); every one needs a session. */
export function familyRoutes(deps: RouteDeps): Route[] {
  const db = deps.database.db;
  const now = () => deps.clock.now();
  const done = {};

  return [
    route(calls.permission, (c) => familyPermission(actorOf(c))),
    route(calls.roles, () => familyRoles()),
    route(calls.hold, (c) => familyHold(db, actorOf(c).userId, now())),
    route(calls.currentPage, (c) => familyCurrentPage(db, actorOf(c))),
    route(calls.details, (c) => familyDetails(db, actorOf(c))),
    route(calls.requests, (c) => familyRequests(db, actorOf(c))),
    route(calls.create, (c, input) => createFamily(db, actorOf(c), input, deps.recaptcha, now())),
    route(calls.join, (c, input) => requestToJoin(db, actorOf(c), input, deps.recaptcha, now())),
    route(calls.handleRequest, async (c, input) => {
      await handleFamilyRequest(db, actorOf(c), input, now());
      return done;
    }),
    route(calls.regenerateCode, (c, input) => regenerateFamilyCode(db, actorOf(c), input.familyId, now())),
    route(calls.leave, async (c, input) => {
      await leaveFamily(db, actorOf(c), input.familyId, now());
      return done;
    }),
    route(calls.dismiss, async (c, input) => {
      await dismissFamily(db, actorOf(c), input.familyId, now());
      return done;
    }),
    route(calls.updateInfo, async (c, input) => {
      await updateFamilyInfo(db, actorOf(c), input);
      return done;
    }),
    route(calls.invite, async (c, input) => {
      await inviteToFamily(db, actorOf(c), input, { publicUrl: deps.config.publicUrl, supportEmail: deps.config.supportEmail }, now());
      return done;
    }),
  ];
}
