import type { Language } from '../../../contract/languages.ts';
import en from '../../../locales/en.json';
import zhHans from '../../../locales/zh_hans.json';
import zhHant from '../../../locales/zh_hant.json';
import type { Text } from './view-model.ts';

const LOCALES: Record<Language, Record<string, string>> = { en, zh_hant: zhHant, zh_hans: zhHans };

/**
 * A message's English text, read from locales/en.json by its id: what a view model quotes for a
 * message it imports (`english(m.summary)`), never the descriptor's `defaultMessage`, which builds
 * strip (formatjs' removeDefaultMessage), so evidence quoting it would check for nothing in the
 * built Storybook. test/unit/storybook-build.test.ts refuses `.defaultMessage` in evidence.
 */
export function english(message: { id: string }): string {
  const text = (en as Record<string, string>)[message.id];
  if (text === undefined) throw new Error(`view model: no message "${message.id}" in locales/en.json`);
  return text;
}

/** English source text → the ids of every message with that text. */
let idsByEnglish: Map<string, string[]> | undefined;

function idsOf(text: string): string[] {
  if (!idsByEnglish) {
    idsByEnglish = new Map();
    for (const [id, message] of Object.entries(en)) {
      const ids = idsByEnglish.get(message) ?? [];
      ids.push(id);
      idsByEnglish.set(message, ids);
    }
  }
  return idsByEnglish.get(text) ?? [];
}

const escape = (literal: string) => literal.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * An ICU message as a regular expression source: literal text matched as written (ICU's `''`
 * quoting undone, rich-text tags dropped), every argument (`{name}`, a plural, a select) matching
 * any text, and runs of white space matching any white space, as accessible names collapse it.
 */
export function icuPattern(message: string): string {
  let out = '';
  let literal = '';
  const flush = () => {
    const text = literal.replace(/''/g, "'").replace(/<\/?[A-Za-z][\w-]*>/g, '');
    // Quotes as escapes: Playwright's selector parser reads a bare quote in a pattern as a string.
    out += escape(text).replace(/\s+/g, '\\s+').replace(/'/g, '\\x27').replace(/"/g, '\\x22');
    literal = '';
  };
  for (let i = 0; i < message.length; i++) {
    const char = message[i]!;
    if (char !== '{') {
      literal += char;
      continue;
    }
    flush();
    let depth = 0;
    for (; i < message.length; i++) {
      if (message[i] === '{') depth++;
      else if (message[i] === '}' && --depth === 0) break;
    }
    if (!out.endsWith('[\\s\\S]+?')) out += '[\\s\\S]+?';
  }
  flush();
  return out;
}

/**
 * What `text` looks like in `lang`: an English source text is looked up in locales/en.json and
 * every message with that text is taken in `lang`; a text found in no message fails loudly, so a
 * typo in a view model cannot pass as "absent". A RegExp is used as given.
 */
export function textPattern(text: Text, lang: Language): string {
  if (text instanceof RegExp) return text.source;
  const ids = idsOf(text);
  if (ids.length === 0) throw new Error(`view model: no message in locales/en.json reads "${text}"`);
  const messages = [...new Set(ids.map((id) => LOCALES[lang][id] ?? text))];
  return messages.map(icuPattern).join('|');
}

/** The whole accessible name or text is the message. */
export function exactly(text: Text, lang: Language): RegExp {
  if (text instanceof RegExp) return text;
  return new RegExp(`^\\s*(?:${textPattern(text, lang)})\\s*$`, 'u');
}

/** The message is somewhere in the text. */
export function within(text: Text, lang: Language): RegExp {
  if (text instanceof RegExp) return text;
  return new RegExp(textPattern(text, lang), 'u');
}

/** A short quote of a text for step descriptions. */
export function quote(text: Text): string {
  return text instanceof RegExp ? String(text) : `‘${text}’`;
}

/** An ICU message with its arguments (`{name}`, plurals, selects) shown as `…` and rich-text tags dropped. */
export function withoutArguments(message: string): string {
  let out = '';
  for (let i = 0; i < message.length; i++) {
    if (message[i] !== '{') {
      out += message[i];
      continue;
    }
    let depth = 0;
    for (; i < message.length; i++) {
      if (message[i] === '{') depth++;
      else if (message[i] === '}' && --depth === 0) break;
    }
    if (!out.endsWith('…')) out += '…';
  }
  return out.replace(/''/g, "'").replace(/<\/?[A-Za-z][\w-]*>/g, '');
}

/**
 * A label quoted as it reads in `lang`: an English source text is looked up in locales/en.json and
 * the first message with that text is taken in `lang`, arguments shown as `…` (`‘Log in’`,
 * `「登入」`). A text found in no message, or a RegExp, is quoted as written.
 */
export function quoteIn(text: Text, lang: Language): string {
  const [open, close] = QUOTES[lang];
  if (text instanceof RegExp) {
    const plain = readablePattern(text);
    return plain === null ? String(text) : `${open}${plain}${close}`;
  }
  const [id] = idsOf(text);
  const message = withoutArguments((id === undefined ? undefined : LOCALES[lang][id]) ?? text);
  return `${open}${message}${close}`;
}

const QUOTES: Record<Language, readonly [string, string]> = { en: ['‘', '’'], zh_hant: ['「', '」'], zh_hans: ['“', '”'] };

/**
 * `/^Remove\s+Mama Chan$/u` → `Remove Mama Chan`; one group of plain alternatives reads as its
 * choices (`/^The (Chans|Wongs)$/u` → `The Chans` or `The Wongs`, joined by ` / `); null for a
 * pattern that is more than that.
 */
export function readablePattern(pattern: RegExp): string | null {
  const text = pattern.source
    .replace(/^\^/, '')
    .replace(/\$$/, '')
    .replace(/\\s[+*]?/g, ' ')
    .replace(/\\(\W)/g, '$1');
  const plain = (part: string) => !/[[\]()|*+?{}^$\\]/.test(part.replace(/[.](?![*+?])/g, ''));
  if (plain(text)) return text;
  const group = /^([^()]*)\((?:\?:)?([^()]*)\)([^()]*)$/.exec(text);
  if (!group) return null;
  const [, before = '', choices = '', after = ''] = group;
  const options = choices.split('|').map((choice) => `${before}${choice}${after}`);
  return options.every(plain) ? options.join(' / ') : null;
}
