import type { Language } from '../../contract/languages.ts';
import { importers } from './message-importers.gen.ts';
import type { MessageGroup } from './message-groups.ts';
import { ALL_MESSAGE_GROUPS } from './route-message-groups.ts';

export type Messages = Record<string, string>;

/**
 * Messages load in chunks, one per language and group: `locales/<lang>.json?group=<group>` is cut to that group's
 * ids by the `portal:messages` plugin in vite.config.ts (without the plugin the query is ignored
 * and the whole file loads, which is only heavier). The importers are generated from
 * message-groups.json (message-importers.gen.ts, `npm run registries`).
 */
const pending = new Map<string, Promise<void>>();
const loadedGroups = new Map<Language, Partial<Record<MessageGroup, Messages>>>();
/** The merged messages per language, replaced (not mutated) when a group arrives. */
const merged = new Map<Language, Messages>();

function loadGroup(lang: Language, group: MessageGroup): Promise<void> {
  const key = `${lang}/${group}`;
  let promise = pending.get(key);
  if (!promise) {
    const importer = importers[group][`../../locales/${lang}.json`];
    if (!importer) return Promise.reject(new Error(`No messages for ${key}`));
    promise = importer().then(
      (messages) => {
        const groups = { ...loadedGroups.get(lang), [group]: messages as Messages };
        loadedGroups.set(lang, groups);
        merged.set(lang, Object.assign({}, ...Object.values(groups)) as Messages);
      },
      (error: unknown) => {
        // Let a later navigation try again instead of caching the failure.
        pending.delete(key);
        throw error;
      },
    );
    pending.set(key, promise);
  }
  return promise;
}

/**
 * Starts (or joins) the download of some groups of a language's messages and resolves to every
 * message of that language loaded so far. Called from the language route's `beforeLoad`, so the
 * download runs in parallel with the page's chunk instead of after it. While no new group
 * arrives, the same object is returned, so react-intl keeps its formatters.
 */
export async function loadMessageGroups(lang: Language, groups: readonly MessageGroup[]): Promise<Messages> {
  await Promise.all(groups.map((group) => loadGroup(lang, group)));
  return merged.get(lang) ?? {};
}

/** Every message of a language (Storybook, component tests). */
export function loadMessages(lang: Language): Promise<Messages> {
  return loadMessageGroups(lang, ALL_MESSAGE_GROUPS);
}

/** Messages already downloaded, for rendering without waiting (error and pending screens). */
export function loadedMessages(lang: Language): Messages | undefined {
  return merged.get(lang);
}
