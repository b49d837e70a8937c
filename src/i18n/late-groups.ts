import { useEffect, useSyncExternalStore } from 'react';
import { createIntl, type IntlShape } from 'react-intl';
import type { Language } from '../../contract/languages.ts';
import type { MessageGroup } from './message-groups.ts';
import { loadMessageGroups, type Messages } from './messages.ts';

/**
 * Message groups no page downloads with itself, because no page needs them until someone has
 * done something (issue 26, item 14: together about 4 KiB of every page's start):
 * - `fieldSentences`, the sentences of field problems (`field.<field>.<rule>`), and
 * - `refusals`, the catalogue's texts of the server's refusal codes (`error.<code>`, but for the
 *   few in `core` that show without a gesture: no connection, an unexpected answer, signed out).
 * Each downloads on the first press, click, key or input anywhere in the document (not on focus,
 * which pages and dialogs move themselves as they open), so by the time a form reports a problem
 * or the server refuses, it is nearly always here; a screen that needs it
 * sooner asks at once (`now`, or `loadLateGroup`). Until it arrives the text is a stand-in from
 * `core`, replaced as soon as it does. Development and tests read the texts from the descriptors'
 * defaults and download nothing.
 */
export type LateGroup = Extract<MessageGroup, 'fieldSentences' | 'refusals'>;

export const LATE_GROUPS: readonly LateGroup[] = ['fieldSentences', 'refusals'];

/** Development and tests: every descriptor carries its default text, nothing is downloaded. */
export const BY_DEFAULTS = import.meta.env?.DEV === true || import.meta.env?.MODE === 'test';

const loaded = new Map<string, Messages>();
const pending = new Set<string>();
const listeners = new Set<() => void>();

/** Starts the download of a late group of `lang`, once (a failed one is tried again by the next ask). */
export function loadLateGroup(lang: Language, group: LateGroup): void {
  const key = `${lang}/${group}`;
  if (BY_DEFAULTS || loaded.has(key) || pending.has(key)) return;
  pending.add(key);
  loadMessageGroups(lang, [group]).then(
    (messages) => {
      pending.delete(key);
      loaded.set(key, messages);
      for (const listener of listeners) listener();
    },
    () => pending.delete(key),
  );
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * Every message of `lang` loaded so far once `group` is among them (null before, and always in
 * development and tests). `now`: the screen needs it, so the download starts at once; otherwise
 * it starts with the first focus, press or key in the document.
 */
export function useLateGroup(group: LateGroup, lang: Language, now: boolean): Messages | null {
  const messages = useSyncExternalStore(subscribe, () => loaded.get(`${lang}/${group}`) ?? null, () => null);
  useEffect(() => {
    if (BY_DEFAULTS || loaded.has(`${lang}/${group}`)) return;
    if (now) {
      loadLateGroup(lang, group);
      return;
    }
    const start = () => loadLateGroup(lang, group);
    // Gestures only (a screen reader's activation is a click, its typing an input): pages and
    // dialogs move focus themselves when they open, so focus is no sign of anyone.
    const events = ['pointerdown', 'keydown', 'click', 'input'] as const;
    for (const type of events) document.addEventListener(type, start, { once: true, capture: true });
    return () => {
      for (const type of events) document.removeEventListener(type, start, { capture: true });
    };
  }, [group, lang, now]);
  return messages;
}

/** The page's react-intl with a late group's messages added, once downloaded. */
export function withLateMessages(intl: IntlShape, messages: Messages | null): IntlShape {
  if (!messages || messages === intl.messages) return intl;
  return createIntl({ locale: intl.locale, defaultLocale: intl.defaultLocale, messages: { ...intl.messages, ...messages } as Record<string, string> });
}
