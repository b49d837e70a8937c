import { describe, expect, it } from 'vitest';
import { forgotPasswordModel as model } from '../../../machines/forgot-password/forgot-password.model.ts';
import { apiError, change, done, fail, networkError, SAMPLE_HOLD_UNTIL } from '../../../machines/model-kit.ts';
import { invokedInput, play } from '../../support/graph.ts';
import { describeModelPaths } from '../../support/model-suite.ts';

const submit = { type: 'form.submit' } as const;
const byLoginId = { type: 'method.choose', by: 'loginId' } as const;
const byEmail = change('email', 'public1@demo.test');

describeModelPaths('forgotPassword', model);

describe('forgotPassword', () => {
  it('asks for the login email by default', () => {
    expect(play(model).context.values.by).toBe('email');
  });

  it('requires the chosen field only', () => {
    expect(play(model, submit).context.fieldErrors).toEqual([{ field: 'email', rule: 'required' }]);
    expect(play(model, byLoginId, submit).context.fieldErrors).toEqual([{ field: 'loginId', rule: 'required' }]);
  });

  it('requires a well-formed email', () => {
    const snapshot = play(model, change('email', 'not-an-email'), submit);
    expect(snapshot.context.fieldErrors).toEqual([{ field: 'email', rule: 'format' }]);
  });

  it('sends only the chosen way of naming the account, with the language', () => {
    expect(invokedInput(model, [byEmail, submit], 'requestReset')).toEqual({ by: 'email', email: 'public1@demo.test', lang: 'en' });
    expect(invokedInput(model, [byEmail, byLoginId, change('loginId', 'demo_public1'), submit], 'requestReset')).toEqual({
      by: 'loginId',
      loginId: 'demo_public1',
      lang: 'en',
    });
  });

  it('ends in sent with the masked address', () => {
    const snapshot = play(model, byEmail, submit, done('requestReset', { maskedEmail: 'p•••1@demo.test' }));
    expect(snapshot.status).toBe('done');
    expect(snapshot.output).toEqual({ maskedEmail: 'p•••1@demo.test' });
  });

  it.each([
    ['emailNotFound', 'emailNotFound'],
    ['loginIdNotFound', 'loginIdNotFound'],
    ['accountHasNoEmail', 'noEmail'],
  ] as const)('answers %s with editing.%s', (code, state) => {
    const snapshot = play(model, byEmail, submit, fail('requestReset', apiError(code)));
    expect(snapshot.matches({ editing: state })).toBe(true);
    expect(snapshot.hasTag('error')).toBe(true);
  });

  it('shows until when the requests are held', () => {
    const snapshot = play(model, byEmail, submit, fail('requestReset', apiError('held', { holdUntil: SAMPLE_HOLD_UNTIL })));
    expect(snapshot.matches({ editing: 'held' })).toBe(true);
    expect(snapshot.context.holdUntil).toBe(SAMPLE_HOLD_UNTIL);
  });

  it('switching the method leaves a not-found message behind', () => {
    const snapshot = play(model, byEmail, submit, fail('requestReset', apiError('emailNotFound')), byLoginId);
    expect(snapshot.matches({ editing: 'idle' })).toBe(true);
    expect(snapshot.context.values).toEqual({ by: 'loginId', email: 'public1@demo.test', loginId: '' });
  });

  it('keeps the code of any other failure in editing.failed', () => {
    const snapshot = play(model, byEmail, submit, fail('requestReset', networkError()));
    expect(snapshot.matches({ editing: 'failed' })).toBe(true);
    expect(snapshot.context.errorCode).toBe('network');
  });
});
