import { Hono } from 'hono';

/** GET /api/health: the process answers (no database work, so load balancers can poll it cheaply). */
export function healthRoutes(): Hono {
  return new Hono().get('/', (c) => c.json({ data: { status: 'ok' } }));
}
