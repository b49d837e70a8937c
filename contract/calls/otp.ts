import * as v from 'valibot';
import { declareCall } from '../call.ts';
import { UserSchema, type User } from '../schemas/account.ts';
import { OtpLoginRequestSchema, OtpSendRequestSchema, type OtpSendResult } from '../schemas/otp.ts';
import { shaped } from './shape.ts';

/** One-time password login (issue 9, SPEC §2 `/otp-login`, §4, §8 OTP; docs/decisions/otp.md). */

/** Refusals of both calls that concern the account itself. */
const ACCOUNT_CODES = ['otpUnknownLogin', 'otpNoEmail', 'accountInactive', 'otpSchoolAdmin', 'otpHeld'] as const;

export const send = declareCall({
  name: 'otp.send',
  method: 'post',
  base: 'auth',
  path: 'otp/send',
  request: OtpSendRequestSchema,
  response: shaped<OtpSendResult>()(v.object({ expiresAt: v.string(), resendAt: v.string() })),
  codes: [...ACCOUNT_CODES, 'codeResendTooSoon', 'otpSendLimit'],
  summary: "Emails a six-digit one-time password to the account's login email; a new code replaces the previous one.",
});

export const login = declareCall({
  name: 'otp.login',
  method: 'post',
  base: 'auth',
  path: 'otp/login',
  request: OtpLoginRequestSchema,
  response: shaped<User>()(UserSchema),
  codes: [...ACCOUNT_CODES, 'codeWrong', 'codeExpired', 'codeNotFound'],
  summary: 'Signs in with the emailed one-time password (usable once); sets a new session cookie.',
});
