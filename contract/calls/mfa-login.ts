import * as v from 'valibot';
import { declareCall } from '../call.ts';
import { UserSchema } from '../schemas/account.ts';
import { MfaSetupRequestSchema, MfaStatusSchema } from '../schemas/mfa-login.ts';

/**
 * The second factor of a school administrator's login (docs/decisions/mfa-login.md). No session yet:
 * each call reads the pending sign-in from the `portal_mfa` cookie set by POST /auth/login. The
 * emailed link is followed with `emailVerification.verify` (kind `mfa`).
 */

export const mfaStatus = declareCall({
  name: 'mfaLogin.status',
  method: 'get',
  base: 'auth',
  path: 'mfa/status',
  response: MfaStatusSchema,
  codes: ['mfaExpired', 'held'],
  summary: 'Where the pending two-factor sign-in stands (polled while the link is awaited).',
});

export const mfaSetup = declareCall({
  name: 'mfaLogin.setup',
  method: 'post',
  base: 'auth',
  path: 'mfa/email',
  request: MfaSetupRequestSchema,
  response: MfaStatusSchema,
  codes: ['mfaExpired', 'held', 'mfaEmailNotAcceptable', 'mfaEmailInUse', 'mfaEmailPending', 'mfaEmailTeacherVerified', 'mfaEmailNotUsable', 'mfaEmailIsLoginEmail', 'codeResendTooSoon', 'tooManyRequests'],
  summary: 'Sets up the first two-factor email of the account (or another one while the link is awaited) and emails its confirmation link.',
});

export const mfaResend = declareCall({
  name: 'mfaLogin.resend',
  method: 'post',
  base: 'auth',
  path: 'mfa/resend',
  response: MfaStatusSchema,
  codes: ['mfaExpired', 'held', 'codeResendTooSoon'],
  summary: 'Emails a new confirmation link (the previous one stops working) once the resend wait has passed.',
});

export const mfaComplete = declareCall({
  name: 'mfaLogin.complete',
  method: 'post',
  base: 'auth',
  path: 'mfa/complete',
  response: v.object({ user: UserSchema }),
  codes: ['mfaExpired', 'held', 'mfaNotCompleted'],
  summary: 'Completes the sign-in once the link was followed: a new session cookie, the pending one cleared.',
});
