import type { AnyMachineSnapshot } from 'xstate';
import { publicSubscriptionMachine } from './public-subscription.machine.ts';
import { apiError, change, changes, contextKey, defineModel, done, fail, fillField, fillInOrder, networkError, solveRecaptcha } from '../model-kit.ts';

export const SUBSCRIBER_EMAIL = 'reader1@demo.test';
export const SUBSCRIPTION_TOKEN = 'recaptcha-subscription-token';

const solve = solveRecaptcha(SUBSCRIPTION_TOKEN);
const tickEdPost = { type: 'services.toggle', service: 'edPost' } as const;

function contextOf(snapshot: AnyMachineSnapshot): { services: string[]; recaptcha: string } {
  return snapshot.context as { services: string[]; recaptcha: string };
}

export const publicSubscriptionModel = defineModel(publicSubscriptionMachine, {
  input: { lang: 'en' },
  events: [
    ...changes('email', SUBSCRIBER_EMAIL, 'not-an-email'),
    ...changes('confirmEmail', SUBSCRIBER_EMAIL, 'other@demo.test'),
    tickEdPost,
    solve,
    { type: 'recaptcha.expire' },
    { type: 'form.submit' },
    done('subscribe', { email: SUBSCRIBER_EMAIL }),
    fail('subscribe', apiError('recaptchaFailed')),
    fail('subscribe', apiError('held', { holdUntil: '2026-03-03T09:00:00.000Z' })),
    fail('subscribe', apiError('invalidPayload', { fields: [{ field: 'email', rule: 'format' }] })),
    fail('subscribe', networkError()),
  ],
  key: contextKey('fieldErrors', 'errorCode', 'recaptchaRound', 'sentTo'),
  simplePathFilter: fillInOrder(
    [
      fillField('email', SUBSCRIBER_EMAIL),
      fillField('confirmEmail', SUBSCRIBER_EMAIL),
      { event: tickEdPost, filled: (snapshot) => contextOf(snapshot).services.includes('edPost') },
      { event: solve, filled: (snapshot) => contextOf(snapshot).recaptcha === SUBSCRIPTION_TOKEN },
    ],
    { exclude: ['recaptcha.expire'] },
  ),
  paths: [
    // An expired token must be solved again before the form can be sent.
    [solve, { type: 'recaptcha.expire' }, { type: 'form.submit' }],
    // A refused token is solved again and the form sent once more.
    [
      change('email', SUBSCRIBER_EMAIL),
      change('confirmEmail', SUBSCRIBER_EMAIL),
      tickEdPost,
      solve,
      { type: 'form.submit' },
      fail('subscribe', apiError('recaptchaFailed')),
      solve,
      { type: 'form.submit' },
      done('subscribe', { email: SUBSCRIBER_EMAIL }),
    ],
  ],
});
