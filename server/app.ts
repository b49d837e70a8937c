import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { HTTPException } from 'hono/http-exception';
import type { ErrorCode } from '../contract/index.ts';
import type { Deps } from './deps.ts';
import { DomainError } from './domain/errors.ts';
import { batchedSessionReader } from './domain/sessions.ts';
import { errorResponse, type RouteDeps } from './http.ts';
import { describeError } from './log.ts';
import { activationRoutes } from './routes/activation.ts';
import { authRoutes } from './routes/auth.ts';
import { devRoutes } from './routes/dev.ts';
import { familyRoutes } from './routes/family.ts';
import { healthRoutes } from './routes/health.ts';
import { passwordRoutes } from './routes/password.ts';
import { profileRoutes, schoolStaffRoutes } from './routes/profile.ts';
import { settingsRoutes } from './routes/settings.ts';
import { subscriptionsRoutes } from './routes/subscriptions.ts';
import { usersRoutes } from './routes/users.ts';
import { emailChangeRoutes, emailVerificationRoutes, mobileRoutes } from './routes/verification.ts';
import { crossSiteGuard, securityHeaders } from './security.ts';
import { spaRoutes } from './spa.ts';

export const MAX_BODY_BYTES = 64 * 1024;

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
  const app = new Hono();
  const routeDeps: RouteDeps = {
    ...deps,
    // PGlite runs one query at a time; a PostgreSQL pool can overlap a few reads.
    sessions: batchedSessionReader(deps.database.db, {
      maxInFlight: deps.database.kind === 'pglite' ? 1 : 4,
      writeGeneration: deps.database.writeGeneration,
      // PostgreSQL: other processes' changes arrive by NOTIFY; a lost one cannot outlive this.
      maxAgeMs: deps.database.kind === 'postgres' ? 2_000 : undefined,
    }),
  };

  app.use('*', securityHeaders(deps.config.production));
  app.use('*', crossSiteGuard(deps.config.publicUrl));
  const limitBody = bodyLimit({
    maxSize: MAX_BODY_BYTES,
    onError: () => {
      throw new DomainError('payloadTooLarge');
    },
  });
  // No handler reads the body of a GET or HEAD, and bodyLimit costs every request a Request
  // object (about a tenth of a GET's server time, measured under `npm run bench`).
  app.use('*', (c, next) => (c.req.method === 'GET' || c.req.method === 'HEAD' ? next() : limitBody(c, next)));

  app.route('/api/health', healthRoutes());
  app.route('/api/settings', settingsRoutes(deps));
  app.route('/api/users', usersRoutes(routeDeps));
  app.route('/api/user-activate', activationRoutes(routeDeps));
  app.route('/api/password', passwordRoutes(routeDeps));
  app.route('/api/family', familyRoutes(routeDeps));
  app.route('/api/email-subscriptions', subscriptionsRoutes(routeDeps));
  app.route('/api/profile', profileRoutes(routeDeps));
  app.route('/api/school-staff-info', schoolStaffRoutes(routeDeps));
  app.route('/api/profile/email-change', emailChangeRoutes(routeDeps));
  app.route('/api/profile/mobile', mobileRoutes(routeDeps));
  app.route('/api/email-verifications', emailVerificationRoutes(routeDeps));
  app.route('/auth', authRoutes(deps));
  if (!deps.config.production) app.route('/dev', devRoutes(deps));

  const notFound = (c: Context) => errorResponse(c, new DomainError('notFound'));
  for (const area of ['/api', '/auth', '/dev']) {
    app.all(area, notFound);
    app.all(`${area}/*`, notFound);
  }
  app.route('/', spaRoutes(deps.config.staticDir));
  app.notFound(notFound);

  app.onError((error, c) => {
    if (error instanceof DomainError) return errorResponse(c, error);
    if (error instanceof HTTPException && error.status < 500) {
      return errorResponse(c, new DomainError(HTTP_STATUS_CODES[error.status] ?? 'invalidPayload'));
    }
    deps.log.error('request failed', { method: c.req.method, path: c.req.path, ...describeError(error) });
    return errorResponse(c, new DomainError('internal'));
  });

  return app;
}
