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

  it('goes back to the button when the browser gave no passkey', () => {
    expect(play(model, start, options, fail('getPasskey', new Error('NotAllowedError'))).matches({ idle: 'notUsed' })).toBe(true);
  });
});
