import type { MiddlewareHandler } from 'hono';
import { DomainError } from './domain/errors.ts';

export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  // 'wasm-unsafe-eval' lets the QR code reader (zxing wasm, our own asset) compile WebAssembly; it
  // allows no eval of JavaScript. Every document gets it: the app is one document, and /qr-login
  // is reached by navigating inside it (docs/decisions/login-qr.md).
  "script-src 'self' 'wasm-unsafe-eval' https://www.google.com/recaptcha/ https://www.gstatic.com/recaptcha/",
  'frame-src https://www.google.com/recaptcha/',
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

export const SECURITY_HEADERS: Record<string, string> = {
  'Content-Security-Policy': CONTENT_SECURITY_POLICY,
  'X-Content-Type-Options': 'nosniff',
  // Emailed links carry tokens in the query: never send them to other sites.
  'Referrer-Policy': 'same-origin',
  // The camera, for this site only: /qr-login scans the login QR code with it.
  'Permissions-Policy': 'camera=(self), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()',
  'Cross-Origin-Opener-Policy': 'same-origin',
  'X-Frame-Options': 'DENY',
};

export const HSTS = 'max-age=31536000; includeSubDomains';

/** Every response, errors and static files included, leaves with these headers. */
export function securityHeaders(production: boolean): MiddlewareHandler {
  return async (c, next) => {
    await next();
    for (const [name, value] of Object.entries(SECURITY_HEADERS)) c.res.headers.set(name, value);
    if (production) c.res.headers.set('Strict-Transport-Security', HSTS);
  };
}

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * CSRF defence: a state-changing request from a browser on another site is refused. Browsers
 * send `Origin` (and `Sec-Fetch-Site`) on such requests; clients sending neither pass.
 */
export function crossSiteGuard(publicUrl: string): MiddlewareHandler {
  const publicOrigin = new URL(publicUrl).origin;
  return async (c, next) => {
    if (STATE_CHANGING.has(c.req.method)) {
      if (c.req.header('sec-fetch-site') === 'cross-site') throw new DomainError('crossSiteRequest');
      const origin = c.req.header('origin');
      if (origin !== undefined && origin !== publicOrigin && origin !== new URL(c.req.url).origin) {
        throw new DomainError('crossSiteRequest');
      }
    }
    await next();
  };
}
