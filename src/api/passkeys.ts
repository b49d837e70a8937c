import { fromPromise } from 'xstate';
import * as passkeys from '../../contract/calls/passkeys.ts';
import type { PasskeyCreationOptions, PasskeyRegistrationResponse } from '../../contract/schemas/passkeys.ts';
import { stepUpMachine } from '../../machines/step-up/step-up.machine.ts';
import { fromCall } from './from-call.ts';
import { stepUpActors } from './step-up.ts';

/*
 * The browser's passkey ceremonies through @simplewebauthn/browser, imported only when a ceremony
 * starts: the login page's first chunk never carries it (docs/decisions/passkeys.md). The options
 * are the server's JSON as @simplewebauthn/server made them; the answers go back as they are.
 */
type BrowserModule = typeof import('@simplewebauthn/browser');
type CreationOptionsJSON = Parameters<BrowserModule['startRegistration']>[0]['optionsJSON'];

const createPasskey = fromPromise<PasskeyRegistrationResponse, PasskeyCreationOptions>(async ({ input }) => {
  const { startRegistration } = await import('@simplewebauthn/browser');
  return (await startRegistration({ optionsJSON: input as unknown as CreationOptionsJSON })) as PasskeyRegistrationResponse;
});

/** The login-information page's passkeys section: its calls, the ceremony and the live step-up dialog. */
export const passkeysActors = {
  list: fromCall(passkeys.list),
  registrationOptions: fromCall(passkeys.registrationOptions),
  register: fromCall(passkeys.register),
  rename: fromCall(passkeys.rename),
  remove: fromCall(passkeys.remove),
  createPasskey,
  stepUp: stepUpMachine.provide({ actors: stepUpActors }),
};
