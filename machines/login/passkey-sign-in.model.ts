import { defineModel, done, fail, networkError, sampleUser } from '../model-kit.ts';
import { passkeySignInMachine } from './passkey-sign-in.machine.ts';
import { SAMPLE_ASSERTION, SAMPLE_REQUEST_OPTIONS } from './passkey-samples.ts';

export { SAMPLE_ASSERTION, SAMPLE_REQUEST_OPTIONS };

/** Refusals all show their message in the same place; the samples are lost answers so one message stands for them. */
export const passkeySignInModel = defineModel(passkeySignInMachine, {
  input: {},
  events: [
    { type: 'passkey.start' },
    done('signInOptions', SAMPLE_REQUEST_OPTIONS),
    fail('signInOptions', networkError()),
    done('getPasskey', SAMPLE_ASSERTION),
    fail('getPasskey', new Error('NotAllowedError')),
    done('signIn', { user: sampleUser() }),
    fail('signIn', networkError()),
    // The login field's suggestions (conditional mediation): the page idle, the browser's answer, the request.
    done('pageIdle', undefined),
    done('autofillAvailable', true),
    done('autofillAvailable', false),
    done('autofillOptions', SAMPLE_REQUEST_OPTIONS),
    fail('autofillOptions', networkError()),
    done('getPasskeyAutofill', SAMPLE_ASSERTION),
    fail('getPasskeyAutofill', new Error('AbortError')),
  ],
});
