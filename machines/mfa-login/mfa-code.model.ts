import type { MfaFactors } from '../../contract/schemas/authenticator.ts';
import { apiError, changes, contextKey, defineModel, done, fail, fillField, fillInOrder, networkError, SAMPLE_HOLD_UNTIL } from '../model-kit.ts';
import { mfaCodeMachine } from './mfa-code.machine.ts';
import { sampleAdmin, sampleMfaStatus } from './mfa-login.model.ts';

export const SAMPLE_AUTHENTICATOR_CODE = '482913';
export const SAMPLE_RECOVERY_CODE = 'abcd-efgh-jkmn-pqrs';

/** The demo administrator's factors: an authenticator app with all ten recovery codes, and a two-factor email. */
export function sampleFactors(overrides: Partial<MfaFactors> = {}): MfaFactors {
  return { authenticator: true, recoveryCodes: 10, email: true, ...overrides };
}

export const mfaCodeModel = defineModel(mfaCodeMachine, {
  input: {},
  events: [
    done('fetchFactors', sampleFactors()),
    done('fetchFactors', sampleFactors({ authenticator: false, recoveryCodes: 0 })),
    fail('fetchFactors', networkError()),
    { type: 'retry' },
    ...changes('code', SAMPLE_AUTHENTICATOR_CODE, '12'),
    { type: 'form.submit' },
    { type: 'factor.recoveryCode' },
    { type: 'factor.authenticator' },
    { type: 'factor.email' },
    done('submitCode', { user: sampleAdmin() }),
    fail('submitCode', apiError('mfaCodeHeld', { holdUntil: SAMPLE_HOLD_UNTIL })),
    fail('submitCode', apiError('invalidPayload', { fields: [{ field: 'code', rule: 'sixDigits' }] })),
    fail('submitCode', networkError()),
    done('sendLink', sampleMfaStatus('waiting')),
    fail('sendLink', networkError()),
  ],
  key: contextKey('fieldErrors', 'errorCode', 'holdUntil', 'factors', 'user'),
  simplePathFilter: fillInOrder([fillField('code', SAMPLE_AUTHENTICATOR_CODE)], { exclude: ['retry', 'factor.email', 'factor.authenticator', 'factor.recoveryCode'] }),
  paths: [
    // A lost phone: a recovery code instead.
    [done('fetchFactors', sampleFactors()), { type: 'factor.recoveryCode' }, ...changes('code', SAMPLE_RECOVERY_CODE), { type: 'form.submit' }, done('submitCode', { user: sampleAdmin() })],
    // Back from the recovery code to the app, then the emailed link; sending it fails once.
    [
      done('fetchFactors', sampleFactors()),
      { type: 'factor.recoveryCode' },
      { type: 'factor.authenticator' },
      { type: 'factor.email' },
      fail('sendLink', networkError()),
      { type: 'retry' },
      done('sendLink', sampleMfaStatus('waiting')),
    ],
    // A recovery code refused, the form shown again.
    [done('fetchFactors', sampleFactors()), { type: 'factor.recoveryCode' }, ...changes('code', SAMPLE_RECOVERY_CODE), { type: 'form.submit' }, fail('submitCode', apiError('recoveryCodeWrong'))],
    // No two-factor email yet: choosing the email goes to its set-up.
    [done('fetchFactors', sampleFactors({ email: false })), { type: 'factor.email' }],
    [done('fetchFactors', sampleFactors({ email: false })), { type: 'factor.recoveryCode' }, { type: 'factor.email' }],
    [
      done('fetchFactors', sampleFactors({ email: false })),
      ...changes('code', SAMPLE_AUTHENTICATOR_CODE),
      { type: 'form.submit' },
      fail('submitCode', apiError('mfaCodeHeld', { holdUntil: SAMPLE_HOLD_UNTIL })),
      { type: 'factor.email' },
    ],
    // The codes held: the emailed link instead.
    [
      done('fetchFactors', sampleFactors()),
      ...changes('code', SAMPLE_AUTHENTICATOR_CODE),
      { type: 'form.submit' },
      fail('submitCode', apiError('mfaCodeHeld', { holdUntil: SAMPLE_HOLD_UNTIL })),
      { type: 'factor.email' },
      done('sendLink', sampleMfaStatus('waiting')),
    ],
  ],
});
