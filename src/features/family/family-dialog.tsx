import { lazy, Suspense } from 'react';
import type { DialogProps } from '../../ui/dialog.tsx';
import { usePrefetchOnFirstInteraction } from '../../ui/prefetch-on-first-interaction.ts';

/**
 * The confirmation and message dialogs (Radix) are only needed once the user acts, so they stay
 * out of what the page downloads before the network is idle: they are fetched on the user's first
 * pointer or key press, or on demand.
 */
const loadDialog = () => import('../../ui/dialog.tsx');
const LazyDialog = lazy(() => loadDialog().then((module) => ({ default: module.Dialog })));

export function usePrefetchDialog() {
  usePrefetchOnFirstInteraction(loadDialog);
}

/** The UI kit's dialog, mounted only while open (so it takes focus when it appears and gives it back when it goes). */
export function FamilyDialog(props: Omit<DialogProps, 'open'>) {
  return (
    <Suspense fallback={null}>
      <LazyDialog open {...props} />
    </Suspense>
  );
}
