import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import * as calls from '../../contract/calls/passkeys.ts';
import type { Deps } from '../deps.ts';
import {
  PASSKEY_CHALLENGE_MS,
  PASSKEY_COOKIE,
  listPasskeys,
  registerPasskey,
  registrationOptions,
  removePasskey,
  renamePasskey,
  signInOptions,
  signInWithPasskey,
  type PasskeySettings,
} from '../domain/passkeys.ts';
import { requireRecentProof } from '../domain/step-up.ts';
import { clientAddressGroup, sessionCookie, sessionSecret, setDeviceCookie, setSessionCookie, signInClient, type RouteDeps } from '../http.ts';
import { route, type Route } from './mount.ts';

/** Only the passkey sign-in under /auth reads the pre-sign-in cookie. */
const PASSKEY_COOKIE_PATH = '/auth/passkeys';

export function passkeySettings(deps: Deps): PasskeySettings {
  return { publicUrl: deps.config.publicUrl, sessionSecret: sessionSecret(deps), supportEmail: deps.config.supportEmail };
}

function passkeyCookieOptions(deps: Deps) {
  return { path: PASSKEY_COOKIE_PATH, httpOnly: true, sameSite: 'Lax', secure: deps.config.production } as const;
}

function setPasskeyCookie(c: Context, deps: Deps, token: string): void {
  setCookie(c, PASSKEY_COOKIE, token, { ...passkeyCookieOptions(deps), maxAge: PASSKEY_CHALLENGE_MS / 1000 });
}

/** Passkeys (issue 23; docs/decisions/passkeys.md): the account's own under /api/profile, the sign-in under /auth. */
export function passkeyRoutes(deps: RouteDeps): Route[] {
  const db = deps.database.db;
  const now = () => deps.clock.now();
  const settings = passkeySettings(deps);
  return [
    route(calls.list, (c) => listPasskeys(db, c.var.session.account.id)),
    // Adding a passkey needs a proof of this session within 10 minutes (docs/decisions/step-up.md), at both steps.
    route(calls.registrationOptions, async (c) => {
      await requireRecentProof(db, c.var.session.idHash, now());
      return registrationOptions(db, c.var.session.account, c.var.session.idHash, settings, now());
    }),
    route(calls.register, async (c, input) => {
      await requireRecentProof(db, c.var.session.idHash, now());
      return registerPasskey(db, c.var.session.account, c.var.session.idHash, input, settings, now());
    }),
    route(calls.rename, (c, input) => renamePasskey(db, c.var.session.account.id, input)),
    route(calls.remove, (c, input) => removePasskey(db, c.var.session.account, input.id, settings, now())),
    route(calls.signInOptions, async (c) => {
      const { options, token } = await signInOptions(db, settings, now());
      setPasskeyCookie(c, deps, token);
      return options;
    }),
    route(calls.signIn, async (c, input) => {
      const { user, sessionId } = await signInWithPasskey(db, getCookie(c, PASSKEY_COOKIE), input.response, settings, now(), {
        addressGroup: clientAddressGroup(c, deps),
        client: signInClient(c, deps),
        previousSessionId: sessionCookie(c),
      });
      setSessionCookie(c, deps, sessionId);
      setDeviceCookie(c, deps, user.userId);
      deleteCookie(c, PASSKEY_COOKIE, passkeyCookieOptions(deps));
      return { user };
    }),
  ];
}
