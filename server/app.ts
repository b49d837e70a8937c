import { Hono, type Context, type ErrorHandler } from 'hono';
import { declaresCode, fullPath, type BodyLimit } from '../contract/call.ts';
import { HTTPException } from 'hono/http-exception';
import type { ErrorCode } from '../contract/index.ts';
import type { Deps } from './deps.ts';
import { DomainError } from './domain/errors.ts';
import { RefusalMemory } from './domain/refusal-memory.ts';
import { batchedSessionReader } from './domain/sessions.ts';
import { errorResponse, type AppEnv, type RouteDeps } from './http.ts';
import { describeError } from './log.ts';
import { activationRoutes } from './routes/activation.ts';
import { associationRoutes } from './routes/association.ts';
import { authRoutes } from './routes/auth.ts';
import { mfaRoutes } from './routes/mfa-login.ts';
import { authenticatorRoutes } from './routes/authenticator.ts';
import { devRoutes } from './routes/dev.ts';
import { familyRoutes } from './routes/family.ts';
import { loginQrRoutes } from './routes/login-qr.ts';
import { securityRoutes } from './routes/security.ts';
import { passkeyRoutes } from './routes/passkeys.ts';
import { stepUpRoutes } from './routes/step-up.ts';
import { mountRoutes, type Route } from './routes/mount.ts';
import { openApiRoute } from './routes/openapi.ts';
import { passwordRoutes } from './routes/password.ts';
import { profileRoutes } from './routes/profile.ts';
import { parentProfileRoutes } from './routes/parent-profile.ts';
import { teacherProfileRoutes } from './routes/teacher-profile.ts';
import { settingsRoutes } from './routes/settings.ts';
import { subscriptionsRoutes } from './routes/email-subscriptions.ts';
import { usersRoutes } from './routes/users.ts';
import { verificationRoutes } from './routes/verification.ts';
import { otpRoutes } from './routes/otp-login.ts';
import { upgradeRoutes } from './routes/upgrade.ts';
import { ssoRoutes } from './routes/third-party.ts';
import { orgAccountRoutes } from './routes/org-account.ts';
import { ssoExportRoutes } from './routes/sso-export.ts';
import { myDataRoutes } from './routes/my-data.ts';
import { accountClosureRoutes } from './routes/account-closure.ts';
import { staffRoutes } from './routes/staff-registration.ts';
import { setUpThirdPartySignIn } from './oidc/setup.ts';
import type { RelyingParty } from './oidc/relying-party.ts';
import { loadShedding } from './load-shedding.ts';
import { checkQueryStrings, limitBodies } from './limits.ts';
import { crossSiteGuard, securityHeaders } from './security.ts';
import { spaRoutes } from './spa.ts';
import { observeRequests } from './ops/observe.ts';
import { readinessCheck, readinessRoutes } from './ops/readiness.ts';

/**
 * The longest address (path and query) read: no call's query comes near it. Longer ones are
 * answered `uriTooLong` (414); heads over Node's 16 KiB header limit never reach the app and are
 * answered `headersTooLarge` (431) by server/limits.ts.
 */
export const MAX_URL_BYTES = 8 * 1024;

/** The refusals after which the connection is closed: the rest of what the client sends is not read. */
const CLOSING_STATUSES = new Set([413, 414, 431]);

/** The areas whose answers are the caller's own data: never stored by a browser or a proxy. */
const API_AREA = /^\/(api|auth|dev)(\/|$)/;

const HTTP_STATUS_CODES: Record<number, ErrorCode> = {
  400: 'invalidPayload',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'notFound',
  413: 'payloadTooLarge',
};

/**
 * The whole HTTP surface as a Hono app, without listening: `main.ts` serves it, tests call
 * `app.request(…)`. Every answer is the envelope `{ data }` or `{ error: { code, message } }`.
 */
export function createApp(deps: Deps): Hono {
  const app = new Hono<AppEnv>();
  const routeDeps: RouteDeps = {
    ...deps,
    // PGlite runs one query at a time; a PostgreSQL pool can overlap a few reads.
    sessions: batchedSessionReader(deps.database.db, {
      maxInFlight: deps.database.kind === 'pglite' ? 1 : 4,
      writeGeneration: deps.database.writeGeneration,
      // PostgreSQL: other processes' changes arrive by NOTIFY; a lost one cannot outlive this.
      maxAgeMs: deps.database.kind === 'postgres' ? 2_000 : undefined,
    }),
    holdMemory: new RefusalMemory(),
    passwordMemory: new RefusalMemory(),
  };

  // The call of a method and path, for the requests refused before routing (server/ops/observe.ts).
  const callNames = new Map<string, string>();
  app.use('*', observeRequests({ log: deps.log, trustProxy: deps.config.trustProxy, callOf: (method, path) => callNames.get(`${method} ${path}`) }));
  app.use('*', securityHeaders(deps.config.production));
  app.use('*', async (c, next) => {
    await next();
    if (API_AREA.test(c.req.path)) c.res.headers.set('Cache-Control', 'no-store');
    // A refusal of a request too large to read ends the connection cleanly after the answer.
    if (CLOSING_STATUSES.has(c.res.status)) c.res.headers.set('Connection', 'close');
  });
  app.use('*', loadShedding(deps.config.loadShedding, { log: deps.log }));
  app.use('*', async (c, next) => {
    // c.req.url is `scheme://host/path?query`, percent-encoded: its characters are its bytes.
    const url = c.req.url;
    if (url.length - url.indexOf('/', url.indexOf('//') + 2) > MAX_URL_BYTES) throw new DomainError('uriTooLong');
    await next();
  });
  app.use('*', checkQueryStrings(API_AREA));
  app.use('*', crossSiteGuard(deps.config.publicUrl));
  const thirdParty = setUpThirdPartySignIn(app, deps);
  const routes = allRoutes(routeDeps, thirdParty);
  // Each call's body limit (its declaration's), looked up before routing so that no body is read
  // past it; anything undeclared gets the default (contract/call.ts DEFAULT_BODY_BYTES).
  const bodyLimits = new Map<string, BodyLimit>(routes.map(({ declaration }) => [`${declaration.method.toUpperCase()} ${fullPath(declaration)}`, declaration.bodyLimit]));
  for (const { declaration } of routes) callNames.set(`${declaration.method.toUpperCase()} ${fullPath(declaration)}`, declaration.name);
  app.use('*', limitBodies((method, path) => bodyLimits.get(`${method} ${path}`)));

  mountRoutes(app, routeDeps, routes);
  if (!deps.config.production) app.route('/api/openapi.json', openApiRoute());
  if (!deps.config.production) app.route('/dev', devRoutes(deps));

  const notFound = (c: Context) => errorResponse(c, new DomainError('notFound'));
  for (const area of ['/api', '/auth', '/dev']) {
    app.all(area, notFound);
    app.all(`${area}/*`, notFound);
  }
  app.route('/', spaRoutes(deps.config.staticDir));
  app.notFound(notFound);

  app.onError(answerError(deps));

  return app as unknown as Hono;
}

/** Every declared call with what answers it; each declaration of contract/calls is mounted once. */
export function allRoutes(deps: RouteDeps, thirdParty: RelyingParty | null = null): Route[] {
  return [
    ...settingsRoutes(deps),
    ...readinessRoutes(readinessCheck(deps.database)),
    ...authRoutes(deps),
    ...mfaRoutes(deps),
    ...authenticatorRoutes(deps),
    ...usersRoutes(deps),
    ...activationRoutes(deps),
    ...passwordRoutes(deps),
    ...familyRoutes(deps),
    ...subscriptionsRoutes(deps),
    ...profileRoutes(deps),
    ...teacherProfileRoutes(deps),
    ...parentProfileRoutes(deps),
    ...verificationRoutes(deps),
    ...otpRoutes(deps),
    ...upgradeRoutes(deps),
    ...loginQrRoutes(deps),
    ...associationRoutes(deps),
    ...securityRoutes(deps),
    ...stepUpRoutes(deps),
    ...passkeyRoutes(deps),
    ...ssoRoutes(deps, thirdParty),
    ...orgAccountRoutes(deps),
    ...staffRoutes(deps),
    ...ssoExportRoutes(deps),
    ...myDataRoutes(deps),
    ...accountClosureRoutes(deps),
  ];
}

/**
 * Every failure as the envelope: a DomainError with its code, Hono's own 4xx with the nearest
 * catalogue code, anything else 500 `internal` (logged, without details in the answer).
 */
export function answerError(deps: Pick<Deps, 'config' | 'log'>): ErrorHandler<AppEnv> {
  return (error, c) => {
    if (error instanceof DomainError) {
      const call = c.get('call');
      // Outside production a refusal its declaration does not list is the server's fault: the
      // tests that reach it fail, so declarations (and the docs made from them) stay true.
      if (call && !deps.config.production && !declaresCode(call, error.code)) {
        deps.log.error('refusal not declared', { call: call.name, code: error.code });
        return errorResponse(c, new DomainError('internal'));
      }
      return errorResponse(c, error);
    }
    // Hono's JSON validator refuses a body that is not JSON with this exception.
    if (error instanceof HTTPException && error.status === 400 && error.message.startsWith('Malformed JSON')) {
      return errorResponse(c, new DomainError('malformedJson'));
    }
    if (error instanceof HTTPException && error.status < 500) {
      return errorResponse(c, new DomainError(HTTP_STATUS_CODES[error.status] ?? 'invalidPayload'));
    }
    deps.log.error('request failed', { requestId: c.get('requestId'), call: c.get('call')?.name, method: c.req.method, ...describeError(error) });
    return errorResponse(c, new DomainError('internal'));
  };
}
