import { Hono } from 'hono';
import {
  ChangePasswordRequestSchema,
  ForgotPasswordRequestSchema,
  ResetCheckRequestSchema,
  ResetPasswordRequestSchema,
} from '../../contract/index.ts';
import { changePassword } from '../domain/password-change.ts';
import { checkResetToken, requestPasswordReset, resetPassword } from '../domain/password-reset.ts';
import { type AppEnv, type RouteDeps, accountSettings, parseBody, requireSession, setSessionCookie } from '../http.ts';

/** Mounted at /api/password. */
export function passwordRoutes(deps: RouteDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();

  app.post('/forgot', async (c) => {
    const input = await parseBody(c, ForgotPasswordRequestSchema);
    return c.json({ data: await requestPasswordReset(deps.database.db, input, accountSettings(deps), deps.clock.now()) });
  });

  app.post('/reset/check', async (c) => {
    const input = await parseBody(c, ResetCheckRequestSchema);
    return c.json({ data: await checkResetToken(deps.database.db, input.token, deps.clock.now()) });
  });

  app.post('/reset', async (c) => {
    const input = await parseBody(c, ResetPasswordRequestSchema);
    await resetPassword(deps.database.db, input, accountSettings(deps), deps.clock.now());
    return c.json({ data: {} });
  });

  app.post('/change', requireSession(deps), async (c) => {
    const input = await parseBody(c, ChangePasswordRequestSchema);
    const { sessionId } = await changePassword(deps.database.db, input, c.var.session.account.id, accountSettings(deps), deps.clock.now());
    setSessionCookie(c, deps, sessionId);
    return c.json({ data: {} });
  });

  return app;
}
