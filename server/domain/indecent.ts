import { DataSet, RegExpMatcher, englishDataset, englishRecommendedTransformers } from 'obscenity';
import type { FieldIssue } from '../../contract/index.ts';
import { DomainError } from './errors.ts';
import { INDECENT_LATIN, INDECENT_ZH, INDECENT_ZH_ALLOWED } from './indecent-words.ts';
import { latinLookAlikes } from './name-key.ts';

/**
 * Words of obscenity's English list that are also names here: Dick Lee is a common Hong Kong
 * name, and "Tit" is the Hong Kong romanisation of 鐵 and 秩 (Chan Tit-man).
 */
export const ENGLISH_WORDS_DROPPED: readonly string[] = ['dick', 'tit'];

const english = new RegExpMatcher({
  ...new DataSet<{ originalWord: string }>()
    .addAll(englishDataset)
    .removePhrasesIf((phrase) => ENGLISH_WORDS_DROPPED.includes(phrase.metadata?.originalWord ?? ''))
    .build(),
  ...englishRecommendedTransformers,
});

/** Full-width forms folded, case folded, and every space, punctuation mark, symbol and invisible character removed. */
function compact(text: string): string {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[\p{White_Space}\p{P}\p{S}\p{Cf}\p{Default_Ignorable_Code_Point}]/gu, '');
}

/** Whether an allowed word covers the `length` characters at `at`. */
function allowedAt(text: string, at: number, length: number): boolean {
  for (const word of INDECENT_ZH_ALLOWED) {
    for (let start = Math.max(0, at + length - word.length); start <= at; start++) {
      if (text.startsWith(word, start)) return true;
    }
  }
  return false;
}

function hasChineseTerm(text: string): boolean {
  const compacted = compact(text);
  for (const term of INDECENT_ZH) {
    for (let at = compacted.indexOf(term); at !== -1; at = compacted.indexOf(term, at + 1)) {
      if (!allowedAt(compacted, at, term.length)) return true;
    }
  }
  return false;
}

/**
 * Letters spelled out one by one (`f.u.c.k`, `D L L M`) joined into a word; three or more, so
 * initials such as `C. K. Lee` stay apart. Look-alike letters of other scripts (Cyrillic, Greek,
 * full-width, mathematical) are read as the Latin ones they imitate, invisible characters as nothing.
 */
function joinSpelledOut(text: string): string {
  return latinLookAlikes(text)
    .toLowerCase()
    .replace(/(?<![a-z0-9])(?:[a-z0-9][^a-z0-9\p{L}]+){2,}[a-z0-9](?![a-z0-9])/gu, (run) => run.replace(/[^a-z0-9]/g, ''));
}

function hasLatinTerm(text: string): boolean {
  const words = ` ${text.replace(/[^a-z0-9]+/g, ' ')} `;
  return INDECENT_LATIN.some((term) => words.includes(` ${term} `));
}

/** True when the text holds an indecent word in English, Chinese (either script) or Cantonese. */
export function isIndecent(text: string): boolean {
  if (hasChineseTerm(text)) return true;
  const latin = joinSpelledOut(text);
  return hasLatinTerm(latin) || english.hasMatch(latin);
}

/** The fields whose text is indecent, as `{ field, rule: 'indecent' }`; absent values are skipped. */
export function indecentFields(values: Record<string, string | null | undefined>): FieldIssue[] {
  return Object.entries(values)
    .filter(([, value]) => typeof value === 'string' && isIndecent(value))
    .map(([field]) => ({ field, rule: 'indecent' as const }));
}

/** Refuses with `indecentLanguage`, naming every field at fault. */
export function assertDecent(values: Record<string, string | null | undefined>): void {
  const fields = indecentFields(values);
  if (fields.length > 0) throw new DomainError('indecentLanguage', { fields, message: 'Please do not use indecent language.' });
}
