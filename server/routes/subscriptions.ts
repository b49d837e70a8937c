import { Hono } from 'hono';
import { PublicSubscriptionRequestSchema, SubscriptionVerifyRequestSchema } from '../../contract/index.ts';
import { confirmSubscription, requestSubscription } from '../domain/subscriptions.ts';
import { type AppEnv, type RouteDeps, parseBody } from '../http.ts';

/** Mounted at /api/email-subscriptions: the public newsletter page, no session (docs/api.md). */
export function subscriptionsRoutes(deps: RouteDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();

  app.post('/', async (c) => {
    const input = await parseBody(c, PublicSubscriptionRequestSchema);
    const settings = { publicUrl: deps.config.publicUrl, supportEmail: deps.config.supportEmail };
    return c.json({ data: await requestSubscription(deps.database.db, deps.recaptcha, input, settings, deps.clock.now()) });
  });

  app.post('/verify', async (c) => {
    const input = await parseBody(c, SubscriptionVerifyRequestSchema);
    return c.json({ data: await confirmSubscription(deps.database.db, input.token, deps.clock.now()) });
  });

  return app;
}
