import { useSyncExternalStore } from 'react';
import { chunk } from '../../ui/chunk.ts';

type PhoneRules = typeof import('./phone-rules.ts');

/*
 * libphonenumber-js's rules arrive after the page (on the first pointer or key press, see the
 * page), so everything here answers without them until then: numbers shown as dialled
 * (`+852 91234567`), and no client-side mobile check (the server makes the same check and
 * answers `mobileNotMobile`). docs/decisions/performance.md, "The mobile page".
 */

let rules: PhoneRules | null = null;
let loading: Promise<PhoneRules> | null = null;
const listeners = new Set<() => void>();

export function loadPhoneRules(): Promise<PhoneRules> {
  loading ??= chunk(import('./phone-rules.ts')).then(
    (module) => {
      rules = module;
      for (const listener of listeners) listener();
      return module;
    },
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}

/** The rules once loaded, re-rendering the caller when they arrive. */
export function usePhoneRules(): PhoneRules | null {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => rules,
    () => rules,
  );
}

/** "+852 9123 4567" with the rules, "+852 91234567" before they load. */
export function formatNumber(loaded: PhoneRules | null, countryCode: string, mobile: string): string {
  return loaded ? loaded.formatNumber(countryCode, mobile) : `+${countryCode} ${mobile}`;
}

/** False only when the loaded rules know the number is not a mobile of that calling code. */
export function mightBeMobile(countryCode: string, mobile: string): boolean {
  return rules ? rules.isMobileNumber(countryCode, mobile) : true;
}
