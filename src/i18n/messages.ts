import type { Language } from '../../contract/languages.ts';
import { ALL_MESSAGE_GROUPS, type MessageGroup } from './message-groups.ts';

export type Messages = Record<string, string>;

/**
 * One chunk per language and group: `locales/<lang>.json?group=<group>` is cut to that group's
 * ids by the `portal:messages` plugin in vite.config.ts (without the plugin the query is ignored
 * and the whole file loads, which is only heavier).
 */
const importers: Record<MessageGroup, Record<string, () => Promise<unknown>>> = {
  core: import.meta.glob('../../locales/*.json', { query: '?group=core', import: 'default' }),
  login: import.meta.glob('../../locales/*.json', { query: '?group=login', import: 'default' }),
  registration: import.meta.glob('../../locales/*.json', { query: '?group=registration', import: 'default' }),
  profile: import.meta.glob('../../locales/*.json', { query: '?group=profile', import: 'default' }),
  profileSummary: import.meta.glob('../../locales/*.json', { query: '?group=profileSummary', import: 'default' }),
  invalidLink: import.meta.glob('../../locales/*.json', { query: '?group=invalidLink', import: 'default' }),
  activation: import.meta.glob('../../locales/*.json', { query: '?group=activation', import: 'default' }),
  forgotPassword: import.meta.glob('../../locales/*.json', { query: '?group=forgotPassword', import: 'default' }),
  resetPassword: import.meta.glob('../../locales/*.json', { query: '?group=resetPassword', import: 'default' }),
  changePassword: import.meta.glob('../../locales/*.json', { query: '?group=changePassword', import: 'default' }),
  newPassword: import.meta.glob('../../locales/*.json', { query: '?group=newPassword', import: 'default' }),
  family: import.meta.glob('../../locales/*.json', { query: '?group=family', import: 'default' }),
  familyFlows: import.meta.glob('../../locales/*.json', { query: '?group=familyFlows', import: 'default' }),
  profileForm: import.meta.glob('../../locales/*.json', { query: '?group=profileForm', import: 'default' }),
  profileBasic: import.meta.glob('../../locales/*.json', { query: '?group=profileBasic', import: 'default' }),
  profileTeacher: import.meta.glob('../../locales/*.json', { query: '?group=profileTeacher', import: 'default' }),
  emailVerification: import.meta.glob('../../locales/*.json', { query: '?group=emailVerification', import: 'default' }),
  emailSubscriptions: import.meta.glob('../../locales/*.json', { query: '?group=emailSubscriptions', import: 'default' }),
  emailChange: import.meta.glob('../../locales/*.json', { query: '?group=emailChange', import: 'default' }),
  mobileVerification: import.meta.glob('../../locales/*.json', { query: '?group=mobileVerification', import: 'default' }),
};

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
