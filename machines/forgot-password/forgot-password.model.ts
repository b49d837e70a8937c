import { forgotPasswordMachine } from './forgot-password.machine.ts';
import { CHALLENGE_FILL, CHALLENGE_SOLVE } from '../login/index.ts';
import { apiError, change, changes, contextKey, defineModel, done, fail, fillField, fillInOrder, networkError, SAMPLE_HOLD_UNTIL } from '../model-kit.ts';

const sent = done('requestReset', { maskedEmail: 'p•••1@demo.test' });
/** The email is flooded from this network (docs/decisions/holds.md): the server asks for the challenge instead of a wait. */
const challenged = [change('email', 'public1@demo.test'), { type: 'form.submit' }, fail('requestReset', apiError('loginChallengeRequired'))] as const;

export const forgotPasswordModel = defineModel(forgotPasswordMachine, {
  input: { lang: 'en' },
  events: [
    { type: 'method.choose', by: 'loginId' },
    { type: 'method.choose', by: 'email' },
    ...changes('email', 'public1@demo.test', 'not-an-email'),
    ...changes('loginId', 'demo_public1'),
    { type: 'form.submit' },
    sent,
    fail('requestReset', apiError('held', { holdUntil: SAMPLE_HOLD_UNTIL })),
    fail('requestReset', apiError('invalidPayload', { fields: [{ field: 'email', rule: 'format' }] })),
    fail('requestReset', apiError('tooManyRequests', { holdUntil: SAMPLE_HOLD_UNTIL })),
    fail('requestReset', apiError('loginChallengeRequired')),
    CHALLENGE_SOLVE,
    { type: 'recaptcha.expire' },
    fail('requestReset', networkError()),
  ],
  key: contextKey('fieldErrors', 'errorCode', 'holdUntil', 'maskedEmail', 'challenged', 'recaptcha', 'recaptchaRound'),
  simplePathFilter: fillInOrder([fillField('email', 'public1@demo.test'), CHALLENGE_FILL]),
  paths: [
    // Sent again before solving (the widget is asked for), solved, sent with the token: the link is sent.
    [...challenged, { type: 'form.submit' }, CHALLENGE_SOLVE, { type: 'form.submit' }, sent],
    // A solved token that expired before it was sent must be solved again.
    [...challenged, CHALLENGE_SOLVE, { type: 'recaptcha.expire' }, { type: 'form.submit' }],
  ],
});
