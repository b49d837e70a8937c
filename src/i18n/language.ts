import { DEFAULT_LANGUAGE, isLanguage, type Language } from '../../contract/languages.ts';

const STORAGE_KEY = 'lang';
const COOKIE_MAX_AGE_S = 60 * 60 * 24 * 365;

/**
 * A first path segment that looks like a language tag (`fr`, `ja`, `zh_tw`, `en-GB`) but is not
 * one of ours is replaced; anything else (`/foo`) is a path that merely lacks the language.
 */
const LANGUAGE_TAG = /^[a-z]{2}(?:[_-][a-z]{2,4})?$/i;

export function looksLikeLanguageTag(segment: string): boolean {
  return LANGUAGE_TAG.test(segment);
}

function readCookie(name: string): string | undefined {
  if (typeof document === 'undefined') return undefined;
  for (const part of document.cookie.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return decodeURIComponent(rest.join('='));
  }
  return undefined;
}

function readStorage(): string | null {
  try {
    return globalThis.localStorage?.getItem(STORAGE_KEY) ?? null;
  } catch {
    // Storage can be disabled (private mode, blocked cookies): fall back to the cookie.
    return null;
  }
}

/** The remembered choice (localStorage, then the `lang` cookie), else the default. */
export function currentLanguage(): Language {
  const stored = readStorage();
  if (isLanguage(stored)) return stored;
  const cookie = readCookie(STORAGE_KEY);
  if (isLanguage(cookie)) return cookie;
  return DEFAULT_LANGUAGE;
}

/** Remembers the language in localStorage and in a cookie the server can read. */
export function rememberLanguage(lang: Language): void {
  try {
    globalThis.localStorage?.setItem(STORAGE_KEY, lang);
  } catch {
    // Storage unavailable: the cookie below still remembers the choice.
  }
  if (typeof document !== 'undefined') {
    document.cookie = `${STORAGE_KEY}=${lang}; Path=/; Max-Age=${COOKIE_MAX_AGE_S}; SameSite=Lax`;
  }
}

/** The language of a path's first segment, if it is one of ours. */
export function languageOfPath(pathname: string): Language | undefined {
  const first = pathname.split('/')[1];
  return isLanguage(first) ? first : undefined;
}

/**
 * The same path in another language. A supported or language-like first segment is replaced,
 * otherwise the language is put in front: `/fr/login` → `/en/login`, `/login` → `/en/login`.
 */
export function pathInLanguage(pathname: string, lang: Language): string {
  const segments = pathname.split('/').slice(1);
  const first = segments[0] ?? '';
  const rest = isLanguage(first) || looksLikeLanguageTag(first) ? segments.slice(1) : segments;
  const tail = rest.join('/');
  return tail ? `/${lang}/${tail}` : `/${lang}`;
}

export type { Language };
