import { createContext, useContext, type ReactNode } from 'react';
import { DEFAULT_PASSWORD_COMPLEXITY, DEFAULT_PASSWORD_MIN_LENGTH } from '../../contract/constants.ts';
import type { PasswordPolicy } from '../../contract/password-policy.ts';
import type { PublicSettings } from '../../contract/schemas/account.ts';
import type { AppActors } from './app-actors.ts';

const AppActorsContext = createContext<AppActors | null>(null);

export function AppActorsProvider({ actors, children }: { actors: AppActors; children: ReactNode }) {
  return <AppActorsContext.Provider value={actors}>{children}</AppActorsContext.Provider>;
}

/** The app's session and fatal-error actors (started once by the shell). */
export function useAppActors(): AppActors {
  const actors = useContext(AppActorsContext);
  if (!actors) throw new Error('useAppActors must be used inside AppActorsProvider');
  return actors;
}

const SettingsContext = createContext<PublicSettings | null>(null);

export function SettingsProvider({ settings, children }: { settings: PublicSettings | null; children: ReactNode }) {
  return <SettingsContext.Provider value={settings}>{children}</SettingsContext.Provider>;
}

/**
 * The server's public settings, or null when they could not be loaded (or outside the app, as
 * in stories): components then fall back to what needs no settings (the reCAPTCHA stand-in,
 * the support team without an address).
 */
export function useSettings(): PublicSettings | null {
  return useContext(SettingsContext);
}

/** The new-password policy for machine input: the server's settings, else the documented defaults. */
export function usePasswordPolicy(): PasswordPolicy {
  const settings = useSettings();
  return {
    minLength: settings?.passwordMinLength ?? DEFAULT_PASSWORD_MIN_LENGTH,
    complexity: settings?.passwordComplexity ?? DEFAULT_PASSWORD_COMPLEXITY,
  };
}
