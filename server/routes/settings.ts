import * as calls from '../../contract/calls/account.ts';
import type { PublicSettings } from '../../contract/index.ts';
import type { Deps } from '../deps.ts';
import { route, type Route } from './mount.ts';

/** What the client needs before showing a form, and the health probe (no database work). */
export function settingsRoutes(deps: Deps): Route[] {
  const settings: PublicSettings = {
    passwordMinLength: deps.config.passwordMinLength,
    passwordComplexity: deps.config.passwordComplexity,
    recaptchaSiteKey: deps.config.recaptchaSiteKey,
    supportEmail: deps.config.supportEmail,
    devMailbox: !deps.config.production,
    platformLinks: deps.config.platformLinks,
  };
  const ok = { status: 'ok' as const };
  return [route(calls.settings, () => settings), route(calls.health, () => ok)];
}
