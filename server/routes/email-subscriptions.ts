import * as calls from '../../contract/calls/email-subscriptions.ts';
import { confirmSubscription, requestSubscription } from '../domain/email-subscriptions.ts';
import type { RouteDeps } from '../http.ts';
import { route, type Route } from './mount.ts';

/** The public newsletter page, no session (docs/api.md). */
export function subscriptionsRoutes(deps: RouteDeps): Route[] {
  const settings = { publicUrl: deps.config.publicUrl, supportEmail: deps.config.supportEmail };
  return [
    route(calls.subscribe, (_c, input) => requestSubscription(deps.database.db, deps.recaptcha, input, settings, deps.clock.now())),
    route(calls.verify, (_c, input) => confirmSubscription(deps.database.db, input.token, deps.clock.now())),
  ];
}
