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

/** A school's two names (SPEC: a school has a Chinese and an English name); `chineseName` is null while not known. */
export interface SchoolNames {
  name: string;
  chineseName: string | null;
}

/**
 * A school's name in a reader's language (`lang` a Language or a BCP 47 tag): the Chinese name
 * for both Chinese languages (a Hong Kong school's name is a proper name, written as the school
 * writes it), the English name in English and whenever the Chinese one is not known.
 */
export function schoolNameIn(lang: string, school: SchoolNames): string {
  return lang.startsWith('zh') && school.chineseName ? school.chineseName : school.name;
}
