import { lazy, Suspense } from 'react';
import type { Language } from '../../../contract/languages.ts';
import { lazyMessageGroups } from '../../i18n/lazy-messages.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import { chunk } from '../../ui/chunk.ts';
import type { EmailChangePanelProps } from './email-change-page.tsx';

/*
 * What a profile page imports (statically, it is small): the panel's code and its `emailChange`
 * messages download only when the panel is first shown, or earlier with `prefetchEmailChange`.
 */

const loadPanel = () => chunk(import('./email-change-page.tsx'));
const Panel = lazy(() => loadPanel().then((module) => ({ default: module.EmailChangePanel })));

const panelMessages = lazyMessageGroups(['emailChange']);

/** Starts downloading the panel and its messages without waiting (e.g. from a route loader). */
export function prefetchEmailChange(lang: Language): void {
  const ignore = () => undefined;
  void loadPanel().catch(ignore);
  void panelMessages.load(lang).catch(ignore);
}

/** `EmailChangePanel` loaded on demand, with a spinner while its code or messages download. */
export function LazyEmailChangePanel(props: EmailChangePanelProps) {
  return (
    <Suspense fallback={<Spinner />}>
      <panelMessages.Provider>
        <Panel {...props} />
      </panelMessages.Provider>
    </Suspense>
  );
}
