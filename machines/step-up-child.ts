import { fromPromise, type EventObject } from 'xstate';
import { hasCode } from './form.ts';
import type { stepUpMachine, StepUpOutcome } from './step-up/index.ts';

/**
 * What a flow with a sensitive action spreads into its machine to require step-up
 * (docs/decisions/step-up.md, "How a flow requires step-up"):
 *
 *     setup({ actors: { ...STEP_UP_CHILD, addPasskey }, guards: { ...formGuards, ...stepUpGuards } })
 *     adding: calling('addPasskey', { onError: [stepUpRoute('steppingUp'), …] }),
 *     steppingUp: steppingUp('adding', 'ready'),
 *
 * The page provides the live dialog: `stepUpMachine.provide({ actors: stepUpActors })`
 * (src/api/step-up.ts), and the view renders `<StepUpDialog actor={snapshot.children.stepUp} />`
 * while the child runs. A model feeds the child's end as `done('stepUp', { status: 'proved', … })`,
 * and provides `stepUpMachine` where its view shows the dialog.
 *
 * In the flow's own definition the child is a stand-in with the dialog's type, so that a machine
 * requiring step-up does not carry the dialog's machine to pages that never open it (the closure
 * notice on /profile: issue 26, 2.6 KiB). Invoked without the page's dialog it fails at once.
 */
export const STEP_UP_CHILD = {
  stepUp: fromPromise<StepUpOutcome>(() => Promise.reject(new Error('The page provides the step-up dialog (stepUpMachine)'))) as unknown as typeof stepUpMachine,
};

/** The parent's `onError` route: the server answered `stepUpRequired`, so the dialog opens at `target`. */
export function stepUpRoute<const TTarget extends string>(target: TTarget) {
  return { guard: hasCode('stepUpRequired'), target } as const;
}

/** The guard `steppingUp` reads, for the parent's `setup({ guards })`. */
export const stepUpGuards = {
  /** The child ended with a proof (not cancelled). */
  stepUpProved: ({ event }: { event: EventObject }) => (event as EventObject & { output?: StepUpOutcome }).output?.status === 'proved',
};

/**
 * The parent's state while the dialog is open: the child `stepUp` runs; a proof goes to `retry`
 * (the state that sends the action again), a cancel to `back` (where the user was).
 */
export function steppingUp<const TRetry extends string, const TBack extends string>(retry: TRetry, back: TBack) {
  return {
    tags: ['ready'],
    invoke: { id: 'stepUp', src: 'stepUp', input: {}, onDone: [{ guard: 'stepUpProved', target: retry }, { target: back }] },
  } as const;
}
