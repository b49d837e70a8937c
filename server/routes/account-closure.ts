import * as calls from '../../contract/calls/account-closure.ts';
import { cancelClosure, closureOf, requestClosure } from '../domain/account-closure.ts';
import { requireRecentProof } from '../domain/step-up.ts';
import type { RouteDeps } from '../http.ts';
import { route, type Route } from './mount.ts';

/** Closing an account (contract/calls/account-closure.ts). */
export function accountClosureRoutes(deps: RouteDeps): Route[] {
  const db = deps.database.db;
  const settings = { supportEmail: deps.config.supportEmail, publicUrl: deps.config.publicUrl };
  return [
    route(calls.status, async (c) => ({ eraseAt: (await closureOf(db, c.var.session.account.id))?.toISOString() ?? null })),
    route(calls.close, async (c) => {
      const now = deps.clock.now();
      await requireRecentProof(db, c.var.session.idHash, now);
      return { eraseAt: (await requestClosure(db, c.var.session.account.id, settings, now)).toISOString() };
    }),
    route(calls.cancel, async (c) => {
      await cancelClosure(db, c.var.session.account.id, settings, deps.clock.now());
      return {};
    }),
  ];
}
