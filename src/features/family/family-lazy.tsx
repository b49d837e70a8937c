import { lazy, Suspense, type ReactNode } from 'react';
import type { Language } from '../../../contract/languages.ts';
import { lazyMessageGroups } from '../../i18n/lazy-messages.tsx';
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

/** The `familyFlows` messages (with the page's `family`), one download per language. */
const flowMessages = lazyMessageGroups(['family', 'familyFlows']);

/** Downloads the flow views and their messages; settles when all have (a failure is tried again on demand). */
export function prefetchFamilyFlows(lang: Language): Promise<unknown> {
  return Promise.allSettled([loadCreate(), loadJoin(), loadDetails(), flowMessages.load(lang)]);
}

/** A flow view with its messages; `fallback` shows while either is still downloading. */
export function FamilyFlow({ fallback, children }: { fallback: ReactNode; children: ReactNode }) {
  return (
    <Suspense fallback={fallback}>
      <flowMessages.Provider>{children}</flowMessages.Provider>
    </Suspense>
  );
}
