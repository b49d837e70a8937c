import { randomUUID } from 'node:crypto';
import type { Context, MiddlewareHandler } from 'hono';
import type { ErrorCode } from '../../contract/index.ts';
import { SESSION_COOKIE } from '../domain/sessions.ts';
import type { AppEnv } from '../http.ts';
import type { Logger } from '../log.ts';
import { portalMetrics, type PortalMetrics } from './metrics.ts';

/**
 * Every request, observed once (issue 25; docs/decisions/operations.md): a request id (the
 * proxy's `X-Request-Id` when TRUST_PROXY says a proxy is there and the id looks like one, else a
 * new one), echoed as `X-Request-Id` on every answer the app makes, refusals included; one JSON log
 * line (`request`: id, call, method, status, ms, and the refusal's code); and the request metrics
 * (server/ops/metrics.ts). The call is named from the declarations, never from the raw path, and
 * nothing of the request's content is logged: no path, query, body, header or cookie.
 */

export const REQUEST_ID_HEADER = 'X-Request-Id';

/** What an accepted id looks like: a UUID, a ULID, nginx's `$request_id`, a load balancer's trace id. */
export const REQUEST_ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._:-]{7,127}$/;

export interface ObserveOptions {
  log: Logger;
  /** TRUST_PROXY: above 0, a proxy in front sets `X-Request-Id` and it is kept. */
  trustProxy: number;
  /** The declared call of a method and path (`GET /api/users/me`), for requests refused before routing. */
  callOf: (method: string, path: string) => string | undefined;
  metrics?: PortalMetrics;
}

/** The new id of a request that brought none (or none that is trusted). */
export function newRequestId(): string {
  return randomUUID();
}

/** The request's id: the proxy's when trusted and well-formed, else a new one. */
export function requestIdOf(header: string | undefined, trustProxy: number): string {
  return trustProxy > 0 && header !== undefined && REQUEST_ID_PATTERN.test(header) ? header : newRequestId();
}

/** The label of a request that is no declared call: its area, never its path. */
function areaOf(path: string): string {
  if (path.startsWith('/api/') || path === '/api' || path.startsWith('/auth/') || path === '/auth') return 'undeclared';
  if (path.startsWith('/dev/') || path === '/dev') return 'dev';
  if (path.startsWith('/oidc-local')) return 'oidcLocal';
  return 'page';
}

const SESSION_SET = new RegExp(`(?:^|,\\s*)${SESSION_COOKIE}=[^;,\\s]`);

/** The middleware: first of all, so that every answer the app makes carries the id. */
export function observeRequests(options: ObserveOptions): MiddlewareHandler<AppEnv> {
  const metrics = options.metrics ?? portalMetrics;
  return async (c, next) => {
    const started = performance.now();
    const requestId = requestIdOf(c.req.header(REQUEST_ID_HEADER), options.trustProxy);
    c.set('requestId', requestId);
    try {
      await next();
    } finally {
      record(c, requestId, started);
    }
  };

  function record(c: Context<AppEnv>, requestId: string, started: number): void {
    const ms = performance.now() - started;
    let res = c.res;
    try {
      res.headers.set(REQUEST_ID_HEADER, requestId);
    } catch {
      // A Response made with immutable headers (Response.redirect, a fetch passed through): copied.
      res = new Response(res.body, res);
      res.headers.set(REQUEST_ID_HEADER, requestId);
      c.res = res;
    }
    const method = c.req.method;
    const call = c.get('call')?.name ?? options.callOf(method, c.req.path) ?? areaOf(c.req.path);
    const status = res.status;
    const code: ErrorCode | undefined = c.get('refusal');
    const setCookie = res.headers.get('set-cookie');
    metrics.observe({ call, status, seconds: ms / 1000, code, sessionStarted: setCookie !== null && SESSION_SET.test(setCookie) });
    options.log.info('request', { requestId, call, method, status, ms: Math.round(ms * 10) / 10, ...(code ? { code } : {}) });
  }
}
