export const LANGUAGES = ['zh_hant', 'en', 'zh_hans'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'zh_hant';

/** BCP 47 tags for `<html lang>` and Intl. */
export const HTML_LANG: Record<Language, string> = {
  zh_hant: 'zh-Hant-HK',
  en: 'en',
  zh_hans: 'zh-Hans',
};

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}
