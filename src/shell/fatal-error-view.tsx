import { useSelector } from '@xstate/react';
import { lazy, Suspense } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { fatalErrorMachine } from '../../machines/shell/fatal-error.machine.ts';
import { useSettings } from './app-context.tsx';
import type { FatalReason } from '../ui/fatal-error-dialog.tsx';
import { usePrefetchOnFirstInteraction } from '../ui/prefetch-on-first-interaction.ts';

/**
 * The dialog (Radix with its focus trap) is not needed to show a page, so it stays out of what the
 * page downloads before the network is idle: it is fetched on the user's first pointer or key
 * press (before the call that act may start can fail), or on demand if something fails first.
 */
const loadDialog = () => import('../ui/fatal-error-dialog.tsx');
const FatalErrorDialog = lazy(() => loadDialog().then((module) => ({ default: module.FatalErrorDialog })));

/** The fatal-error dialog driven by the app's `fatalError` actor. */
export function FatalErrorView({ actor }: { actor: ActorRefFrom<typeof fatalErrorMachine> }) {
  const settings = useSettings();
  const reason = useSelector(actor, (snapshot): FatalReason | null =>
    snapshot.matches('sessionExpired') ? 'sessionExpired' : snapshot.matches('signedOut') ? 'signedOut' : snapshot.matches('serverError') ? 'server' : null,
  );
  usePrefetchOnFirstInteraction(loadDialog);
  if (reason === null) return null;
  return (
    <Suspense fallback={null}>
      <FatalErrorDialog reason={reason} supportEmail={settings?.supportEmail ?? null} onDismiss={() => actor.send({ type: 'fatal.dismiss' })} />
    </Suspense>
  );
}
