import { lazy, Suspense, useEffect } from 'react';
import type { DialogProps } from '../../ui/dialog.tsx';

/**
 * The confirmation and message dialogs (Radix) are only needed once the user acts, so they stay
 * out of the page's first download and are fetched when the browser is idle.
 */
const loadDialog = () => import('../../ui/dialog.tsx');
const LazyDialog = lazy(() => loadDialog().then((module) => ({ default: module.Dialog })));

export function usePrefetchDialog() {
  useEffect(() => {
    const prefetch = () => void loadDialog().catch(() => undefined);
    if (typeof window.requestIdleCallback === 'function') {
      const handle = window.requestIdleCallback(prefetch, { timeout: 3000 });
      return () => window.cancelIdleCallback(handle);
    }
    const timer = window.setTimeout(prefetch, 1000);
    return () => window.clearTimeout(timer);
  }, []);
}

/** The UI kit's dialog, mounted only while open (so it takes focus when it appears and gives it back when it goes). */
export function FamilyDialog(props: Omit<DialogProps, 'open'>) {
  return (
    <Suspense fallback={null}>
      <LazyDialog open {...props} />
    </Suspense>
  );
}
