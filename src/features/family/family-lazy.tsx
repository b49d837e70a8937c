import { lazy, Suspense, use, type ReactNode } from 'react';
import type { Language } from '../../../contract/languages.ts';
import { I18nProvider, useLanguage } from '../../i18n/i18n-provider.tsx';
import { loadMessageGroups, type Messages } from '../../i18n/messages.ts';
import { chunk } from '../../ui/chunk.ts';

/*
 * The create, join and details views, and their messages (the `familyFlows` group), are not needed
 * to show the page: it first reads where the user stands (permission, current page, hold), and
 * only then knows which of them to show, and downloads that one (with the messages). The others
 * download on the user's first pointer or key press (`prefetchFamilyFlows`), before the press
 * that opens one of them has finished: the page's download until the network is idle stays
 * within the size budget (docs/decisions/performance.md) without making anyone wait.
 */

const loadCreate = () => chunk(import('./family-create-view.tsx'));
const loadJoin = () => chunk(import('./family-join-view.tsx'));
const loadDetails = () => chunk(import('./family-details-view.tsx'));

export const LazyFamilyCreateView = lazy(() => loadCreate().then((module) => ({ default: module.FamilyCreateView })));
export const LazyFamilyJoinView = lazy(() => loadJoin().then((module) => ({ default: module.FamilyJoinView })));
export const LazyFamilyDetailsView = lazy(() => loadDetails().then((module) => ({ default: module.FamilyDetailsView })));

const flowMessages = new Map<Language, Promise<Messages>>();

/** Every message of the language loaded so far, once the `familyFlows` group is among them; one promise per language. */
function loadFlowMessages(lang: Language): Promise<Messages> {
  let promise = flowMessages.get(lang);
  if (!promise) {
    promise = chunk(loadMessageGroups(lang, ['family', 'familyFlows']));
    // A failed download is tried again by the next render rather than remembered.
    promise.catch(() => flowMessages.delete(lang));
    flowMessages.set(lang, promise);
  }
  return promise;
}

/** Downloads the flow views and their messages; settles when all have (a failure is tried again on demand). */
export function prefetchFamilyFlows(lang: Language): Promise<unknown> {
  return Promise.allSettled([loadCreate(), loadJoin(), loadDetails(), loadFlowMessages(lang)]);
}

function FlowMessages({ children }: { children: ReactNode }) {
  const lang = useLanguage();
  const messages = use(loadFlowMessages(lang));
  return (
    <I18nProvider lang={lang} messages={messages}>
      {children}
    </I18nProvider>
  );
}

/** A flow view with its messages; `fallback` shows while either is still downloading. */
export function FamilyFlow({ fallback, children }: { fallback: ReactNode; children: ReactNode }) {
  return (
    <Suspense fallback={fallback}>
      <FlowMessages>{children}</FlowMessages>
    </Suspense>
  );
}
