import { lazy, Suspense } from 'react';
import type { DialogProps } from '../../ui/dialog.tsx';
import { usePrefetchOnFirstInteraction } from '../../ui/prefetch-on-first-interaction.ts';

/** The confirmation dialogs (Radix) download on the first pointer or key press, not with the page. */
const loadDialog = () => import('../../ui/dialog.tsx');
const LazyDialog = lazy(() => loadDialog().then((module) => ({ default: module.Dialog })));

export function usePrefetchDialog() {
  usePrefetchOnFirstInteraction(loadDialog);
}

/** The UI kit's dialog, mounted only while open. */
export function SecurityDialog(props: Omit<DialogProps, 'open'>) {
  return (
    <Suspense fallback={null}>
      <LazyDialog open {...props} />
    </Suspense>
  );
}
