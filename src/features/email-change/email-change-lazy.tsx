import { lazy, Suspense, use } from 'react';
import type { Language } from '../../../contract/languages.ts';
import { I18nProvider, useLanguage } from '../../i18n/i18n-provider.tsx';
import { loadMessageGroups, type Messages } from '../../i18n/messages.ts';
import { Spinner } from '../../ui/spinner.tsx';
import { chunk } from '../../ui/chunk.ts';
import type { EmailChangePanelProps } from './email-change-page.tsx';

/*
 * What a profile page imports (statically, it is small): the panel's code and its `emailChange`
 * messages download only when the panel is first shown, or earlier with `prefetchEmailChange`.
 */

const loadPanel = () => chunk(import('./email-change-page.tsx'));
const Panel = lazy(() => loadPanel().then((module) => ({ default: module.EmailChangePanel })));

const messagesByLanguage = new Map<Language, Promise<Messages>>();

function loadPanelMessages(lang: Language): Promise<Messages> {
  let promise = messagesByLanguage.get(lang);
  if (!promise) {
    promise = chunk(loadMessageGroups(lang, ['emailChange']));
    // A failed download is tried again by the next render rather than remembered.
    promise.catch(() => messagesByLanguage.delete(lang));
    messagesByLanguage.set(lang, promise);
  }
  return promise;
}

/** Starts downloading the panel and its messages without waiting (e.g. from a route loader). */
export function prefetchEmailChange(lang: Language): void {
  const ignore = () => undefined;
  void loadPanel().catch(ignore);
  void loadPanelMessages(lang).catch(ignore);
}

function WithMessages(props: EmailChangePanelProps) {
  const lang = useLanguage();
  const messages = use(loadPanelMessages(lang));
  return (
    <I18nProvider lang={lang} messages={messages}>
      <Panel {...props} />
    </I18nProvider>
  );
}

/** `EmailChangePanel` loaded on demand, with a spinner while its code or messages download. */
export function LazyEmailChangePanel(props: EmailChangePanelProps) {
  return (
    <Suspense fallback={<Spinner />}>
      <WithMessages {...props} />
    </Suspense>
  );
}
