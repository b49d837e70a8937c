import { describe, expect, it } from 'vitest';
import type { FieldIssue } from '../../../contract/index.ts';
import { apiError, change, done, fail, networkError } from '../../../machines/model-kit.ts';
import { publicSubscriptionModel as model, SUBSCRIBER_EMAIL, SUBSCRIPTION_TOKEN } from '../../../machines/email-subscriptions/public-subscription.model.ts';
import { invokedInput, play } from '../../support/graph.ts';
import { describeModelPaths, expectInvalid } from '../../support/model-suite.ts';

const submit = { type: 'form.submit' } as const;
const solve = { type: 'recaptcha.solve', token: SUBSCRIPTION_TOKEN } as const;
const tick = (service: 'edPost' | 'parentInfo') => ({ type: 'services.toggle', service }) as const;
const filled = [change('email', SUBSCRIBER_EMAIL), change('confirmEmail', SUBSCRIBER_EMAIL), tick('edPost'), solve] as const;

describeModelPaths('publicSubscription', model);

describe('publicSubscription', () => {
  it('requires the email, its confirmation, a service and the reCAPTCHA', () => {
    const snapshot = play(model, submit);
    expectInvalid(snapshot, [
      { field: 'email', rule: 'required' },
      { field: 'confirmEmail', rule: 'required' },
      { field: 'services', rule: 'required' },
      { field: 'recaptcha', rule: 'recaptcha' },
    ]);
  });

  it('refuses a malformed email and a confirmation that differs', () => {
    const malformed = play(model, change('email', 'not-an-email'), change('confirmEmail', 'not-an-email'), tick('edPost'), solve, submit);
    expect(malformed.context.fieldErrors).toEqual([
      { field: 'email', rule: 'format' },
      { field: 'confirmEmail', rule: 'format' },
    ]);
    const differs = play(model, change('email', SUBSCRIBER_EMAIL), change('confirmEmail', 'other@demo.test'), tick('edPost'), solve, submit);
    expect(differs.context.fieldErrors).toEqual([{ field: 'confirmEmail', rule: 'sameAs' }]);
  });

  it('unticking the only service makes the form incomplete again', () => {
    const snapshot = play(model, change('email', SUBSCRIBER_EMAIL), change('confirmEmail', SUBSCRIBER_EMAIL), tick('edPost'), tick('edPost'), solve, submit);
    expect(snapshot.context.fieldErrors).toEqual([{ field: 'services', rule: 'required' }]);
  });

  it('clears a field message as soon as that field changes', () => {
    const snapshot = play(model, submit, change('email', SUBSCRIBER_EMAIL), tick('edPost'));
    expect(snapshot.context.fieldErrors.map((issue: FieldIssue) => issue.field)).toEqual(['confirmEmail', 'recaptcha']);
  });

  it('sends the address, the services, the token and the language', () => {
    expect(invokedInput(model, [...filled, tick('parentInfo'), submit], 'subscribe')).toEqual({
      email: SUBSCRIBER_EMAIL,
      confirmEmail: SUBSCRIBER_EMAIL,
      services: ['edPost', 'parentInfo'],
      recaptcha: SUBSCRIPTION_TOKEN,
      lang: 'en',
    });
  });

  it('ends in sent with the address the confirmation went to', () => {
    const snapshot = play(model, ...filled, submit, done('subscribe', { email: SUBSCRIBER_EMAIL }));
    expect(snapshot.matches('sent')).toBe(true);
    expect(snapshot.status).toBe('done');
    expect(snapshot.context.sentTo).toBe(SUBSCRIBER_EMAIL);
  });

  it('an expired token has to be solved again', () => {
    const snapshot = play(model, ...filled, { type: 'recaptcha.expire' }, submit);
    expect(snapshot.context.fieldErrors).toEqual([{ field: 'recaptcha', rule: 'recaptcha' }]);
  });

  it('throws away the spent token after a refusal, so the widget is solved again', () => {
    for (const answer of [fail('subscribe', apiError('recaptchaFailed')), fail('subscribe', networkError())]) {
      const snapshot = play(model, ...filled, submit, answer);
      expect(snapshot.context.recaptcha).toBe('');
      expect(snapshot.context.recaptchaRound).toBe(1);
    }
    expect(play(model, ...filled, submit, fail('subscribe', apiError('recaptchaFailed'))).matches({ editing: 'recaptchaFailed' })).toBe(true);
  });

  it('marks the fields the server refused', () => {
    const refusal = apiError('invalidPayload', { fields: [{ field: 'email', rule: 'format' }] });
    const snapshot = play(model, ...filled, submit, fail('subscribe', refusal));
    expectInvalid(snapshot, [{ field: 'email', rule: 'format' }]);
  });

  it('keeps the code of any other failure in editing.failed', () => {
    const snapshot = play(model, ...filled, submit, fail('subscribe', networkError()));
    expect(snapshot.matches({ editing: 'failed' })).toBe(true);
    expect(snapshot.context.errorCode).toBe('network');
    expect(snapshot.context.holdUntil).toBeNull();
  });

  it('keeps the time a held address may ask again, until the next answer', () => {
    const holdUntil = '2026-03-03T09:00:00.000Z';
    const held = play(model, ...filled, submit, fail('subscribe', apiError('held', { holdUntil })));
    expect(held.matches({ editing: 'failed' })).toBe(true);
    expect([held.context.errorCode, held.context.holdUntil]).toEqual(['held', holdUntil]);
    const later = play(model, ...filled, submit, fail('subscribe', apiError('held', { holdUntil })), solve, submit, fail('subscribe', networkError()));
    expect([later.context.errorCode, later.context.holdUntil]).toEqual(['network', null]);
  });
});
