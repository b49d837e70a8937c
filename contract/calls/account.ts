import * as v from 'valibot';
import { EmptyAnswer, declareCall } from '../call.ts';
import {
  ActivateRequestSchema,
  ActivateResultSchema,
  ActivationCheckRequestSchema,
  ActivationRecordSchema,
  ActivationSubscribeRequestSchema,
  ChangePasswordRequestSchema,
  ForgotPasswordRequestSchema,
  ForgotPasswordResultSchema,
  LoginAnswerSchema,
  LoginRequestSchema,
  PublicSettingsSchema,
  RegistrationRequestSchema,
  RegistrationResultSchema,
  ResetCheckRequestSchema,
  ResetPasswordRequestSchema,
  ResetRecordSchema,
  SubscriptionsResultSchema,
  UserSchema,
} from '../schemas/account.ts';

/** The account core: health, settings, session, registration, activation, passwords (docs/api.md). */

export const health = declareCall({
  name: 'health',
  method: 'get',
  path: 'health',
  response: v.object({ status: v.literal('ok') }),
  summary: 'The process answers (no database work).',
});

export const ready = declareCall({
  name: 'ready',
  method: 'get',
  path: 'ready',
  response: v.object({ status: v.literal('ready') }),
  codes: ['notReady'],
  summary:
    'Readiness for a load balancer: 503 `notReady` while migrations have not all run, the database does not answer, the PostgreSQL change feed is down or the process is draining (checked at most once a second).',
});

export const settings = declareCall({
  name: 'settings',
  method: 'get',
  path: 'settings',
  response: PublicSettingsSchema,
  summary: 'What the client needs before showing a form.',
});

export const login = declareCall({
  name: 'session.login',
  method: 'post',
  base: 'auth',
  path: 'login',
  request: LoginRequestSchema,
  response: LoginAnswerSchema,
  codes: ['loginFailed', 'accountInactive', 'held', 'loginThrottled', 'loginChallengeRequired'],
  summary: 'Checks a login ID or login email and a password: signs in (new session cookie), or for a school administrator starts the second factor (portal_mfa cookie, no session).',
  // With a reCAPTCHA token once the account's guessing budget is spent (up to 4,000 characters).
  bodyLimit: { bytes: 16 * 1024 },
});

export const logout = declareCall({
  name: 'session.logout',
  method: 'post',
  base: 'auth',
  path: 'logout',
  response: EmptyAnswer,
  summary: 'Ends the session, if any, and clears the cookie.',
});

export const me = declareCall({
  name: 'users.me',
  method: 'get',
  path: 'users/me',
  session: true,
  response: UserSchema,
  summary: 'The signed-in user.',
});

export const register = declareCall({
  name: 'users.register',
  method: 'post',
  path: 'users/register',
  request: RegistrationRequestSchema,
  response: RegistrationResultSchema,
  codes: ['termsNotAccepted', 'recaptchaFailed', 'loginIdTaken', 'emailTaken', 'indecentLanguage', 'tooManyRequests'],
  summary: 'Creates a pending public account and emails its activation link.',
  // With a reCAPTCHA token (up to 4,000 characters).
  bodyLimit: { bytes: 16 * 1024 },
});

export const activationCheck = declareCall({
  name: 'activation.checkRecord',
  method: 'post',
  path: 'user-activate/check-record',
  request: ActivationCheckRequestSchema,
  response: ActivationRecordSchema,
  codes: ['recordNotFound', 'wrongUrl', 'alreadyUsed', 'expired', 'userNotFound'],
  summary: 'Reads an activation link before the password form shows.',
});

const activationCodes = ['recordNotFound', 'wrongUrl', 'alreadyUsed', 'expired', 'userNotFound', 'passwordTooShort', 'passwordTooSimple', 'passwordTooCommon'] as const;

export const activate = declareCall({
  name: 'activation.activate',
  method: 'post',
  path: 'user-activate',
  request: ActivateRequestSchema,
  response: ActivateResultSchema,
  codes: activationCodes,
  summary: 'Sets the first password of a registered account and signs it in.',
});

export const activateBuyer = declareCall({
  name: 'activation.activateBuyer',
  method: 'post',
  path: 'user-activate/buyer',
  request: ActivateRequestSchema,
  response: ActivateResultSchema,
  codes: activationCodes,
  summary: "Sets the first password of an account a school's purchase created, and signs it in.",
});

export const activationSubscribe = declareCall({
  name: 'activation.subscribe',
  method: 'post',
  path: 'user-activate/subscribe',
  session: true,
  request: ActivationSubscribeRequestSchema,
  response: SubscriptionsResultSchema,
  codes: ['forbidden', 'recordNotFound', 'wrongUrl', 'expired'],
  summary: 'Newsletter choices made right after activation.',
});

export const forgotPassword = declareCall({
  name: 'password.forgot',
  method: 'post',
  path: 'password/forgot',
  request: ForgotPasswordRequestSchema,
  response: ForgotPasswordResultSchema,
  codes: ['emailNotFound', 'loginIdNotFound', 'accountHasNoEmail', 'accountInactive', 'userNotFound', 'held', 'tooManyRequests', 'loginChallengeRequired'],
  summary:
    'Emails a password reset link. Counted per address group and per login or email typed (`tooManyRequests`); a login or email flooded from the asking network answers `loginChallengeRequired` until the request carries a solved `recaptchaToken`.',
  // With a reCAPTCHA token once the login or email is flooded (up to 4,000 characters).
  bodyLimit: { bytes: 16 * 1024 },
});

export const resetCheck = declareCall({
  name: 'password.resetCheck',
  method: 'post',
  path: 'password/reset/check',
  request: ResetCheckRequestSchema,
  response: ResetRecordSchema,
  codes: ['recordNotFound', 'wrongUrl', 'alreadyUsed', 'expired', 'userNotFound'],
  summary: 'Reads a reset link before the new-password form shows.',
});

export const resetPassword = declareCall({
  name: 'password.reset',
  method: 'post',
  path: 'password/reset',
  request: ResetPasswordRequestSchema,
  response: EmptyAnswer,
  codes: ['recordNotFound', 'wrongUrl', 'alreadyUsed', 'expired', 'userNotFound', 'passwordTooShort', 'passwordTooSimple', 'passwordTooCommon', 'passwordSameAsOld'],
  summary: 'Sets a new password from a reset link; ends every session of the account.',
});

export const changePassword = declareCall({
  name: 'password.change',
  method: 'post',
  path: 'password/change',
  session: true,
  request: ChangePasswordRequestSchema,
  response: EmptyAnswer,
  codes: ['currentPasswordIncorrect', 'passwordSameAsOld', 'passwordTooShort', 'passwordTooSimple', 'passwordTooCommon', 'held'],
  summary: 'Changes the password; other sessions end, this one is renewed.',
});

/** What an activation handler receives, validated. */
export type ActivateInput = v.InferOutput<typeof ActivateRequestSchema>;
