import type { OtpSendResult } from '../../contract/schemas/otp-login.ts';
import { apiError, changes, contextKey, defineModel, done, fail, failEach, fillField, fillInOrder, networkError, SAMPLE_HOLD_UNTIL, SAMPLE_NOW, sampleNow, sampleUser, timerEvent } from '../model-kit.ts';
import { otpLoginMachine } from './otp-login.machine.ts';

type Machine = typeof otpLoginMachine;

export const SAMPLE_OTP_LOGIN = 'demo_public1';
export const SAMPLE_OTP_CODE = '482913';
/** The server's waits (server/domain/otp-login.ts): a new code after a minute, each code valid 10 minutes. */
export const OTP_RESEND_AFTER_MS = 60 * 1000;
export const OTP_EXPIRY_MS = 10 * 60 * 1000;

/** A code sent at the demo clock's noon. */
export function sampleOtpSent(): OtpSendResult {
  return { resendAt: new Date(SAMPLE_NOW + OTP_RESEND_AFTER_MS).toISOString(), expiresAt: new Date(SAMPLE_NOW + OTP_EXPIRY_MS).toISOString() };
}

export const otpResendAvailable = timerEvent<Machine>('resendAfter', 'otpLogin.codeSent.resend.locked');
export const otpCodeExpiry = timerEvent<Machine>('codeExpiry', 'otpLogin.codeSent');
export const otpHoldExpiry = timerEvent<Machine>('holdExpiry', 'otpLogin.held');
export const otpHeldRefusal = () => apiError('otpHeld', { holdUntil: SAMPLE_HOLD_UNTIL });

const typedCode = { type: 'code.change', value: SAMPLE_OTP_CODE } as const;

export const otpLoginModel = defineModel(otpLoginMachine, {
  input: { now: sampleNow },
  events: [
    ...changes('loginId', SAMPLE_OTP_LOGIN, ''),
    { type: 'form.submit' },
    done('sendCode', sampleOtpSent()),
    fail('sendCode', otpHeldRefusal()),
    ...failEach('sendCode', ['otpUnknownLogin', 'otpNoEmail', 'accountInactive', 'otpSendLimit', 'codeResendTooSoon']),
    fail('sendCode', apiError('invalidPayload', { fields: [{ field: 'loginId', rule: 'maxLength' }] })),
    fail('sendCode', apiError('tooManyRequests', { holdUntil: SAMPLE_HOLD_UNTIL })),
    fail('sendCode', networkError()),
    typedCode,
    { type: 'code.change', value: '12' },
    { type: 'code.submit' },
    done('login', sampleUser()),
    ...failEach('login', ['codeWrong', 'codeNotFound', 'codeExpired', 'otpSchoolAdmin']),
    fail('login', otpHeldRefusal()),
    fail('login', apiError('invalidPayload', { fields: [{ field: 'code', rule: 'sixDigits' }] })),
    fail('login', networkError()),
    { type: 'code.resend' },
    { type: 'login.edit' },
    otpResendAvailable,
    otpCodeExpiry,
    otpHoldExpiry,
  ],
  key: contextKey('fieldErrors', 'errorCode', 'holdUntil', 'expiresAt', 'resendAt', 'now', 'user'),
  simplePathFilter: fillInOrder(
    [fillField('loginId', SAMPLE_OTP_LOGIN), { event: typedCode, filled: (snapshot) => (snapshot.context as { code: string }).code === SAMPLE_OTP_CODE }],
    { exclude: ['login.edit', 'code.resend'] },
  ),
  paths: [
    // Resend once the countdown allows, then sign in with the new code.
    [
      ...changes('loginId', SAMPLE_OTP_LOGIN),
      { type: 'form.submit' },
      done('sendCode', sampleOtpSent()),
      otpResendAvailable,
      { type: 'code.resend' },
      done('sendCode', sampleOtpSent()),
      typedCode,
      { type: 'code.submit' },
      done('login', sampleUser()),
    ],
  ],
});
