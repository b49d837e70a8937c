import * as calls from '../../contract/calls/step-up.ts';
import { proveWithPasskey, stepUpOptions } from '../domain/passkeys.ts';
import { proveWithAuthenticatorCode } from '../domain/authenticator.ts';
import { proveWithPassword, stepUpProofs } from '../domain/step-up.ts';
import { proveWithEmailCode, sendStepUpCode } from '../domain/step-up-email.ts';
import { clientAddressGroup, sessionSecret, type RouteDeps } from '../http.ts';
import { route, type Route } from './mount.ts';
import { passkeySettings } from './passkeys.ts';

/** Step-up proofs (under /api/profile/step-up); the guard is `requireRecentProof` in server/domain/step-up.ts. */
export function stepUpRoutes(deps: RouteDeps): Route[] {
  const db = deps.database.db;
  const passkeys = passkeySettings(deps);
  return [
    route(calls.proofs, (c) => stepUpProofs(db, c.var.session.account.id)),
    route(calls.password, (c, input) =>
      proveWithPassword(db, { idHash: c.var.session.idHash, userId: c.var.session.account.id }, input.currentPassword, clientAddressGroup(c, deps), deps.clock.now()),
    ),
    // A passkey with user verification proves the user as the password does (docs/decisions/passkeys.md).
    route(calls.passkeyOptions, (c) => stepUpOptions(db, c.var.session.account.id, c.var.session.idHash, passkeys, deps.clock.now())),
    route(calls.passkey, (c, input) => proveWithPasskey(db, { idHash: c.var.session.idHash, userId: c.var.session.account.id }, input.response, passkeys, deps.clock.now())),
    // The authenticator app's current code, under the two-factor login's rules (docs/decisions/authenticator.md).
    route(calls.authenticatorCode, (c, input) =>
      proveWithAuthenticatorCode(db, { idHash: c.var.session.idHash, userId: c.var.session.account.id }, input.code, deps.clock.now(), { memory: deps.holdMemory }),
    ),
    // A code emailed to an account without a password (docs/decisions/step-up.md).
    route(calls.sendEmailCode, (c) =>
      sendStepUpCode(db, { idHash: c.var.session.idHash, userId: c.var.session.account.id }, { sessionSecret: sessionSecret(deps), supportEmail: deps.config.supportEmail }, deps.clock.now(), {
        memory: deps.holdMemory,
      }),
    ),
    route(calls.emailCode, (c, input) =>
      proveWithEmailCode(db, { idHash: c.var.session.idHash, userId: c.var.session.account.id }, input.code, sessionSecret(deps), deps.clock.now(), { memory: deps.holdMemory }),
    ),
  ];
}
