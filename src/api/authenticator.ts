import * as authenticator from '../../contract/calls/authenticator.ts';
import { stepUpMachine } from '../../machines/step-up/step-up.machine.ts';
import { fromCall } from './from-call.ts';
import { stepUpActors } from './step-up.ts';

/** The authenticator app section's calls, and its live step-up dialog (docs/decisions/step-up.md). */
export const authenticatorActors = {
  status: fromCall(authenticator.status),
  begin: fromCall(authenticator.begin),
  confirm: fromCall(authenticator.confirm),
  remove: fromCall(authenticator.remove),
  regenerate: fromCall(authenticator.regenerateRecoveryCodes),
  stepUp: stepUpMachine.provide({ actors: stepUpActors }),
};
