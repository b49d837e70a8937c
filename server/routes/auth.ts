import { Hono } from 'hono';
import { LoginRequestSchema } from '../../contract/index.ts';
import type { Deps } from '../deps.ts';
import { login } from '../domain/accounts.ts';
import { deleteSession } from '../domain/sessions.ts';
import { accountSettings, clearSessionCookie, parseBody, sessionCookie, sessionSecret, setSessionCookie } from '../http.ts';

/** Mounted at /auth. */
export function authRoutes(deps: Deps): Hono {
  const app = new Hono();

  app.post('/login', async (c) => {
    const input = await parseBody(c, LoginRequestSchema);
    const previousSessionId = sessionCookie(c);
    const { user, sessionId } = await login(
      deps.database.db,
      { ...input, ...(previousSessionId ? { previousSessionId } : {}) },
      accountSettings(deps),
      deps.clock.now(),
    );
    setSessionCookie(c, deps, sessionId);
    return c.json({ data: user });
  });

  app.post('/logout', async (c) => {
    await deleteSession(deps.database.db, sessionCookie(c), sessionSecret(deps));
    clearSessionCookie(c, deps);
    return c.json({ data: {} });
  });

  return app;
}
