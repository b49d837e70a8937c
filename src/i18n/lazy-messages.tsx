import { use, type ReactNode } from 'react';
import type { Language } from '../../contract/languages.ts';
import { chunk } from '../ui/chunk.ts';
import { I18nProvider, useLanguage } from './i18n-provider.tsx';
import type { MessageGroup } from './message-groups.ts';
import { loadMessageGroups, type Messages } from './messages.ts';

/**
 * Message groups that download with a part of a page (its lazy views), not with the page:
 * `load(lang)` is every message of the language loaded so far once `groups` are among them (one
 * promise per language; a failed download is tried again by the next render rather than
 * remembered), and `Provider` gives them to its children, suspending until they are here.
 */
export function lazyMessageGroups(groups: readonly MessageGroup[]) {
  const promises = new Map<Language, Promise<Messages>>();
  function load(lang: Language): Promise<Messages> {
    let promise = promises.get(lang);
    if (!promise) {
      promise = chunk(loadMessageGroups(lang, groups));
      promise.catch(() => promises.delete(lang));
      promises.set(lang, promise);
    }
    return promise;
  }
  function Provider({ children }: { children: ReactNode }) {
    const lang = useLanguage();
    const messages = use(load(lang));
    return (
      <I18nProvider lang={lang} messages={messages}>
        {children}
      </I18nProvider>
    );
  }
  return { load, Provider };
}
