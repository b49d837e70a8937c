/**
 * The journeys' recording of the states the app's machines pass through (issue 24,
 * docs/testers.md): in a build made with RECORD_STATES=1 only, vite.config.ts points every
 * `@xstate/react` import of src/ here instead, and this adds an `inspect` option to the actors the
 * app starts (and src/shell/record-states-xstate.ts to `createActor`, for the session and fatal
 * error actors of src/shell/app-actors.ts), which tells the page's `__recordStates` binding (set by the journeys' fixture,
 * test/support/e2e.ts) each machine's active state nodes. The shipped build never imports it.
 */
import { useActorRef as useActorRefOriginal, useMachine as useMachineOriginal } from '@xstate/react';
import type { AnyActorLogic, AnyMachineSnapshot, InspectionEvent } from 'xstate';

export * from '@xstate/react';

type Recorder = (machine: string, states: string[]) => void;

const lastSent = new Map<string, string>();

export function inspect(event: InspectionEvent): void {
  if (event.type !== '@xstate.snapshot') return;
  const snapshot = event.snapshot as Partial<AnyMachineSnapshot>;
  const machine = snapshot.machine?.id;
  if (!machine || !snapshot._nodes) return;
  const states = snapshot._nodes.map((node) => node.path.join('.')).filter((path) => path !== '');
  const key = states.join('\n');
  if (lastSent.get(machine) === key) return;
  lastSent.set(machine, key);
  (globalThis as { __recordStates?: Recorder }).__recordStates?.(machine, states);
}

type Options = { inspect?: (event: InspectionEvent) => void } & Record<string, unknown>;

export function withInspect(options: Options | undefined): Options {
  const own = options?.inspect;
  return { ...options, inspect: (event) => (inspect(event), own?.(event)) };
}

export const useActorRef = ((logic: AnyActorLogic, options?: Options, observer?: unknown) =>
  (useActorRefOriginal as (...args: unknown[]) => unknown)(logic, withInspect(options), observer)) as typeof useActorRefOriginal;

export const useMachine = ((logic: AnyActorLogic, options?: Options) => (useMachineOriginal as (...args: unknown[]) => unknown)(logic, withInspect(options))) as typeof useMachineOriginal;
