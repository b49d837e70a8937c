import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  OTP_EXPIRY_MS,
  OTP_RESEND_AFTER_MS,
  otpCodeExpiry,
  otpHeldRefusal,
  otpHoldExpiry,
  otpLoginModel as model,
  otpResendAvailable,
  otpTooSoonRefusal,
  SAMPLE_OTP_CODE,
  SAMPLE_OTP_LOGIN,
  sampleOtpResume,
  sampleOtpSent,
  SAMPLE_WAITING_RESEND_AT,
} from '../../../machines/otp-login/otp-login.model.ts';
import { apiError, change, done, fail, networkError, SAMPLE_HOLD_UNTIL, sampleNow, sampleUser } from '../../../machines/model-kit.ts';
import { invokedInput, play } from '../../support/graph.ts';
import { expectCountdowns, startedAfter } from '../code-entry-timers.ts';
import { describeModelPaths, expectInvalid } from '../../support/model-suite.ts';

const submitLogin = { type: 'form.submit' } as const;
const typeCode = (value: string) => ({ type: 'code.change', value }) as const;
const submitCode = { type: 'code.submit' } as const;
const sent = [change('loginId', SAMPLE_OTP_LOGIN), submitLogin, done('sendCode', sampleOtpSent())] as const;
const entered = [...sent, typeCode(SAMPLE_OTP_CODE), submitCode] as const;
const tooSoon = [change('loginId', SAMPLE_OTP_LOGIN), submitLogin, fail('sendCode', otpTooSoonRefusal())] as const;

describeModelPaths('otpLogin', model);

describe('otpLogin', () => {
  it('starts with an empty login and requires it before sending', () => {
    expect(play(model).matches({ editing: 'idle' })).toBe(true);
    const snapshot = play(model, submitLogin);
    expectInvalid(snapshot, [{ field: 'loginId', rule: 'required' }]);
  });

  it('sends the typed login', () => {
    expect(invokedInput(model, [change('loginId', SAMPLE_OTP_LOGIN), submitLogin], 'sendCode')).toEqual({ loginId: SAMPLE_OTP_LOGIN });
  });

  it.each([
    ['otpUnknownLogin', 'unknownLogin'],
    ['otpNoEmail', 'noEmail'],
    ['accountInactive', 'inactive'],
    ['otpSendLimit', 'sendLimit'],
    ['codeResendTooSoon', 'tooSoon'],
  ] as const)('a send refused with %s shows editing.%s and keeps the code', (code, state) => {
    const snapshot = play(model, change('loginId', SAMPLE_OTP_LOGIN), submitLogin, fail('sendCode', apiError(code)));
    expect(snapshot.matches({ editing: state })).toBe(true);
    expect(snapshot.context.errorCode).toBe(code);
  });

  it('once sent, waits for the code with resend locked and keeps the countdown times', () => {
    const snapshot = play(model, ...sent);
    expect(snapshot.matches({ codeSent: { resend: 'locked', entry: { editing: 'idle' } } })).toBe(true);
    expect(snapshot.context.expiresAt).toBe(sampleOtpSent().expiresAt);
    expect(snapshot.can({ type: 'code.resend' })).toBe(false);
    expect(play(model, ...sent, otpResendAvailable).can({ type: 'code.resend' })).toBe(true);
  });

  it('requires six digits before signing in', () => {
    const snapshot = play(model, ...sent, typeCode('12'), submitCode);
    expect(snapshot.context.fieldErrors).toEqual([{ field: 'code', rule: 'sixDigits' }]);
  });

  it('signs in with the login and the code, and ends with the user as output', () => {
    expect(invokedInput(model, entered, 'login')).toEqual({ loginId: SAMPLE_OTP_LOGIN, code: SAMPLE_OTP_CODE });
    const snapshot = play(model, ...entered, done('login', sampleUser()));
    expect(snapshot.status).toBe('done');
    expect(snapshot.output).toEqual(sampleUser());
  });

  it.each([
    ['codeWrong', 'wrong'],
    ['codeNotFound', 'notFound'],
  ] as const)('a %s code stays on the code entry, in %s', (code, state) => {
    const snapshot = play(model, ...entered, fail('login', apiError(code)));
    expect(snapshot.matches({ codeSent: { resend: 'locked', entry: { editing: state } } })).toBe(true);
  });

  it("a school administrator's right code leads back to the login, in editing.schoolAdmin, the sent code forgotten", () => {
    const snapshot = play(model, ...entered, fail('login', apiError('otpSchoolAdmin')));
    expect(snapshot.matches({ editing: 'schoolAdmin' })).toBe(true);
    expect(snapshot.context.errorCode).toBe('otpSchoolAdmin');
    expect(snapshot.context.expiresAt).toBeNull();
    expect(snapshot.context.code).toBe('');
    expect(snapshot.context.values.loginId).toBe(SAMPLE_OTP_LOGIN);
  });

  it('a send refused tooManyRequests (the discovery limits) has its own state, keeping when to try again', () => {
    const snapshot = play(model, change('loginId', SAMPLE_OTP_LOGIN), submitLogin, fail('sendCode', apiError('tooManyRequests', { holdUntil: SAMPLE_HOLD_UNTIL })));
    expect(snapshot.matches({ editing: 'tooManyRequests' })).toBe(true);
    expect(snapshot.context.errorCode).toBe('tooManyRequests');
    expect(snapshot.context.holdUntil).toBe(SAMPLE_HOLD_UNTIL);
  });

  it('a code refused tooManyRequests (the sixth attempt still judged) is the generic failure, with its code', () => {
    const snapshot = play(model, ...entered, fail('login', apiError('tooManyRequests', { holdUntil: SAMPLE_HOLD_UNTIL })));
    expect(snapshot.matches({ codeSent: { entry: { editing: 'failed' } } })).toBe(true);
    expect(snapshot.context.errorCode).toBe('tooManyRequests');
  });

  it('times out when the countdown ends, and says expired when the server does; both offer a resend', () => {
    const timedOut = play(model, ...sent, otpCodeExpiry);
    expect(timedOut.matches('timedOut')).toBe(true);
    const expired = play(model, ...entered, fail('login', apiError('codeExpired')));
    expect(expired.matches('expired')).toBe(true);
    for (const snapshot of [timedOut, expired]) {
      expect(snapshot.context.expiresAt).toBeNull();
      expect(snapshot.can({ type: 'code.resend' })).toBe(true);
      expect(snapshot.can({ type: 'code.submit' })).toBe(false);
    }
  });

  it('is held with the time after the 6th wrong code, and offers the form again when the hold ends', () => {
    const held = play(model, ...entered, fail('login', otpHeldRefusal()));
    expect(held.matches('held')).toBe(true);
    expect(held.context.holdUntil).toBe(SAMPLE_HOLD_UNTIL);
    const after = play(model, ...entered, fail('login', otpHeldRefusal()), otpHoldExpiry);
    expect(after.matches({ editing: 'idle' })).toBe(true);
    expect(play(model, change('loginId', SAMPLE_OTP_LOGIN), submitLogin, fail('sendCode', otpHeldRefusal())).matches('held')).toBe(true);
  });

  it('asks for the robot check at the code entry when the server does (a held network, an unknown browser), sends its token with the code, and spends it', () => {
    const challenged = [...entered, fail('login', apiError('loginChallengeRequired'))] as const;
    const asked = play(model, ...challenged);
    expect(asked.matches({ codeSent: { entry: { editing: 'challenge' } } })).toBe(true);
    expect([asked.context.challenged, asked.context.code]).toEqual([true, SAMPLE_OTP_CODE]);
    // Not solved: the code is not sent.
    const unsolved = play(model, ...challenged, submitCode);
    expect(unsolved.matches({ codeSent: { entry: { editing: 'invalid' } } })).toBe(true);
    expect(unsolved.context.fieldErrors).toEqual([{ field: 'recaptcha', rule: 'recaptcha' }]);
    const solve = { type: 'recaptcha.solve', token: 'solved' } as const;
    expect(invokedInput(model, [...challenged, solve, submitCode], 'login')).toEqual({ loginId: SAMPLE_OTP_LOGIN, code: SAMPLE_OTP_CODE, recaptchaToken: 'solved' });
    // A wrong code spends the token: the widget stays, to be solved again for the next code.
    const wrong = play(model, ...challenged, solve, submitCode, fail('login', apiError('codeWrong')));
    expect(wrong.matches({ codeSent: { entry: { editing: 'wrong' } } })).toBe(true);
    expect([wrong.context.challenged, wrong.context.recaptcha]).toEqual([true, '']);
    expect(play(model, ...challenged, solve, submitCode, done('login', sampleUser())).matches('done')).toBe(true);
    // A new code sent forgets the challenge: the code entry asks again only if the server does.
    const resent = play(model, ...challenged, solve, otpResendAvailable, { type: 'code.resend' }, done('sendCode', sampleOtpSent()));
    expect([resent.context.challenged, resent.context.recaptcha]).toEqual([false, '']);
  });

  it('can go back to change the login, which forgets the sent code', () => {
    const snapshot = play(model, ...sent, typeCode(SAMPLE_OTP_CODE), { type: 'login.edit' });
    expect(snapshot.matches({ editing: 'idle' })).toBe(true);
    expect(snapshot.context.code).toBe('');
    expect(snapshot.context.values.loginId).toBe(SAMPLE_OTP_LOGIN);
  });

  it('keeps the code of any other failure', () => {
    const snapshot = play(model, ...entered, fail('login', networkError()));
    expect(snapshot.matches({ codeSent: { entry: { editing: 'failed' } } })).toBe(true);
    expect(snapshot.context.errorCode).toBe('network');
  });

  describe('the timers on a live actor', () => {
    afterEach(() => {
      vi.useRealTimers();
    });

    it('enables resend at resendAt and times out at expiresAt', async () => {
      vi.useFakeTimers();
      const actor = startedAfter(model.machine, { now: sampleNow }, sent);
      await expectCountdowns(actor, { resendAfterMs: OTP_RESEND_AFTER_MS, expiryMs: OTP_EXPIRY_MS, expired: 'timedOut' });
      actor.stop();
    });
  });
});

describe('otpLogin: after a reload or a refused resend (issue 26)', () => {
  it('a reload resumes the code entry with the kept login and times', () => {
    const snapshot = play(model, sampleOtpResume());
    expect(snapshot.matches({ codeSent: { resend: 'locked', entry: { editing: 'idle' } } })).toBe(true);
    expect(snapshot.context.values.loginId).toBe(SAMPLE_OTP_LOGIN);
    expect(snapshot.context.expiresAt).toBe(sampleOtpSent().expiresAt);
    expect(snapshot.context.resendAt).toBe(sampleOtpSent().resendAt);
    expect(invokedInput(model, [sampleOtpResume(), typeCode(SAMPLE_OTP_CODE), submitCode], 'login')).toEqual({ loginId: SAMPLE_OTP_LOGIN, code: SAMPLE_OTP_CODE });
  });

  it('a kept code that has expired is not resumed: the form is shown', () => {
    const expired = { ...sampleOtpResume(), expiresAt: new Date(sampleNow() - 1000).toISOString() };
    const start = play(model);
    expect(start.can(expired)).toBe(false);
    expect(start.can(sampleOtpResume())).toBe(true);
  });

  it('a resend refused as too soon keeps when a new code may be asked for and offers the code emailed', () => {
    const refused = play(model, ...tooSoon);
    expect(refused.matches({ editing: 'tooSoon' })).toBe(true);
    expect(refused.context.resendAt).toBe(SAMPLE_WAITING_RESEND_AT);
    // Sent a minute before the resend time, valid ten minutes from then.
    expect(refused.context.expiresAt).toBe(new Date(Date.parse(SAMPLE_WAITING_RESEND_AT) - OTP_RESEND_AFTER_MS + OTP_EXPIRY_MS).toISOString());
    const entering = play(model, ...tooSoon, { type: 'code.enter' });
    expect(entering.matches({ codeSent: { resend: 'locked', entry: { editing: 'idle' } } })).toBe(true);
    expect(entering.context.errorCode).toBeNull();
  });

  it('without the server time there is no code to enter; changing the login forgets the wait', () => {
    const bare = play(model, change('loginId', SAMPLE_OTP_LOGIN), submitLogin, fail('sendCode', apiError('codeResendTooSoon')));
    expect(bare.can({ type: 'code.enter' })).toBe(false);
    const changed = play(model, ...tooSoon, change('loginId', 'someone_else'));
    expect(changed.matches({ editing: 'idle' })).toBe(true);
    expect(changed.context.resendAt).toBeNull();
    expect(changed.can({ type: 'code.enter' })).toBe(false);
  });
});
