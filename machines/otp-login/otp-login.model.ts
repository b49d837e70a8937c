import { OTP_RESEND_AFTER_MS, OTP_VALIDITY_MS } from '../../contract/constants.ts';
import type { OtpSendResult } from '../../contract/schemas/otp-login.ts';
import { apiError, changes, contextKey, defineModel, done, fail, fillField, fillInOrder, networkError, SAMPLE_HOLD_UNTIL, SAMPLE_NOW, sampleNow, sampleUser, timerEvent } from '../model-kit.ts';
import { CHALLENGE_FILL, CHALLENGE_SOLVE } from '../login/index.ts';
import { otpLoginMachine } from './otp-login.machine.ts';

type Machine = typeof otpLoginMachine;

export const SAMPLE_OTP_LOGIN = 'demo_public1';
export const SAMPLE_OTP_CODE = '482913';
/** The server's waits (contract/constants.ts): a new code after a minute, each code valid 10 minutes. */
export { OTP_RESEND_AFTER_MS };
export const OTP_EXPIRY_MS = OTP_VALIDITY_MS;
/** A code emailed 30 seconds before the demo clock's noon: a new one may be asked for 30 seconds after. */
export const SAMPLE_WAITING_RESEND_AT = new Date(SAMPLE_NOW + 30_000).toISOString();

/** A code sent at the demo clock's noon. */
export function sampleOtpSent(): OtpSendResult {
  return { resendAt: new Date(SAMPLE_NOW + OTP_RESEND_AFTER_MS).toISOString(), expiresAt: new Date(SAMPLE_NOW + OTP_EXPIRY_MS).toISOString() };
}

export const otpResendAvailable = timerEvent<Machine>('resendAfter', 'otpLogin.codeSent.resend.locked');
export const otpCodeExpiry = timerEvent<Machine>('codeExpiry', 'otpLogin.codeSent');
export const otpHoldExpiry = timerEvent<Machine>('holdExpiry', 'otpLogin.held');
export const otpHeldRefusal = () => apiError('otpHeld', { holdUntil: SAMPLE_HOLD_UNTIL });
/** A new code asked for while the one emailed still waits: the server says when a new one may be asked for. */
export const otpTooSoonRefusal = () => apiError('codeResendTooSoon', { holdUntil: SAMPLE_WAITING_RESEND_AT });
/** The page reloaded on the code entry: what it kept of the code sent at noon. */
export function sampleOtpResume() {
  return { type: 'code.resume', loginId: SAMPLE_OTP_LOGIN, ...sampleOtpSent() } as const;
}

const typedCode = { type: 'code.change', value: SAMPLE_OTP_CODE } as const;
/** The login is flooded from this network (docs/decisions/holds.md): the server asks for the challenge instead of a wait. */
const challenged = [...changes('loginId', SAMPLE_OTP_LOGIN), { type: 'form.submit' }, fail('sendCode', apiError('loginChallengeRequired'))] as const;
/** A code was sent, and the code typed is answered with the robot check (this network is held for the account, the browser unknown to it). */
const codeChallenged = [
  ...changes('loginId', SAMPLE_OTP_LOGIN),
  { type: 'form.submit' },
  done('sendCode', sampleOtpSent()),
  typedCode,
  { type: 'code.submit' },
  fail('login', apiError('loginChallengeRequired')),
] as const;

const fills = fillInOrder(
  [fillField('loginId', SAMPLE_OTP_LOGIN), CHALLENGE_FILL, { event: typedCode, filled: (snapshot) => (snapshot.context as { code: string }).code === SAMPLE_OTP_CODE }],
  { exclude: ['login.edit', 'code.resend'] },
);

export const otpLoginModel = defineModel(otpLoginMachine, {
  input: { now: sampleNow },
  events: [
    ...changes('loginId', SAMPLE_OTP_LOGIN, ''),
    { type: 'form.submit' },
    done('sendCode', sampleOtpSent()),
    fail('sendCode', otpHeldRefusal()),
    // The server answers it with the time a new code may be asked for (server/domain/otp-login.ts).
    fail('sendCode', otpTooSoonRefusal()),
    sampleOtpResume(),
    { type: 'code.enter' },
    fail('sendCode', apiError('invalidPayload', { fields: [{ field: 'loginId', rule: 'maxLength' }] })),
    fail('sendCode', apiError('tooManyRequests', { holdUntil: SAMPLE_HOLD_UNTIL })),
    fail('sendCode', apiError('loginChallengeRequired')),
    CHALLENGE_SOLVE,
    { type: 'recaptcha.expire' },
    fail('sendCode', networkError()),
    typedCode,
    { type: 'code.change', value: '12' },
    { type: 'code.submit' },
    done('login', sampleUser()),
    fail('login', otpHeldRefusal()),
    // A browser the account does not know, behind a network held for it: the robot check instead of the hold.
    fail('login', apiError('loginChallengeRequired')),
    fail('login', apiError('invalidPayload', { fields: [{ field: 'code', rule: 'sixDigits' }] })),
    fail('login', networkError()),
    { type: 'code.resend' },
    { type: 'login.edit' },
    otpResendAvailable,
    otpCodeExpiry,
    otpHoldExpiry,
  ],
  // Whether the widget was asked for decides where a submit goes (a code typed after an invalid submit, or refused with the challenge): kept in the key.
  key: contextKey('fieldErrors', 'errorCode', 'holdUntil', 'expiresAt', 'resendAt', 'now', 'user', 'recaptcha', 'recaptchaRound'),
  // Once challenged, simple paths stop (each state would count twice); the shortest paths and the challenge's paths below go on.
  simplePathFilter: (snapshot, event) => !(snapshot.context as { challenged: boolean }).challenged && fills(snapshot, event),
  paths: [
    // The login is flooded from this network: sent again before solving (the widget is asked for), solved, sent with the token, and sign in.
    [...challenged, { type: 'form.submit' }, CHALLENGE_SOLVE, { type: 'form.submit' }, done('sendCode', sampleOtpSent()), typedCode, { type: 'code.submit' }, done('login', sampleUser())],
    // A solved token that expired before it was sent must be solved again.
    [...challenged, CHALLENGE_SOLVE, { type: 'recaptcha.expire' }, { type: 'form.submit' }],
    // This network is held for the account after too many wrong codes, and the browser is unknown to it: the code entry asks for the
    // robot check (the code sent again before solving it is stopped by the page), solved, and the right code signs in.
    [...codeChallenged, { type: 'code.submit' }, CHALLENGE_SOLVE, { type: 'code.submit' }, done('login', sampleUser())],
    // Solved, then the token lapsed: solved again before the code is sent; a wrong code keeps the widget (each code costs one).
    [...codeChallenged, CHALLENGE_SOLVE, { type: 'recaptcha.expire' }, { type: 'code.submit' }, CHALLENGE_SOLVE, { type: 'code.submit' }, fail('login', apiError('codeWrong')), { type: 'code.submit' }],
    // A code was emailed a moment ago (another tab): type the one emailed, and sign in.
    [...changes('loginId', SAMPLE_OTP_LOGIN), { type: 'form.submit' }, fail('sendCode', otpTooSoonRefusal()), { type: 'code.enter' }, typedCode, { type: 'code.submit' }, done('login', sampleUser())],
    // The page reloaded on the code entry: the code entry again, and sign in.
    [sampleOtpResume(), typedCode, { type: 'code.submit' }, done('login', sampleUser())],
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
