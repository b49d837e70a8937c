import { apiError, change, changes, contextKey, defineModel, done, fail, failEach, fillField, fillInOrder, networkError, recaptchaFill, SAMPLE_HOLD_UNTIL, solveRecaptcha } from '../model-kit.ts';
import { staffRegistrationMachine } from './staff-registration.machine.ts';

const LOGIN_ID = 'new_staff1';
const EMAIL = 'new.staff1@demo-school.edu.hk';
const EN_NAME = 'WONG Siu Fong';
const CH_NAME = '黃小芳';
const TOKEN = 'recaptcha-sample-token';
const SENT = { email: EMAIL, schoolName: 'Demo Primary School' };
const solve = solveRecaptcha(TOKEN);

export const staffRegistrationModel = defineModel(staffRegistrationMachine, {
  input: { lang: 'en' },
  events: [
    ...changes('loginId', LOGIN_ID, ''),
    ...changes('email', EMAIL, 'not-an-email'),
    ...changes('enFullName', EN_NAME, ''),
    ...changes('chFullName', CH_NAME),
    ...changes('acceptTerms', true, false),
    solve,
    { type: 'recaptcha.expire' },
    { type: 'form.submit' },
    done('registerStaff', SENT),
    ...failEach('registerStaff', ['termsNotAccepted']),
    // Every problem the server found, at once.
    fail(
      'registerStaff',
      apiError('loginIdTaken', {
        fields: [
          { field: 'loginId', rule: 'taken' },
          { field: 'email', rule: 'schoolDomain' },
        ],
      }),
    ),
    fail('registerStaff', apiError('tooManyRequests', { holdUntil: SAMPLE_HOLD_UNTIL })),
    fail('registerStaff', networkError()),
  ],
  key: contextKey('fieldErrors', 'errorCode', 'recaptchaRound', 'sent'),
  simplePathFilter: fillInOrder(
    [
      fillField('loginId', LOGIN_ID),
      fillField('email', EMAIL),
      fillField('enFullName', EN_NAME),
      fillField('acceptTerms', true),
      recaptchaFill(solve),
    ],
    { exclude: ['recaptcha.expire'] },
  ),
  paths: [
    // An expired token must be solved again before the form can be sent.
    [solve, { type: 'recaptcha.expire' }, { type: 'form.submit' }],
    // A domain no school lists is fixed by using the school address, then the widget again.
    [
      change('loginId', LOGIN_ID),
      change('email', 'new.staff1@gmail.com'),
      change('enFullName', EN_NAME),
      change('chFullName', CH_NAME),
      change('acceptTerms', true),
      solve,
      { type: 'form.submit' },
      fail('registerStaff', apiError('staffEmailDomainNotAccepted', { fields: [{ field: 'email', rule: 'schoolDomain' }] })),
      change('email', EMAIL),
      solve,
      { type: 'form.submit' },
      done('registerStaff', SENT),
    ],
  ],
});
