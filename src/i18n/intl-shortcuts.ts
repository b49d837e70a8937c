import { HTML_LANG, LANGUAGES } from '../../contract/languages.ts';

/** The BCP 47 tags of our languages, canonical as written (`Intl.getCanonicalLocales` keeps them). */
const OUR_TAGS: ReadonlySet<string> = new Set(LANGUAGES.map((lang) => HTML_LANG[lang]));

type SupportedLocalesOf = (locales?: string | readonly string[], options?: { localeMatcher?: string }) => string[];

/**
 * react-intl and intl-messageformat call `Intl.NumberFormat.supportedLocalesOf` and
 * `Intl.DateTimeFormat.supportedLocalesOf` to check the page's locale. The first such call makes
 * the engine list every locale ICU knows: 25–50 ms on a desktop, several times that on a phone,
 * in the middle of the first render (the largest single task of the start-up). For a request
 * naming only our own tags the answer is known — browsers ship all three, and the tags are
 * canonical — so it is given without asking ICU; any other request goes to the browser as before.
 * Returns the function that restores the originals (tests).
 */
export function answerOwnLocalesDirectly(): () => void {
  const restores: Array<() => void> = [];
  for (const constructor of [Intl.NumberFormat, Intl.DateTimeFormat] as Array<{ supportedLocalesOf: SupportedLocalesOf }>) {
    const original = constructor.supportedLocalesOf;
    const quick: SupportedLocalesOf = (locales, options) => {
      const tags = typeof locales === 'string' ? [locales] : Array.isArray(locales) ? (locales as readonly unknown[]) : null;
      if (tags && tags.length > 0 && tags.every((tag) => typeof tag === 'string' && OUR_TAGS.has(tag))) return [...new Set(tags as string[])];
      return original.call(constructor, locales, options);
    };
    Object.defineProperty(constructor, 'supportedLocalesOf', { value: quick, writable: true, configurable: true });
    restores.push(() => Object.defineProperty(constructor, 'supportedLocalesOf', { value: original, writable: true, configurable: true }));
  }
  return () => {
    for (const restore of restores) restore();
  };
}
