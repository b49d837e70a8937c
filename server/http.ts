import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context, MiddlewareHandler } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import type { CallDeclaration } from '../contract/call.ts';
import { ERROR_CODES, type ErrorBody, type ErrorCode } from '../contract/index.ts';
import type { Deps } from './deps.ts';
import { DomainError } from './domain/errors.ts';
import { DEV_SESSION_SECRET, SESSION_ABSOLUTE_MS, SESSION_COOKIE, findSession, sessionRefusal, type ActiveSession, type SessionReader } from './domain/sessions.ts';
import { DEVICE_COOKIE, DEVICE_COOKIE_MAX_AGE_MS, rememberDevice } from './domain/device-cookie.ts';
import type { LoginGuard } from './domain/login-throttle.ts';
import { addressGroup } from './domain/address-group.ts';
import { LANGUAGE_COOKIE, rememberPageLanguage } from './domain/recipient-language.ts';
import { countDiscovery, type DiscoveryChallenge } from './domain/discovery.ts';
import type { RefusalMemory } from './domain/refusal-memory.ts';
import type { AccountSettings } from './domain/settings.ts';

export interface AppEnv {
  Variables: {
    session: ActiveSession;
    /** The declared call this request is (server/routes/mount.ts); unset outside declared calls. */
    call: CallDeclaration;
    /** This request's id, echoed as X-Request-Id and logged (server/ops/observe.ts). */
    requestId: string;
    /** The refusal's code when the answer is one (`errorResponse`), for the log line and the metrics. */
    refusal: ErrorCode;
  };
}

/** What route factories receive: the app's dependencies plus the app's shared session reader. */
export interface RouteDeps extends Deps {
  sessions: SessionReader;
  /**
   * The app's memory of holds and rate limits the database decided (server/domain/holds.ts):
   * one per app, so a running hold is answered without the database.
   */
  holdMemory: RefusalMemory;
  /** The app's memory of password-login refusals the database decided (server/domain/login-throttle.ts): one per app, never module-level. */
  passwordMemory: RefusalMemory;
}

export function errorBody(error: DomainError): ErrorBody {
  return {
    error: {
      code: error.code,
      message: error.message,
      ...(error.holdUntil ? { holdUntil: error.holdUntil.toISOString() } : {}),
      ...(error.fields && error.fields.length > 0 ? { fields: error.fields } : {}),
    },
  };
}

/**
 * A declared download's answer (`declaration.file`): the file as an attachment named `fileName`,
 * never stored (server/routes/mount.ts passes a Response through as it is).
 */
export function fileResponse(body: ConstructorParameters<typeof Response>[0], contentType: string, fileName: string): Response {
  return new Response(body, {
    headers: {
      'content-type': contentType,
      'content-disposition': `attachment; filename="${fileName}"`,
      'cache-control': 'no-store',
      'x-content-type-options': 'nosniff',
    },
  });
}

export function errorResponse(c: Context, error: DomainError): Response {
  (c as Context<AppEnv>).set('refusal', error.code);
  return c.json(errorBody(error), ERROR_CODES[error.code] as 400);
}

export function accountSettings(deps: Deps): AccountSettings {
  return {
    policy: { minLength: deps.config.passwordMinLength, complexity: deps.config.passwordComplexity },
    publicUrl: deps.config.publicUrl,
    supportEmail: deps.config.supportEmail,
    sessionSecret: sessionSecret(deps),
  };
}

export function sessionSecret(deps: Deps): string {
  return deps.config.sessionSecret ?? DEV_SESSION_SECRET;
}

/**
 * The client's address: with TRUST_PROXY=n, the n-th X-Forwarded-For entry from the right (the
 * address the outermost trusted proxy saw); else the socket's peer. 'unknown' when neither is
 * there (requests made in-process, as tests do).
 */
export function clientAddress(c: Context, deps: Deps): string {
  const hops = deps.config.trustProxy;
  if (hops > 0) {
    const entries = (c.req.header('x-forwarded-for') ?? '')
      .split(',')
      .map((entry) => entry.trim())
      .filter(Boolean);
    const entry = entries[Math.max(0, entries.length - hops)];
    if (entry) return entry.slice(0, 64);
  }
  try {
    return getConnInfo(c).remote.address ?? 'unknown';
  } catch {
    return 'unknown';
  }
}

/** The group the client's address is counted under by every per-address limit (server/domain/address-group.ts). */
export function clientAddressGroup(c: Context, deps: Deps): string {
  return addressGroup(clientAddress(c, deps));
}

/**
 * Counts a call that can tell whether an account, login ID or email exists (server/domain/discovery.ts)
 * under the request's address group and the logins or emails it names, or refuses it
 * `tooManyRequests` (from the app's memory once the database has refused it). The browser's device
 * cookie lets the owner of a flooded login or email through (docs/decisions/holds.md); so does a
 * solved `challenge` on the calls that offer one.
 */
export async function countDiscoveryOf(c: Context, deps: RouteDeps, targets: readonly string[], challenge?: DiscoveryChallenge): Promise<void> {
  const device = { secret: sessionSecret(deps), cookie: getCookie(c, DEVICE_COOKIE) };
  await countDiscovery(deps.database.db, { addressGroup: clientAddressGroup(c, deps), targets, device, challenge }, deps.clock.now(), { memory: deps.holdMemory });
}

/** The client of a sign-in: its user agent (the security page) and address. */
export function signInClient(c: Context, deps: Deps): { userAgent: string | null; address: string } {
  return { userAgent: c.req.header('user-agent') ?? null, address: clientAddress(c, deps) };
}

export function sessionCookie(c: Context): string | undefined {
  return getCookie(c, SESSION_COOKIE);
}

export function setSessionCookie(c: Context, deps: Deps, sessionId: string): void {
  setCookie(c, SESSION_COOKIE, sessionId, {
    path: '/',
    httpOnly: true,
    sameSite: 'Lax',
    secure: deps.config.production,
    maxAge: SESSION_ABSOLUTE_MS / 1000,
  });
}

export function clearSessionCookie(c: Context, deps: Deps): void {
  deleteCookie(c, SESSION_COOKIE, { path: '/', httpOnly: true, sameSite: 'Lax', secure: deps.config.production });
}

/**
 * What a password check needs from the request besides the typed login and password: the client
 * (user agent, address) and the browser's device cookie, read here and passed on as values.
 */
export function passwordClient(c: Context, deps: Deps): { userAgent: string | null; address: string; deviceCookie: string | undefined } {
  return { ...signInClient(c, deps), deviceCookie: getCookie(c, DEVICE_COOKIE) };
}

/** The app's side of a password check (server/domain/login-throttle.ts): its refusal memory, reCAPTCHA verifier and device secret. */
export function loginGuard(deps: RouteDeps): LoginGuard {
  return { memory: deps.passwordMemory, verifyRecaptcha: deps.recaptcha, deviceSecret: sessionSecret(deps), wrongPasswordFloorMs: deps.config.wrongPasswordFloorMs, floodingWrongHoldMs: deps.config.floodingWrongHoldMs };
}

/** After a successful sign-in to the account: this browser becomes (or stays) one of its known devices. */
export function setDeviceCookie(c: Context, deps: Deps, userId: string): void {
  setCookie(c, DEVICE_COOKIE, rememberDevice(sessionSecret(deps), getCookie(c, DEVICE_COOKIE), userId), {
    path: '/',
    httpOnly: true,
    sameSite: 'Lax',
    secure: deps.config.production,
    maxAge: DEVICE_COOKIE_MAX_AGE_MS / 1000,
  });
}

/**
 * Lets only signed-in requests through, with `c.var.session`; else 401 (and the stale cookie
 * cleared): `sessionSignedOut` when someone else ended this cookie's session (another browser, a
 * password change or reset: server/domain/sessions.ts, endUserSessions), else `unauthorized`.
 */
export function requireSession(deps: RouteDeps): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const rawId = sessionCookie(c);
    const session = await findSession(deps.database.db, deps.sessions, rawId, {
      secret: sessionSecret(deps),
      previousSecret: deps.config.sessionSecretPrevious,
      now: deps.clock.now(),
    });
    if (!session) {
      if (rawId === undefined) return errorResponse(c, new DomainError('unauthorized'));
      clearSessionCookie(c, deps);
      return errorResponse(c, new DomainError(await sessionRefusal(deps.sessions, rawId, sessionSecret(deps))));
    }
    // The account's language follows the pages it uses, so its emails do (recipient-language.ts).
    const language = await rememberPageLanguage(deps.database.db, session.account, getCookie(c, LANGUAGE_COOKIE));
    c.set('session', language === session.account.language ? session : { ...session, account: { ...session.account, language } });
    await next();
  };
}
