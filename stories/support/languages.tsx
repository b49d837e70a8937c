import { useEffect, useSyncExternalStore, type ReactNode } from 'react';
import { HTML_LANG, LANGUAGES, type Language } from '../../contract/languages.ts';
import { I18nProvider } from '../../src/i18n/i18n-provider.tsx';
import { loadMessages, type Messages } from '../../src/i18n/messages.ts';

/**
 * The story's language, and a way to show the same rendered story in another one without
 * running it again: the storybook Vitest project axe-checks every story in all three languages
 * on the DOM the story's `play` left (its actor, its dialogs), which costs one axe run per extra
 * language instead of two more story runs (docs/decisions/storybook.md).
 */
interface Shown {
  lang: Language;
  messages: Messages;
}

let override: Shown | null = null;
const listeners = new Set<() => void>();
/** Resolved once the frame has committed the language asked for. */
let committed: { lang: Language | null; resolve: () => void } | null = null;

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Wraps a story in its language, or in the language an extra axe pass asked for. */
export function LanguageFrame({ lang, messages, children }: Shown & { children: ReactNode }) {
  const shown = useSyncExternalStore(subscribe, () => override) ?? { lang, messages };
  useEffect(() => {
    // The page language follows the shown one, as <html lang> does in the app.
    document.documentElement.lang = HTML_LANG[shown.lang];
    if (committed && (committed.lang ?? lang) === shown.lang) {
      committed.resolve();
      committed = null;
    }
  }, [shown.lang, lang]);
  return (
    <I18nProvider lang={shown.lang} messages={shown.messages}>
      {children}
    </I18nProvider>
  );
}

/** Shows the rendered story in `lang` (null: its own) and resolves once React has committed it. */
export async function showLanguage(lang: Language | null): Promise<void> {
  const next = lang === null ? null : { lang, messages: await loadMessages(lang) };
  const done = new Promise<void>((resolve) => {
    committed = { lang, resolve };
  });
  override = next;
  for (const listener of listeners) listener();
  // A story that renders nothing under the frame any more (unmounted) has nothing to switch.
  await Promise.race([done, new Promise((resolve) => setTimeout(resolve, 2_000))]);
  committed = null;
}

/** The languages other than the story's own, which the extra axe passes check. */
export function otherLanguages(own: Language): Language[] {
  return LANGUAGES.filter((lang) => lang !== own);
}
