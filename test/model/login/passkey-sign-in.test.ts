import { describe, expect, it } from 'vitest';
import { done, fail, sampleUser } from '../../../machines/model-kit.ts';
import { SAMPLE_ASSERTION, SAMPLE_REQUEST_OPTIONS, passkeySignInModel as model } from '../../../machines/login/passkey-sign-in.model.ts';
import { invokedInput, play } from '../../support/graph.ts';
import { describeModelPaths } from '../../support/model-suite.ts';

const start = { type: 'passkey.start' } as const;
const options = done('signInOptions', SAMPLE_REQUEST_OPTIONS);
const chosen = done('getPasskey', SAMPLE_ASSERTION);

describeModelPaths('passkeySignIn', model);

describe('passkeySignIn', () => {
  it('passes the options to the browser and its answer to the server, and ends signed in as the password login does', () => {
    expect(invokedInput(model, [start, options], 'getPasskey')).toEqual(SAMPLE_REQUEST_OPTIONS);
    expect(invokedInput(model, [start, options, chosen], 'signIn')).toEqual({ response: SAMPLE_ASSERTION });
    const user = sampleUser();
    const signedIn = play(model, start, options, chosen, done('signIn', { user }));
    expect(signedIn.status).toBe('done');
    expect(signedIn.output).toEqual({ status: 'signedIn', user });
  });

  describe('autofill (conditional mediation)', () => {
    const idle = done('pageIdle', undefined);
    const available = done('autofillAvailable', true);
    const autofillOptions = done('autofillOptions', SAMPLE_REQUEST_OPTIONS);

    it('waits for the page to be idle, then asks the browser, and stays off where it has no suggestions', () => {
      expect(play(model).matches({ idle: { autofill: 'waiting' } })).toBe(true);
      expect(play(model, idle).matches({ idle: { autofill: 'checking' } })).toBe(true);
      expect(play(model, idle, done('autofillAvailable', false)).matches({ idle: { autofill: 'off' } })).toBe(true);
    });

    it('starts the conditional request with options of its own; a passkey picked signs in through the same check and end', () => {
      expect(invokedInput(model, [idle, available, autofillOptions], 'getPasskeyAutofill')).toEqual(SAMPLE_REQUEST_OPTIONS);
      const picked = [idle, available, autofillOptions, done('getPasskeyAutofill', SAMPLE_ASSERTION)] as const;
      expect(invokedInput(model, [...picked], 'signIn')).toEqual({ response: SAMPLE_ASSERTION });
      const user = sampleUser();
      expect(play(model, ...picked, done('signIn', { user })).output).toEqual({ status: 'signedIn', user });
    });

    it('is stopped when the button starts its own ceremony, and offered again when the button comes back', () => {
      const listening = play(model, idle, available, autofillOptions);
      expect(listening.matches({ idle: { autofill: 'listening' } })).toBe(true);
      const pressed = play(model, idle, available, autofillOptions, start);
      expect(pressed.matches('preparing')).toBe(true);
      expect(pressed.children.getPasskeyAutofill).toBeUndefined();
      const back = play(model, idle, available, autofillOptions, start, options, fail('getPasskey', new Error('NotAllowedError')));
      expect(back.matches({ idle: { button: 'notUsed', autofill: 'waiting' } })).toBe(true);
    });

    it('turns off when the request ends without a passkey (timed out, aborted)', () => {
      expect(play(model, idle, available, autofillOptions, fail('getPasskeyAutofill', new Error('AbortError'))).matches({ idle: { autofill: 'off' } })).toBe(true);
    });
  });

  it('goes back to the button when the browser gave no passkey', () => {
    expect(play(model, start, options, fail('getPasskey', new Error('NotAllowedError'))).matches({ idle: { button: 'notUsed' } })).toBe(true);
  });
});
