import type { LoginAnswer } from '../../contract/schemas/account.ts';
import { apiError, changes, contextKey, defineModel, done, fail, fillField, fillInOrder, networkError, SAMPLE_HOLD_UNTIL, SAMPLE_NOW, SAMPLE_PASSWORD, sampleUser } from '../model-kit.ts';
import { CHALLENGE_FILL, CHALLENGE_SOLVE, challengePaths } from './password-challenge.model.ts';
import { passwordLoginMachine } from './password-login.machine.ts';

const LOGIN_ID = 'demo_public1';

/** A school administrator's right password: the second factor comes next (/mfa-login). */
export function sampleSecondFactor(): LoginAnswer {
  return { status: 'secondFactor', setupNeeded: true, expiresAt: new Date(SAMPLE_NOW + 10 * 60_000).toISOString() };
}

export const passwordLoginModel = defineModel(passwordLoginMachine, {
  input: {},
  events: [
    ...changes('loginId', LOGIN_ID, ''),
    ...changes('password', SAMPLE_PASSWORD, ''),
    { type: 'form.submit' },
    done('login', { status: 'signedIn', user: sampleUser() }),
    done('login', sampleSecondFactor()),
    fail('login', apiError('invalidPayload', { fields: [{ field: 'loginId', rule: 'maxLength' }] })),
    fail('login', apiError('loginThrottled', { holdUntil: SAMPLE_HOLD_UNTIL })),
    fail('login', networkError()),
    fail('login', apiError('loginChallengeRequired')),
    CHALLENGE_SOLVE,
    { type: 'recaptcha.expire' },
  ],
  key: contextKey('fieldErrors', 'errorCode', 'holdUntil', 'answer', 'challenged', 'recaptcha'),
  simplePathFilter: fillInOrder([fillField('loginId', LOGIN_ID), fillField('password', SAMPLE_PASSWORD), CHALLENGE_FILL], { exclude: ['recaptcha.expire'] }),
  paths: [
    ...challengePaths('login', LOGIN_ID),
  ],
});
