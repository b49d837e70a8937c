import { apiError, change, changes, contextKey, defineModel, done, fail, failEach, fillField, fillInOrder, networkError, recaptchaFill, SAMPLE_HOLD_UNTIL, solveRecaptcha } from '../model-kit.ts';
import { registrationMachine } from './registration.machine.ts';

const LOGIN_ID = 'new_student1';
const EMAIL = 'new.student1@demo.test';
const DISPLAY_NAME = 'Chan Tai Man';
const TOKEN = 'recaptcha-sample-token';
const solve = solveRecaptcha(TOKEN);

export const registrationModel = defineModel(registrationMachine, {
  input: { lang: 'en' },
  events: [
    ...changes('loginId', LOGIN_ID, ''),
    ...changes('email', EMAIL, 'not-an-email'),
    ...changes('displayName', DISPLAY_NAME, ''),
    ...changes('acceptTerms', true, false),
    solve,
    { type: 'recaptcha.expire' },
    { type: 'form.submit' },
    done('register', { email: EMAIL }),
    ...failEach('register', ['loginIdTaken', 'emailTaken']),
    fail('register', apiError('invalidPayload', { fields: [{ field: 'displayName', rule: 'indecent' }] })),
    fail('register', apiError('tooManyRequests', { holdUntil: SAMPLE_HOLD_UNTIL })),
    fail('register', networkError()),
  ],
  key: contextKey('fieldErrors', 'errorCode', 'recaptchaRound', 'sentTo'),
  simplePathFilter: fillInOrder(
    [
      fillField('loginId', LOGIN_ID),
      fillField('email', EMAIL),
      fillField('displayName', DISPLAY_NAME),
      fillField('acceptTerms', true),
      recaptchaFill(solve),
    ],
    { exclude: ['recaptcha.expire'] },
  ),
  paths: [
    // An expired token must be solved again before the form can be sent.
    [solve, { type: 'recaptcha.expire' }, { type: 'form.submit' }],
    // A taken login ID is fixed by choosing another one and solving the widget again.
    [
      change('loginId', LOGIN_ID),
      change('email', EMAIL),
      change('displayName', DISPLAY_NAME),
      change('acceptTerms', true),
      solve,
      { type: 'form.submit' },
      fail('register', apiError('loginIdTaken')),
      change('loginId', 'new_student2'),
      solve,
      { type: 'form.submit' },
      done('register', { email: EMAIL }),
    ],
  ],
});
