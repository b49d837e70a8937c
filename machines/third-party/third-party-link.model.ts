import type { LoginAnswer } from '../../contract/schemas/account.ts';
import { apiError, changes, contextKey, defineModel, done, fail, fillField, fillInOrder, networkError, SAMPLE_HOLD_UNTIL, SAMPLE_NOW, SAMPLE_PASSWORD, sampleUser } from '../model-kit.ts';
import { CHALLENGE_FILL, CHALLENGE_SOLVE, challengePaths } from '../login/index.ts';
import { thirdPartyLinkMachine } from './third-party-link.machine.ts';

const LOGIN_ID = 'demo_public1';

/** A school administrator attached the identity: the second factor comes next. */
const sampleSecondFactor = (): LoginAnswer => ({ status: 'secondFactor', setupNeeded: true, expiresAt: new Date(SAMPLE_NOW + 10 * 60_000).toISOString() });

export const thirdPartyLinkModel = defineModel(thirdPartyLinkMachine, {
  input: {},
  events: [
    ...changes('loginId', LOGIN_ID, ''),
    ...changes('password', SAMPLE_PASSWORD, ''),
    { type: 'form.submit' },
    done('attach', { status: 'signedIn', user: sampleUser() }),
    done('attach', sampleSecondFactor()),
    fail('attach', apiError('invalidPayload', { fields: [{ field: 'loginId', rule: 'maxLength' }] })),
    fail('attach', apiError('loginThrottled', { holdUntil: SAMPLE_HOLD_UNTIL })),
    fail('attach', networkError()),
    fail('attach', apiError('loginChallengeRequired')),
    CHALLENGE_SOLVE,
    { type: 'recaptcha.expire' },
  ],
  key: contextKey('fieldErrors', 'errorCode', 'holdUntil', 'answer', 'challenged', 'recaptcha'),
  simplePathFilter: fillInOrder([fillField('loginId', LOGIN_ID), fillField('password', SAMPLE_PASSWORD), CHALLENGE_FILL], { exclude: ['recaptcha.expire'] }),
  paths: [
    ...challengePaths('attach', LOGIN_ID),
  ],
});
