import * as v from 'valibot';
import { EMAIL_MAX } from '../constants.ts';
import { CodeSchema, RecaptchaSchema, requiredText } from './common.ts';

/**
 * POST /auth/otp/send: `loginId` is a login ID or a login email. The email is written in the
 * account's own language, not the page's: whoever types a login cannot choose it. `recaptchaToken`:
 * a solved widget, sent once the server answered `loginChallengeRequired` (the login is flooded).
 */
export const OtpSendRequestSchema = v.object({
  loginId: v.pipe(requiredText(EMAIL_MAX), v.toLowerCase()),
  recaptchaToken: v.optional(RecaptchaSchema),
});
export type OtpSendRequest = v.InferInput<typeof OtpSendRequestSchema>;

export const OtpSendResultSchema = v.object({
  /** ISO time the emailed code stops being accepted. */
  expiresAt: v.string(),
  /** ISO time a new code may be asked for. */
  resendAt: v.string(),
});
export type OtpSendResult = v.InferOutput<typeof OtpSendResultSchema>;

/**
 * POST /auth/otp/login: the same login as the send, and the six digits from the email.
 * `recaptchaToken`: a solved widget, sent once the server answered `loginChallengeRequired` (this
 * browser's network is held for the account after too many wrong codes, docs/decisions/holds.md).
 */
export const OtpLoginRequestSchema = v.object({
  loginId: v.pipe(requiredText(EMAIL_MAX), v.toLowerCase()),
  code: CodeSchema,
  recaptchaToken: v.optional(RecaptchaSchema),
});
export type OtpLoginRequest = v.InferInput<typeof OtpLoginRequestSchema>;
