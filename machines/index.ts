import type { AnyStateMachine } from 'xstate';
import type { MachineModel } from './model-kit.ts';
import { passwordLoginModel } from './password-login.model.ts';

/**
 * Every machine's model by name, for the coverage and paths scripts and the story generator.
 * The app imports machines from their own files, never from here: this pulls in the fakes.
 */
export const machineModels = {
  passwordLogin: passwordLoginModel,
} satisfies Record<string, MachineModel<AnyStateMachine>>;

export type MachineName = keyof typeof machineModels;

export function isMachineName(value: string): value is MachineName {
  return Object.hasOwn(machineModels, value);
}
