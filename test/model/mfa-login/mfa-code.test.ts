import { describe, expect, it } from 'vitest';
import { mfaCodeModel as model, SAMPLE_RECOVERY_CODE, sampleFactors } from '../../../machines/mfa-login/mfa-code.model.ts';
import { sampleAdmin } from '../../../machines/mfa-login/mfa-login.model.ts';
import { apiError, change, done, fail, SAMPLE_HOLD_UNTIL } from '../../../machines/model-kit.ts';
import { play } from '../../support/graph.ts';
import { describeModelPaths } from '../../support/model-suite.ts';

const submit = { type: 'form.submit' } as const;

describeModelPaths('mfaCode', model);

describe('mfaCode', () => {
  it('hands an administrator without an authenticator app straight to the emailed link', () => {
    expect(play(model, done('fetchFactors', sampleFactors({ authenticator: false, recoveryCodes: 0 }))).matches('email')).toBe(true);
  });

  it('refuses an authenticator code that is not six digits before sending it', () => {
    const snapshot = play(model, done('fetchFactors', sampleFactors()), change('code', '12'), submit);
    expect(snapshot.matches({ authenticator: 'invalid' })).toBe(true);
    expect(snapshot.context.fieldErrors).toEqual([{ field: 'code', rule: 'sixDigits' }]);
  });

  it('sends a recovery code with its kind and signs in', () => {
    const snapshot = play(model, done('fetchFactors', sampleFactors()), { type: 'factor.recoveryCode' }, change('code', SAMPLE_RECOVERY_CODE), submit);
    expect(snapshot.matches('checkingRecovery')).toBe(true);
    expect(snapshot.context.kind).toBe('recoveryCode');
    expect(play(model, done('fetchFactors', sampleFactors()), { type: 'factor.recoveryCode' }, change('code', SAMPLE_RECOVERY_CODE), submit, done('submitCode', { user: sampleAdmin() })).output).toEqual(sampleAdmin());
  });

  it('keeps the emailed link within reach while the codes are held', () => {
    const held = play(model, done('fetchFactors', sampleFactors()), change('code', '482913'), submit, fail('submitCode', apiError('mfaCodeHeld', { holdUntil: SAMPLE_HOLD_UNTIL })));
    expect(held.matches('held')).toBe(true);
    expect(held.context.holdUntil).toBe(SAMPLE_HOLD_UNTIL);
    expect(play(model, done('fetchFactors', sampleFactors()), change('code', '482913'), submit, fail('submitCode', apiError('mfaCodeHeld', { holdUntil: SAMPLE_HOLD_UNTIL })), { type: 'factor.email' }).matches('sendingLink')).toBe(true);
  });
});
