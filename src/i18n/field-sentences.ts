import { useEffect, useSyncExternalStore } from 'react';
import type { Language } from '../../contract/languages.ts';
import { loadMessageGroups, type Messages } from './messages.ts';

/**
 * The field sentences (`field.<field>.<rule>`, group `fieldSentences`) download when a form is
 * first touched, not with the page (issue 26, item 14: about 2 KiB of every page's start, which no
 * page needs until someone has answered something). A form starts the download on the first
 * focus, press or key anywhere in the document, so by the time it reports a problem the sentences
 * are nearly always here; until they are, the problem reads "Check this answer and try again" and
 * the sentence replaces it as soon as it arrives. Development and tests read the sentences from
 * the table in field-messages.ts and download nothing.
 */
const BY_TABLE = import.meta.env?.DEV === true || import.meta.env?.MODE === 'test';

const loaded = new Map<Language, Messages>();
const pending = new Set<Language>();
const listeners = new Set<() => void>();

export function loadFieldSentences(lang: Language): void {
  if (BY_TABLE || loaded.has(lang) || pending.has(lang)) return;
  pending.add(lang);
  loadMessageGroups(lang, ['fieldSentences']).then(
    (messages) => {
      pending.delete(lang);
      loaded.set(lang, messages);
      for (const listener of listeners) listener();
    },
    // A failed download is tried again by the next form that needs it.
    () => pending.delete(lang),
  );
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * The field sentences of `lang` once downloaded (null before, and always in development and
 * tests). `now`: the form shows problems, so the download starts at once; otherwise it starts with
 * the first focus, press or key in the document.
 */
export function useFieldSentences(lang: Language, now: boolean): Messages | null {
  const messages = useSyncExternalStore(subscribe, () => loaded.get(lang) ?? null, () => null);
  useEffect(() => {
    if (BY_TABLE || loaded.has(lang)) return;
    if (now) {
      loadFieldSentences(lang);
      return;
    }
    const start = () => loadFieldSentences(lang);
    const events = ['focusin', 'pointerdown', 'keydown'] as const;
    for (const type of events) document.addEventListener(type, start, { once: true, capture: true });
    return () => {
      for (const type of events) document.removeEventListener(type, start, { capture: true });
    };
  }, [lang, now]);
  return messages;
}
