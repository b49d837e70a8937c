import { describe, expect, it } from 'vitest';
import { emailVerificationModel as model, sampleEmailVerifyResult, SAMPLE_LINK_TOKEN } from '../../../machines/email-verification/email-verification.model.ts';
import { apiError, done, fail, networkError } from '../../../machines/model-kit.ts';
import { invokedInput, play } from '../../support/graph.ts';
import { describeModelPaths } from '../../support/model-suite.ts';

describeModelPaths('emailVerification', model);

describe('emailVerification', () => {
  it('checks the link at once and is busy meanwhile', () => {
    const snapshot = play(model);
    expect(snapshot.matches('checking')).toBe(true);
    expect(snapshot.hasTag('busy')).toBe(true);
  });

  it('sends the page kind with the token, so each page verifies its own kind of link', () => {
    expect(invokedInput(model, [], 'verifyLink')).toEqual({ kind: 'login', token: SAMPLE_LINK_TOKEN });
  });

  it('ends verified with what the link applied', () => {
    const result = sampleEmailVerifyResult('login');
    const snapshot = play(model, done('verifyLink', result));
    expect(snapshot.matches('verified')).toBe(true);
    expect(snapshot.status).toBe('done');
    expect(snapshot.hasTag('done')).toBe(true);
    expect(snapshot.context.result).toEqual(result);
  });

  it.each([
    ['alreadyUsed', 'alreadyVerified', 'done'],
    ['expired', 'expired', 'error'],
    ['linkDuplicated', 'duplicated', 'error'],
    ['loginEmailTaken', 'duplicated', 'error'],
    ['emailTaken', 'duplicated', 'error'],
    ['linkInvalid', 'invalid', 'error'],
    ['invalidPayload', 'invalid', 'error'],
  ] as const)('a link answered with %s ends on the %s page', (code, state, tag) => {
    const snapshot = play(model, fail('verifyLink', apiError(code)));
    expect(snapshot.matches(state)).toBe(true);
    expect(snapshot.status).toBe('done');
    expect(snapshot.hasTag(tag)).toBe(true);
  });

  it('offers a retry when the check got no answer, and the retry checks again', () => {
    const failed = play(model, fail('verifyLink', networkError()));
    expect(failed.matches('checkFailed')).toBe(true);
    expect(failed.context.errorCode).toBe('network');
    const again = play(model, fail('verifyLink', networkError()), { type: 'retry' });
    expect(again.matches('checking')).toBe(true);
    expect(again.context.errorCode).toBeNull();
  });

  it('keeps the code of a server failure it has no page for', () => {
    expect(play(model, fail('verifyLink', apiError('internal'))).context.errorCode).toBe('internal');
  });
});
