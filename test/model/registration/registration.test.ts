import { describe, expect, it } from 'vitest';
import { apiError, change, done, fail, networkError } from '../../../machines/model-kit.ts';
import { registrationModel as model } from '../../../machines/registration/registration.model.ts';
import { invokedInput, play } from '../../support/graph.ts';
import { describeModelPaths, expectInvalid } from '../../support/model-suite.ts';

const EMAIL = 'new.student1@demo.test';
const solve = { type: 'recaptcha.solve', token: 'token-1' } as const;
const submit = { type: 'form.submit' } as const;
const filled = [
  change('loginId', 'new_student1'),
  change('email', EMAIL),
  change('displayName', 'Chan Tai Man'),
  change('acceptTerms', true),
  solve,
] as const;

describeModelPaths('registration', model);

describe('registration', () => {
  it('refuses an empty form, naming every missing field, the terms and the reCAPTCHA', () => {
    const snapshot = play(model, submit);
    expectInvalid(snapshot, [
      { field: 'loginId', rule: 'required' },
      { field: 'email', rule: 'required' },
      { field: 'displayName', rule: 'required' },
      { field: 'acceptTerms', rule: 'accepted' },
      { field: 'recaptcha', rule: 'recaptcha' },
    ]);
  });

  it('refuses to register without the terms of service accepted', () => {
    const snapshot = play(model, ...filled, change('acceptTerms', false), submit);
    expect(snapshot.context.fieldErrors).toEqual([{ field: 'acceptTerms', rule: 'accepted' }]);
  });

  it('needs the reCAPTCHA solved again once the token expired', () => {
    const snapshot = play(model, ...filled, { type: 'recaptcha.expire' }, submit);
    expect(snapshot.context.fieldErrors).toEqual([{ field: 'recaptcha', rule: 'recaptcha' }]);
  });

  it('sends the form with the token and the language', () => {
    const snapshot = play(model, ...filled, submit);
    expect(snapshot.matches('submitting')).toBe(true);
    expect(snapshot.hasTag('busy')).toBe(true);
    expect(invokedInput(model, [...filled, submit], 'register')).toEqual({
      loginId: 'new_student1',
      email: EMAIL,
      displayName: 'Chan Tai Man',
      acceptTerms: true,
      recaptcha: 'token-1',
      lang: 'en',
    });
  });

  it('ends in sent with the address the activation link went to', () => {
    const snapshot = play(model, ...filled, submit, done('register', { email: EMAIL }));
    expect(snapshot.status).toBe('done');
    expect(snapshot.context.sentTo).toBe(EMAIL);
    expect(snapshot.output).toEqual({ email: EMAIL });
  });

  it('marks the login ID field when the login ID is taken', () => {
    const snapshot = play(model, ...filled, submit, fail('register', apiError('loginIdTaken')));
    expectInvalid(snapshot, [{ field: 'loginId', rule: 'taken' }]);
  });

  it('marks the email field when the email is taken', () => {
    const snapshot = play(model, ...filled, submit, fail('register', apiError('emailTaken')));
    expect(snapshot.context.fieldErrors).toEqual([{ field: 'email', rule: 'taken' }]);
  });

  it('marks both fields when the server answers the login ID and the email taken together (issue 13)', () => {
    const both = apiError('loginIdTaken', { fields: [{ field: 'loginId', rule: 'taken' }, { field: 'email', rule: 'taken' }] });
    const snapshot = play(model, ...filled, submit, fail('register', both));
    expectInvalid(snapshot, [
      { field: 'loginId', rule: 'taken' },
      { field: 'email', rule: 'taken' },
    ]);
  });

  it('shows a refused reCAPTCHA apart from other failures', () => {
    const snapshot = play(model, ...filled, submit, fail('register', apiError('recaptchaFailed')));
    expect(snapshot.matches({ editing: 'recaptchaFailed' })).toBe(true);
  });

  it('throws away the spent token after any answer, so the widget is solved again', () => {
    for (const failure of [apiError('recaptchaFailed'), apiError('loginIdTaken'), networkError()]) {
      const snapshot = play(model, ...filled, submit, fail('register', failure));
      expect(snapshot.context.recaptcha).toBe('');
      expect(snapshot.context.recaptchaRound).toBe(1);
    }
  });

  it('registers after a taken login ID is replaced and the widget solved again', () => {
    const snapshot = play(
      model,
      ...filled,
      submit,
      fail('register', apiError('loginIdTaken')),
      change('loginId', 'new_student2'),
      solve,
      submit,
      done('register', { email: EMAIL }),
    );
    expect(snapshot.status).toBe('done');
  });

  it('keeps the code of any other failure in editing.failed', () => {
    const snapshot = play(model, ...filled, submit, fail('register', networkError()));
    expect(snapshot.matches({ editing: 'failed' })).toBe(true);
    expect(snapshot.context.errorCode).toBe('network');
  });
});
