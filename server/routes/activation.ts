import { Hono } from 'hono';
import { ActivateRequestSchema, ActivationCheckRequestSchema, ActivationSubscribeRequestSchema } from '../../contract/index.ts';
import { activate, checkActivationRecord, subscribeAfterActivation } from '../domain/activation.ts';
import { type AppEnv, type RouteDeps, accountSettings, parseBody, requireSession, setSessionCookie } from '../http.ts';

/** Mounted at /api/user-activate (SPEC §7). */
export function activationRoutes(deps: RouteDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();

  app.post('/check-record', async (c) => {
    const input = await parseBody(c, ActivationCheckRequestSchema);
    return c.json({ data: await checkActivationRecord(deps.database.db, input.encryptCode, deps.clock.now()) });
  });

  for (const [path, kind] of [
    ['/', 'activation'],
    ['/buyer', 'buyer_activation'],
  ] as const) {
    app.post(path, async (c) => {
      const input = await parseBody(c, ActivateRequestSchema);
      const { userId, sessionId } = await activate(deps.database.db, input, kind, accountSettings(deps), deps.clock.now());
      setSessionCookie(c, deps, sessionId);
      return c.json({ data: { userId } });
    });
  }

  app.post('/subscribe', requireSession(deps), async (c) => {
    const input = await parseBody(c, ActivationSubscribeRequestSchema);
    const result = await subscribeAfterActivation(deps.database.db, input, c.var.session.account.id, deps.clock.now());
    return c.json({ data: result });
  });

  return app;
}
