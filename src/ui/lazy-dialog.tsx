import { lazy, Suspense } from 'react';
import type { DialogProps } from './dialog.tsx';
import { usePrefetchOnFirstInteraction } from './prefetch-on-first-interaction.ts';

/**
 * Confirmation and message dialogs (Radix) are only needed once the user acts, so they stay out of
 * what a page downloads before the network is idle: they are fetched on the user's first pointer
 * or key press (`usePrefetchDialog`), or when one first opens.
 */
const loadDialog = () => import('./dialog.tsx');
const Loaded = lazy(() => loadDialog().then((module) => ({ default: module.Dialog })));

export function usePrefetchDialog() {
  usePrefetchOnFirstInteraction(loadDialog);
}

/** The UI kit's dialog, mounted only while open (so it takes focus when it appears and gives it back when it goes). */
export function LazyDialog(props: Omit<DialogProps, 'open'>) {
  return (
    <Suspense fallback={null}>
      <Loaded open {...props} />
    </Suspense>
  );
}
