import { describe, expect, it } from 'vitest';
import { apiError, change, done, fail, networkError } from '../../../machines/model-kit.ts';
import { resetPasswordModel as model } from '../../../machines/reset-password/reset-password.model.ts';
import { invokedInput, play } from '../../support/graph.ts';
import { describeModelPaths, expectInvalid, LINK_REFUSAL_ENDS } from '../../support/model-suite.ts';

const submit = { type: 'form.submit' } as const;
const valid = done('checkResetToken', { loginId: 'demo_public1' });
const password = [change('newPassword', 'Fresh-Start-2026'), change('confirmNewPassword', 'Fresh-Start-2026')] as const;

describeModelPaths('resetPassword', model);

describe('resetPassword', () => {
  it('checks the token before showing the form', () => {
    expect(play(model).matches('checking')).toBe(true);
    expect(invokedInput(model, [], 'checkResetToken')).toEqual({ token: 'sample-reset-token' });
    const snapshot = play(model, valid);
    expect(snapshot.matches({ editing: 'idle' })).toBe(true);
    expect(snapshot.context.record).toEqual({ loginId: 'demo_public1' });
  });

  it.each(LINK_REFUSAL_ENDS)('a link answered with %s ends in %s, on opening and on submitting', (code, state) => {
    expect(play(model, fail('checkResetToken', apiError(code))).matches(state)).toBe(true);
    expect(play(model, valid, ...password, submit, fail('resetPassword', apiError(code))).matches(state)).toBe(true);
  });

  it('retries a check that got no answer', () => {
    expect(play(model, fail('checkResetToken', networkError())).matches('checkFailed')).toBe(true);
    expect(play(model, fail('checkResetToken', networkError()), { type: 'retry' }, valid).matches({ editing: 'idle' })).toBe(true);
  });

  it('applies the password policy of its input', () => {
    const snapshot = play(model, valid, change('newPassword', 'short'), change('confirmNewPassword', 'short'), submit);
    expect(snapshot.context.fieldErrors).toEqual([{ field: 'newPassword', rule: 'minLength' }]);
  });

  it('sends the token with the new password and ends in done', () => {
    expect(invokedInput(model, [valid, ...password, submit], 'resetPassword')).toEqual({
      token: 'sample-reset-token',
      newPassword: 'Fresh-Start-2026',
      confirmNewPassword: 'Fresh-Start-2026',
    });
    const snapshot = play(model, valid, ...password, submit, done('resetPassword', undefined));
    expect(snapshot.status).toBe('done');
    expect(snapshot.context.values).toEqual({ newPassword: '', confirmNewPassword: '' });
  });

  it('marks a new password equal to the old one', () => {
    const snapshot = play(model, valid, ...password, submit, fail('resetPassword', apiError('passwordSameAsOld')));
    expectInvalid(snapshot, [{ field: 'newPassword', rule: 'sameAsOld' }]);
  });
});
