import * as stepUp from '../../contract/calls/step-up.ts';
import { fromCall } from './from-call.ts';

/**
 * The step-up dialog's actor: a parent flow provides it to the child (`stepUpMachine.provide({
 * actors: stepUpActors })`) so only pages with a sensitive action download it.
 */
export const stepUpActors = {
  proveWithPassword: fromCall(stepUp.password),
};
