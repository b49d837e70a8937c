import type { Language } from '../../contract/languages.ts';

export type Messages = Record<string, string>;

/** One chunk per language; Vite splits each JSON into its own file. */
const importers: Record<Language, () => Promise<{ default: Messages }>> = {
  zh_hant: () => import('../../locales/zh_hant.json'),
  en: () => import('../../locales/en.json'),
  zh_hans: () => import('../../locales/zh_hans.json'),
};

const pending = new Map<Language, Promise<Messages>>();
const loaded = new Map<Language, Messages>();

/**
 * Starts (or joins) the download of a language's messages. Called from the language route's
 * `beforeLoad`, so it runs in parallel with the route chunk instead of after it.
 */
export function loadMessages(lang: Language): Promise<Messages> {
  let promise = pending.get(lang);
  if (!promise) {
    promise = importers[lang]().then(
      (module) => {
        loaded.set(lang, module.default);
        return module.default;
      },
      (error: unknown) => {
        // Let a later navigation try again instead of caching the failure.
        pending.delete(lang);
        throw error;
      },
    );
    pending.set(lang, promise);
  }
  return promise;
}

/** Messages already downloaded, for rendering without suspending. */
export function loadedMessages(lang: Language): Messages | undefined {
  return loaded.get(lang);
}
