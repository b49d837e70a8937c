import { useSelector } from '@xstate/react';
import { lazy, Suspense } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { stepUpMachine } from '../../../machines/step-up/step-up.machine.ts';

export type StepUpActor = ActorRefFrom<typeof stepUpMachine>;

/** The open dialog's view is fetched when a flow first needs it: a page with a sensitive action carries only this. */
const OpenStepUpDialog = lazy(() => import('./step-up-dialog-body.tsx'));

/**
 * The step-up dialog over the page that asked for it (docs/decisions/step-up.md): the parent
 * flow's view renders it with the child actor it invoked (`snapshot.children.stepUp`), and it
 * closes by itself once the proof is given or the user cancels.
 */
export function StepUpDialog({ actor }: { actor: StepUpActor }) {
  const open = useSelector(actor, (snapshot) => snapshot.status === 'active');
  return open ? (
    <Suspense fallback={null}>
      <OpenStepUpDialog actor={actor} />
    </Suspense>
  ) : null;
}
