import type { Context } from 'hono';
import * as calls from '../../contract/calls/security.ts';
import { SIGN_IN_HISTORY_DAYS } from '../../contract/schemas/security.ts';
import { listSessions, signOutOtherSessions, signOutSession, type SessionOwner } from '../domain/account-security.ts';
import { listSignInHistory } from '../domain/sign-in-history.ts';
import type { AppEnv, RouteDeps } from '../http.ts';
import { route, type Route } from './mount.ts';

function ownerOf(c: Context<AppEnv>): SessionOwner {
  return { userId: c.var.session.account.id, currentIdHash: c.var.session.idHash };
}

/** The account's security page (under /api/profile/security). */
export function securityRoutes(deps: RouteDeps): Route[] {
  const db = deps.database.db;
  const now = () => deps.clock.now();
  return [
    route(calls.sessions, async (c) => ({ sessions: await listSessions(db, ownerOf(c), now()) })),
    route(calls.signOutSession, async (c, input) => {
      await signOutSession(db, ownerOf(c), input.sessionId);
      return {};
    }),
    route(calls.signOutOthers, async (c) => ({ signedOut: await signOutOtherSessions(db, ownerOf(c)) })),
    route(calls.history, async (c) => ({ entries: await listSignInHistory(db, c.var.session.account.id, now()), days: SIGN_IN_HISTORY_DAYS })),
  ];
}
