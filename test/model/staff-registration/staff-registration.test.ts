import { describe, expect, it } from 'vitest';
import { apiError, change, done, fail, networkError } from '../../../machines/model-kit.ts';
import { staffRegistrationModel as model } from '../../../machines/staff-registration/staff-registration.model.ts';
import { invokedInput, play } from '../../support/graph.ts';
import { describeModelPaths, expectInvalid } from '../../support/model-suite.ts';

const EMAIL = 'new.staff1@demo-school.edu.hk';
const SENT = { email: EMAIL, schoolName: 'Demo Primary School' };
const solve = { type: 'recaptcha.solve', token: 'token-1' } as const;
const submit = { type: 'form.submit' } as const;
const filled = [change('loginId', 'new_staff1'), change('email', EMAIL), change('enFullName', 'WONG Siu Fong'), change('acceptTerms', true), solve] as const;

describeModelPaths('staffRegistration', model);

describe('staffRegistration', () => {
  it('refuses an empty form, naming every problem at once: fields, terms and the robot check', () => {
    const snapshot = play(model, submit);
    expectInvalid(snapshot, [
      { field: 'loginId', rule: 'required' },
      { field: 'email', rule: 'required' },
      { field: 'enFullName', rule: 'required' },
      { field: 'acceptTerms', rule: 'accepted' },
      { field: 'recaptcha', rule: 'recaptcha' },
    ]);
  });

  it('refuses to register without the terms of service accepted', () => {
    const snapshot = play(model, ...filled, change('acceptTerms', false), submit);
    expect(snapshot.context.fieldErrors).toEqual([{ field: 'acceptTerms', rule: 'accepted' }]);
  });

  it('leaves the Chinese name optional but not unlimited', () => {
    expect(play(model, ...filled, submit).matches('submitting')).toBe(true);
    const long = play(model, ...filled, change('chFullName', '陳'.repeat(101)), submit);
    expect(long.context.fieldErrors).toEqual([{ field: 'chFullName', rule: 'maxLength' }]);
  });

  it('sends the form with the token and the language', () => {
    expect(invokedInput(model, [...filled, change('chFullName', '黃小芳'), submit], 'registerStaff')).toEqual({
      loginId: 'new_staff1',
      email: EMAIL,
      enFullName: 'WONG Siu Fong',
      chFullName: '黃小芳',
      acceptTerms: true,
      recaptcha: 'token-1',
      lang: 'en',
    });
  });

  it('ends in sent with the address and the school the account joins', () => {
    const snapshot = play(model, ...filled, submit, done('registerStaff', SENT));
    expect(snapshot.status).toBe('done');
    expect(snapshot.output).toEqual(SENT);
  });

  it("shows every problem the server found at its field, and throws the spent token away", () => {
    const fields = [
      { field: 'loginId', rule: 'taken' },
      { field: 'email', rule: 'schoolDomain' },
      { field: 'enFullName', rule: 'indecent' },
    ] as const;
    const snapshot = play(model, ...filled, submit, fail('registerStaff', apiError('loginIdTaken', { fields: [...fields] })));
    expectInvalid(snapshot, fields);
    expect(snapshot.context.recaptcha).toBe('');
    expect(snapshot.context.recaptchaRound).toBe(1);
  });

  it('typing in the email clears only its own problem', () => {
    const snapshot = play(
      model,
      ...filled,
      submit,
      fail('registerStaff', apiError('loginIdTaken', { fields: [{ field: 'loginId', rule: 'taken' }, { field: 'email', rule: 'schoolDomain' }] })),
      change('email', 'other@demo-school.edu.hk'),
    );
    expect(snapshot.context.fieldErrors).toEqual([{ field: 'loginId', rule: 'taken' }]);
  });

  it('shows a refused reCAPTCHA apart from other failures, and any other failure with its code', () => {
    expect(play(model, ...filled, submit, fail('registerStaff', apiError('recaptchaFailed'))).matches({ editing: 'recaptchaFailed' })).toBe(true);
    const failed = play(model, ...filled, submit, fail('registerStaff', networkError()));
    expect(failed.matches({ editing: 'failed' })).toBe(true);
    expect(failed.context.errorCode).toBe('network');
  });
});
