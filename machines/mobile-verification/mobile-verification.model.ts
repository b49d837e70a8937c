import type { MobileSendCodeResult } from '../../contract/schemas/verification.ts';
import { SAMPLE_NOW, sampleNow, timerEvent } from '../model-kit.ts';
import { mobileVerificationMachine } from './mobile-verification.machine.ts';
import { apiError, changes, contextKey, defineModel, done, fail, fillField, fillInOrder, networkError, SAMPLE_HOLD_UNTIL } from '../model-kit.ts';

type Machine = typeof mobileVerificationMachine;

/** A Hong Kong mobile number (9xxxxxxx is MOBILE in libphonenumber-js). */
export const SAMPLE_MOBILE = '91234567';
export const SAMPLE_SMS_CODE = '482913';
export const RESEND_AFTER_MS = 60 * 1000;
export const CODE_EXPIRY_MS = 5 * 60 * 1000;

/** A code sent at the demo clock's noon: resend a minute later, expiry five minutes later. */
export function sampleCodeSent(): MobileSendCodeResult {
  return { resendAt: new Date(SAMPLE_NOW + RESEND_AFTER_MS).toISOString(), expiresAt: new Date(SAMPLE_NOW + CODE_EXPIRY_MS).toISOString() };
}

export const resendAvailable = timerEvent<Machine>('resendAfter', 'mobileVerification.codeSent.resend.locked');
export const codeExpiry = timerEvent<Machine>('codeExpiry', 'mobileVerification.codeSent');
export const mobileHoldExpiry = timerEvent<Machine>('holdExpiry', 'mobileVerification.held');

const typedCode = { type: 'code.change', value: SAMPLE_SMS_CODE } as const;

export const heldRefusal = () => apiError('held', { holdUntil: SAMPLE_HOLD_UNTIL });

export const mobileVerificationModel = defineModel(mobileVerificationMachine, {
  input: { lang: 'en', now: sampleNow },
  events: [
    ...changes('countryCode', '852', ''),
    ...changes('mobile', SAMPLE_MOBILE, '9123abc'),
    { type: 'form.submit' },
    done('sendCode', sampleCodeSent()),
    fail('sendCode', heldRefusal()),
    fail('sendCode', apiError('invalidPayload', { fields: [{ field: 'mobile', rule: 'format' }] })),
    fail('sendCode', networkError()),
    typedCode,
    { type: 'code.change', value: '12' },
    { type: 'code.submit' },
    done('verifyCode', { countryCode: '852', mobile: SAMPLE_MOBILE, verified: true }),
    fail('verifyCode', heldRefusal()),
    fail('verifyCode', apiError('invalidPayload', { fields: [{ field: 'code', rule: 'sixDigits' }] })),
    fail('verifyCode', networkError()),
    { type: 'code.resend' },
    { type: 'number.edit' },
    resendAvailable,
    codeExpiry,
    mobileHoldExpiry,
  ],
  key: contextKey('fieldErrors', 'errorCode', 'holdUntil', 'expiresAt', 'resendAt', 'now', 'lang'),
  simplePathFilter: fillInOrder(
    [
      fillField('countryCode', '852'),
      fillField('mobile', SAMPLE_MOBILE),
      { event: typedCode, filled: (snapshot) => (snapshot.context as { code: string }).code === SAMPLE_SMS_CODE },
    ],
    { exclude: ['number.edit', 'code.resend'] },
  ),
  paths: [
    // Resend once the countdown allows, then verify the new code.
    [
      ...changes('mobile', SAMPLE_MOBILE),
      { type: 'form.submit' },
      done('sendCode', sampleCodeSent()),
      resendAvailable,
      { type: 'code.resend' },
      done('sendCode', sampleCodeSent()),
      typedCode,
      { type: 'code.submit' },
      done('verifyCode', { countryCode: '852', mobile: SAMPLE_MOBILE, verified: true }),
    ],
  ],
});
