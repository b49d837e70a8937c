import { Hono } from 'hono';
import type { PublicSettings } from '../../contract/index.ts';
import type { Deps } from '../deps.ts';

/** GET /api/settings: what the client needs before showing a form. */
export function settingsRoutes(deps: Deps): Hono {
  const settings: PublicSettings = {
    passwordMinLength: deps.config.passwordMinLength,
    passwordComplexity: deps.config.passwordComplexity,
    recaptchaSiteKey: deps.config.recaptchaSiteKey,
    supportEmail: deps.config.supportEmail,
    devMailbox: !deps.config.production,
  };
  return new Hono().get('/', (c) => c.json({ data: settings }));
}
