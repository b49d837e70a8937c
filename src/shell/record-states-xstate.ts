/**
 * `xstate` for src/ in the journeys' recording build (vite.config.ts `recordStates`): the same
 * module, with `createActor` adding the recorder's `inspect` (src/shell/record-states.ts).
 */
import { createActor as createActorOriginal } from 'xstate';
import { withInspect } from './record-states.ts';

export * from 'xstate';

export const createActor = ((logic: unknown, options?: Record<string, unknown>) =>
  (createActorOriginal as (...args: unknown[]) => unknown)(logic, withInspect(options))) as typeof createActorOriginal;
