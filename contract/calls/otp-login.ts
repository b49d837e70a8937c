import { declareCall } from '../call.ts';
import { UserSchema } from '../schemas/account.ts';
import { OtpLoginRequestSchema, OtpSendRequestSchema, OtpSendResultSchema } from '../schemas/otp-login.ts';

/** One-time password login (issue 9, SPEC §2 `/otp-login`, §4, §8 OTP; docs/decisions/otp-login.md). */


export const send = declareCall({
  name: 'otpLogin.send',
  method: 'post',
  base: 'auth',
  path: 'otp/send',
  request: OtpSendRequestSchema,
  response: OtpSendResultSchema,
  codes: ['otpUnknownLogin', 'otpNoEmail', 'accountInactive', 'otpHeld', 'codeResendTooSoon', 'otpSendLimit', 'tooManyRequests', 'loginChallengeRequired'],
  summary:
    "Emails a six-digit one-time password to the account's login email (school administrators' too); a new code replaces the previous one. Counted per address group and per login typed (`tooManyRequests`); a login flooded from the asking network answers `loginChallengeRequired` until the request carries a solved `recaptchaToken`.",
  // With a reCAPTCHA token once the login is flooded (up to 4,000 characters).
  bodyLimit: { bytes: 16 * 1024 },
});

export const login = declareCall({
  name: 'otpLogin.login',
  method: 'post',
  base: 'auth',
  path: 'otp/login',
  request: OtpLoginRequestSchema,
  response: UserSchema,
  codes: ['codeWrong', 'codeExpired', 'codeNotFound', 'otpHeld', 'otpSchoolAdmin', 'tooManyRequests', 'loginChallengeRequired'],
  summary:
    "Signs in with the emailed one-time password (usable once); sets a new session cookie and the browser's device cookie. A school administrator's right code is spent and answered `otpSchoolAdmin`, with no session; an unknown login is answered `codeNotFound`. After more than 5 wrong codes a known browser (device cookie) is held (`otpHeld`); a browser the account does not know, behind the network that sent them, is answered `loginChallengeRequired` until the attempt carries a solved `recaptchaToken`.",
  // With a reCAPTCHA token once the network is held for the account (up to 4,000 characters).
  bodyLimit: { bytes: 16 * 1024 },
});
