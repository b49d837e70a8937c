import type { Context } from 'hono';
import * as calls from '../../contract/calls/login-qr.ts';
import { loginWithQrCode, loseLoginQrCode, readLoginQrCode, refreshLoginQrCode, type QrActor } from '../domain/login-qr.ts';
import { sessionCookie, sessionSecret, setDeviceCookie, setSessionCookie, signInClient, type AppEnv, type RouteDeps } from '../http.ts';
import { route, type Route } from './mount.ts';

function actorOf(c: Context<AppEnv>): QrActor {
  const account = c.var.session.account;
  return { id: account.id, login_id: account.login_id, display_name: account.display_name, category: account.category, allow_qr_login: account.allow_qr_login };
}

/** The login QR code (under /api/profile) and signing in with it (under /auth). */
export function loginQrRoutes(deps: RouteDeps): Route[] {
  const db = deps.database.db;
  const secret = sessionSecret(deps);
  const now = () => deps.clock.now();
  return [
    route(calls.read, (c) => readLoginQrCode(db, actorOf(c), secret, now())),
    route(calls.refresh, (c) => refreshLoginQrCode(db, actorOf(c), secret, now())),
    route(calls.lose, (c) => loseLoginQrCode(db, actorOf(c), secret, now())),
    route(calls.login, async (c, input) => {
      const previousSessionId = sessionCookie(c);
      const { user, sessionId } = await loginWithQrCode(
        db,
        { code: input.code, ...(previousSessionId ? { previousSessionId } : {}), client: signInClient(c, deps) },
        { sessionSecret: secret, supportEmail: deps.config.supportEmail, publicUrl: deps.config.publicUrl },
        now(),
      );
      setSessionCookie(c, deps, sessionId);
      setDeviceCookie(c, deps, user.userId);
      return user;
    }),
  ];
}
