import { useSelector } from '@xstate/react';
import { lazy, Suspense, useEffect } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { fatalErrorMachine } from '../../../machines/fatal-error.machine.ts';
import { useSettings } from '../../shell/app-context.tsx';
import type { FatalReason } from '../../ui/fatal-error-dialog.tsx';

/**
 * The dialog (Radix with its focus trap) is not needed to show a page, so it stays out of the
 * initial download and is fetched when the browser is idle, ready before anything goes wrong.
 */
const loadDialog = () => import('../../ui/fatal-error-dialog.tsx');
const FatalErrorDialog = lazy(() => loadDialog().then((module) => ({ default: module.FatalErrorDialog })));

function usePrefetchWhenIdle(load: () => Promise<unknown>) {
  useEffect(() => {
    const prefetch = () => void load().catch(() => undefined);
    if (typeof window.requestIdleCallback === 'function') {
      const handle = window.requestIdleCallback(prefetch, { timeout: 5000 });
      return () => window.cancelIdleCallback(handle);
    }
    const timer = window.setTimeout(prefetch, 2000);
    return () => window.clearTimeout(timer);
  }, [load]);
}

/** The fatal-error dialog driven by the app's `fatalError` actor. */
export function FatalErrorView({ actor }: { actor: ActorRefFrom<typeof fatalErrorMachine> }) {
  const settings = useSettings();
  const reason = useSelector(actor, (snapshot): FatalReason | null =>
    snapshot.matches('sessionExpired') ? 'sessionExpired' : snapshot.matches('serverError') ? 'server' : null,
  );
  usePrefetchWhenIdle(loadDialog);
  if (reason === null) return null;
  return (
    <Suspense fallback={null}>
      <FatalErrorDialog reason={reason} supportEmail={settings?.supportEmail ?? null} onDismiss={() => actor.send({ type: 'fatal.dismiss' })} />
    </Suspense>
  );
}
