import { Hono } from 'hono';
import { RegistrationRequestSchema, parseWith } from '../../contract/index.ts';
import { register } from '../domain/accounts.ts';
import { DomainError } from '../domain/errors.ts';
import { toUser } from '../domain/users.ts';
import { type AppEnv, type RouteDeps, accountSettings, readJson, requireSession } from '../http.ts';

/** Mounted at /api/users. */
export function usersRoutes(deps: RouteDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();

  app.get('/me', requireSession(deps), (c) => c.json({ data: toUser(c.var.session.account) }));

  app.post('/register', async (c) => {
    const parsed = parseWith(RegistrationRequestSchema, await readJson(c));
    if (!parsed.ok) {
      // Unticked terms alone has its own code, so the form can say exactly that.
      const onlyTerms = parsed.fields.length === 1 && parsed.fields[0]?.field === 'acceptTerms';
      throw new DomainError(onlyTerms ? 'termsNotAccepted' : 'invalidPayload', { fields: parsed.fields });
    }
    const result = await register(deps.database.db, parsed.value, deps.recaptcha, accountSettings(deps), deps.clock.now());
    return c.json({ data: result });
  });

  return app;
}
