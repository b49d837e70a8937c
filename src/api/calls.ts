import type { PublicSettings } from '../../contract/schemas/account.ts';
import * as account from '../../contract/calls/account.ts';
import { call } from './client.ts';

let settingsPromise: Promise<PublicSettings> | null = null;

/** The public settings, fetched once per page load (a failure is not cached). */
export function getSettings(): Promise<PublicSettings> {
  if (!settingsPromise) {
    settingsPromise = call(account.settings).catch((error: unknown) => {
      settingsPromise = null;
      throw error;
    });
  }
  return settingsPromise;
}
