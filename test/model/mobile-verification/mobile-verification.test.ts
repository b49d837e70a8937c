import { afterEach, describe, expect, it, vi } from 'vitest';
import { sampleNow } from '../../../machines/family/family-join.model.ts';
import {
  CODE_EXPIRY_MS,
  codeExpiry,
  heldRefusal,
  mobileHoldExpiry,
  mobileVerificationModel as model,
  RESEND_AFTER_MS,
  resendAvailable,
  SAMPLE_MOBILE,
  SAMPLE_SMS_CODE,
  sampleCodeSent,
} from '../../../machines/mobile-verification/mobile-verification.model.ts';
import { apiError, change, done, fail, networkError, SAMPLE_HOLD_UNTIL } from '../../../machines/model-kit.ts';
import { invokedInput, play } from '../../support/graph.ts';
import { expectCountdowns, startedAfter } from '../code-entry-timers.ts';
import { describeModelPaths, expectInvalid } from '../../support/model-suite.ts';

const submitNumber = { type: 'form.submit' } as const;
const typeCode = (value: string) => ({ type: 'code.change', value }) as const;
const submitCode = { type: 'code.submit' } as const;
const sent = [change('mobile', SAMPLE_MOBILE), submitNumber, done('sendCode', sampleCodeSent())] as const;
const entered = [...sent, typeCode(SAMPLE_SMS_CODE), submitCode] as const;
const verified = done('verifyCode', { countryCode: '852', mobile: SAMPLE_MOBILE, verified: true });

describeModelPaths('mobileVerification', model);

describe('mobileVerification', () => {
  it('starts not verified, with Hong Kong chosen', () => {
    const snapshot = play(model);
    expect(snapshot.matches({ editing: 'idle' })).toBe(true);
    expect(snapshot.context.values).toEqual({ countryCode: '852', mobile: '' });
  });

  it('requires a number of digits before sending', () => {
    expect(play(model, submitNumber).context.fieldErrors).toEqual([{ field: 'mobile', rule: 'required' }]);
    expect(play(model, change('mobile', '9123abc'), submitNumber).context.fieldErrors).toEqual([{ field: 'mobile', rule: 'numeric' }]);
    expect(play(model, change('countryCode', ''), change('mobile', SAMPLE_MOBILE), submitNumber).context.fieldErrors).toEqual([
      { field: 'countryCode', rule: 'required' },
    ]);
  });

  it('sends the country code, the number and the language', () => {
    expect(invokedInput(model, [change('mobile', SAMPLE_MOBILE), submitNumber], 'sendCode')).toEqual({ countryCode: '852', mobile: SAMPLE_MOBILE, lang: 'en' });
  });

  it('marks the number the server found not to be a mobile of that country', () => {
    const refusal = apiError('invalidPayload', { fields: [{ field: 'mobile', rule: 'format' }] });
    const snapshot = play(model, change('mobile', SAMPLE_MOBILE), submitNumber, fail('sendCode', refusal));
    expectInvalid(snapshot, [{ field: 'mobile', rule: 'format' }]);
  });

  it('says so when the SMS could not be sent', () => {
    const snapshot = play(model, change('mobile', SAMPLE_MOBILE), submitNumber, fail('sendCode', apiError('smsSendFailed')));
    expect(snapshot.matches({ editing: 'sendFailed' })).toBe(true);
    expect(snapshot.context.errorCode).toBe('smsSendFailed');
  });

  it('once sent, waits for the code with resend locked and keeps the countdown times', () => {
    const snapshot = play(model, ...sent);
    expect(snapshot.matches({ codeSent: { resend: 'locked', entry: { editing: 'idle' } } })).toBe(true);
    expect(snapshot.context.expiresAt).toBe(sampleCodeSent().expiresAt);
    expect(snapshot.context.resendAt).toBe(sampleCodeSent().resendAt);
    expect(snapshot.can({ type: 'code.resend' })).toBe(false);
  });

  it('enables resend when the countdown ends, and a resend sends the same number again', () => {
    const ready = play(model, ...sent, resendAvailable);
    expect(ready.matches({ codeSent: { resend: 'available' } })).toBe(true);
    expect(ready.can({ type: 'code.resend' })).toBe(true);
    expect(play(model, ...sent, resendAvailable, { type: 'code.resend' }).matches('sending')).toBe(true);
  });

  it('a resent code clears what was typed for the old one', () => {
    const snapshot = play(model, ...sent, typeCode('12'), resendAvailable, { type: 'code.resend' }, done('sendCode', sampleCodeSent()));
    expect(snapshot.context.code).toBe('');
  });

  it('requires six digits before verifying', () => {
    const snapshot = play(model, ...sent, typeCode('12'), submitCode);
    expect(snapshot.matches({ codeSent: { entry: { editing: 'invalid' } } })).toBe(true);
    expect(snapshot.context.fieldErrors).toEqual([{ field: 'code', rule: 'sixDigits' }]);
  });

  it('verifies the code for the number it was sent to, and ends verified', () => {
    expect(invokedInput(model, entered, 'verifyCode')).toEqual({ countryCode: '852', mobile: SAMPLE_MOBILE, code: SAMPLE_SMS_CODE });
    const snapshot = play(model, ...entered, verified);
    expect(snapshot.matches('verified')).toBe(true);
    expect(snapshot.status).toBe('done');
    expect(snapshot.hasTag('done')).toBe(true);
  });

  it.each([
    ['codeWrong', 'wrong'],
    ['codeNotFound', 'notFound'],
  ] as const)('a %s code stays on the code entry, in %s, with the countdowns running', (code, state) => {
    const snapshot = play(model, ...entered, fail('verifyCode', apiError(code)));
    expect(snapshot.matches({ codeSent: { resend: 'locked', entry: { editing: state } } })).toBe(true);
    expect(snapshot.hasTag('error')).toBe(true);
  });

  it('an expired code, whether the server or the timer says so, asks for a new one', () => {
    for (const snapshot of [play(model, ...entered, fail('verifyCode', apiError('codeExpired'))), play(model, ...sent, codeExpiry)]) {
      expect(snapshot.matches('codeExpired')).toBe(true);
      expect(snapshot.context.expiresAt).toBeNull();
      expect(snapshot.can({ type: 'code.resend' })).toBe(true);
      expect(snapshot.can({ type: 'code.submit' })).toBe(false);
    }
  });

  it('is held with the time after the 6th wrong code, and offers the form again when the hold ends', () => {
    const held = play(model, ...entered, fail('verifyCode', heldRefusal()));
    expect(held.matches('held')).toBe(true);
    expect(held.context.holdUntil).toBe(SAMPLE_HOLD_UNTIL);
    expect(held.can({ type: 'code.submit' })).toBe(false);
    const after = play(model, ...entered, fail('verifyCode', heldRefusal()), mobileHoldExpiry);
    expect(after.matches({ editing: 'idle' })).toBe(true);
    expect(after.context.holdUntil).toBeNull();
  });

  it('a held number cannot have a code sent either', () => {
    expect(play(model, change('mobile', SAMPLE_MOBILE), submitNumber, fail('sendCode', heldRefusal())).matches('held')).toBe(true);
  });

  it('can go back to change the number, which forgets the sent code', () => {
    const snapshot = play(model, ...sent, typeCode(SAMPLE_SMS_CODE), { type: 'number.edit' });
    expect(snapshot.matches({ editing: 'idle' })).toBe(true);
    expect(snapshot.context.code).toBe('');
    expect(snapshot.context.values.mobile).toBe(SAMPLE_MOBILE);
  });

  it('keeps the code of any other verification failure', () => {
    const snapshot = play(model, ...entered, fail('verifyCode', networkError()));
    expect(snapshot.matches({ codeSent: { entry: { editing: 'failed' } } })).toBe(true);
    expect(snapshot.context.errorCode).toBe('network');
  });

  describe('the timers on a live actor', () => {
    afterEach(() => {
      vi.useRealTimers();
    });

    const started = () => startedAfter(model.machine, { lang: 'en', now: sampleNow }, sent);

    it('enables resend at resendAt and expires the code at expiresAt', async () => {
      vi.useFakeTimers();
      const actor = started();
      await expectCountdowns(actor, { resendAfterMs: RESEND_AFTER_MS, expiryMs: CODE_EXPIRY_MS, expired: 'codeExpired' });
      actor.stop();
    });

    it('a wrong code does not restart the countdowns', async () => {
      vi.useFakeTimers();
      const actor = started();
      await vi.advanceTimersByTimeAsync(RESEND_AFTER_MS - 10);
      actor.send(typeCode(SAMPLE_SMS_CODE));
      actor.send(submitCode);
      actor.send(fail('verifyCode', apiError('codeWrong')));
      await vi.advanceTimersByTimeAsync(10);
      expect(actor.getSnapshot().matches({ codeSent: { resend: 'available', entry: { editing: 'wrong' } } })).toBe(true);
      actor.stop();
    });
  });
});
