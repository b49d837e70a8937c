import { describe, expect, it } from 'vitest';
import type { ErrorCode, FieldIssue } from '../../../contract/index.ts';
import { changePasswordModel as model } from '../../../machines/change-password/change-password.model.ts';
import { apiError, change, done, fail, networkError, SAMPLE_PASSWORD } from '../../../machines/model-kit.ts';
import { invokedInput, play } from '../../support/graph.ts';
import { describeModelPaths, expectInvalid } from '../../support/model-suite.ts';

const submit = { type: 'form.submit' } as const;
const NEW = 'Fresh-Start-2026';
const filled = [change('currentPassword', SAMPLE_PASSWORD), change('newPassword', NEW), change('confirmNewPassword', NEW)] as const;

describeModelPaths('changePassword', model);

describe('changePassword', () => {
  it('requires all three fields', () => {
    expect(play(model, submit).context.fieldErrors).toEqual([
      { field: 'currentPassword', rule: 'required' },
      { field: 'newPassword', rule: 'required' },
      { field: 'confirmNewPassword', rule: 'required' },
    ]);
  });

  it('sends the three fields', () => {
    expect(invokedInput(model, [...filled, submit], 'changePassword')).toEqual({
      currentPassword: SAMPLE_PASSWORD,
      newPassword: NEW,
      confirmNewPassword: NEW,
    });
  });

  it.each<[ErrorCode, FieldIssue]>([
    ['currentPasswordIncorrect', { field: 'currentPassword', rule: 'incorrect' }],
    ['passwordSameAsOld', { field: 'newPassword', rule: 'sameAsOld' }],
    ['passwordTooShort', { field: 'newPassword', rule: 'minLength' }],
    ['passwordTooSimple', { field: 'newPassword', rule: 'complexity' }],
    ['passwordTooCommon', { field: 'newPassword', rule: 'common' }],
  ])('marks the field of a %s refusal, with or without the server naming it', (code, issue) => {
    for (const refusal of [apiError(code, { fields: [issue] }), apiError(code)]) {
      const snapshot = play(model, ...filled, submit, fail('changePassword', refusal));
      expectInvalid(snapshot, [issue]);
    }
  });

  it('ends in done and wipes the passwords', () => {
    const snapshot = play(model, ...filled, submit, done('changePassword', undefined));
    expect(snapshot.matches('done')).toBe(true);
    expect(snapshot.hasTag('done')).toBe(true);
    expect(snapshot.context.values).toEqual({ currentPassword: '', newPassword: '', confirmNewPassword: '' });
  });

  it('can start over from done with an empty form', () => {
    const snapshot = play(model, ...filled, submit, done('changePassword', undefined), { type: 'form.restart' });
    expect(snapshot.matches({ editing: 'idle' })).toBe(true);
    expect(snapshot.context.fieldErrors).toEqual([]);
  });

  it('keeps the code of any other failure in editing.failed', () => {
    const snapshot = play(model, ...filled, submit, fail('changePassword', networkError()));
    expect(snapshot.matches({ editing: 'failed' })).toBe(true);
    expect(snapshot.context.errorCode).toBe('network');
  });
});
