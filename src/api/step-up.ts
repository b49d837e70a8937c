import { fromPromise } from 'xstate';
import * as stepUp from '../../contract/calls/step-up.ts';
import type { StepUpProofs } from '../../contract/schemas/step-up.ts';
import { call } from './client.ts';
import { fromCall } from './from-call.ts';
import { browserSupportsPasskeys, getPasskey } from './webauthn.ts';

/**
 * The step-up dialog's actors: a parent flow provides them to the child (`stepUpMachine.provide({
 * actors: stepUpActors })`) so only pages with a sensitive action download them. A passkey is
 * offered only where the account has one and this browser can use it.
 */
export const stepUpActors = {
  loadProofs: fromPromise<StepUpProofs, void>(async ({ signal }) => {
    const proofs = await call(stepUp.proofs, undefined, { signal });
    return { ...proofs, passkey: proofs.passkey && browserSupportsPasskeys() };
  }),
  proveWithPassword: fromCall(stepUp.password),
  proveWithCode: fromCall(stepUp.authenticatorCode),
  sendEmailCode: fromCall(stepUp.sendEmailCode),
  proveWithEmailCode: fromCall(stepUp.emailCode),
  passkeyOptions: fromCall(stepUp.passkeyOptions),
  proveWithPasskey: fromCall(stepUp.passkey),
  getPasskey,
};
