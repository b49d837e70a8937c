import { lazy, Suspense } from 'react';
import { lazyMessageGroups } from '../../i18n/lazy-messages.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import { chunk } from '../../ui/chunk.ts';
import type { EmailChangePanelProps } from './email-change-page.tsx';

/*
 * What a profile page imports (statically, it is small): the panel's code and its `emailChange`
 * messages download only when the panel is first shown.
 */

const Panel = lazy(() => chunk(import('./email-change-page.tsx')).then((module) => ({ default: module.EmailChangePanel })));

const panelMessages = lazyMessageGroups(['emailChange']);

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
