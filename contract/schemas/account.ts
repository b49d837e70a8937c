import * as v from 'valibot';
import {
  ACCOUNT_CATEGORIES,
  EMAIL_MAX,
  LOGIN_ID_MAX,
  LOGIN_ID_MIN,
  LOGIN_ID_PATTERN,
  NICKNAME_MAX,
  PERMISSIONS,
  SUBSCRIPTION_SERVICES,
} from '../constants.ts';
import {
  EmailSchema,
  LanguageSchema,
  LinkTokenSchema,
  PasswordSchema,
  RecaptchaSchema,
  confirmMatches,
  newPasswordEntries,
  requiredText,
} from './common.ts';
import { SubscriptionServicesSchema } from './email-subscriptions.ts';

// ---- Session ---------------------------------------------------------------------------------

/** POST /auth/login: `loginId` is a login ID or a login email. */
export const LoginRequestSchema = v.object({
  loginId: v.pipe(requiredText(EMAIL_MAX), v.toLowerCase()),
  password: PasswordSchema,
  /** The reCAPTCHA token, once the server answered `loginChallengeRequired` (the account is over its budget of wrong passwords from unknown browsers). */
  recaptchaToken: v.optional(RecaptchaSchema),
});
export type LoginRequest = v.InferInput<typeof LoginRequestSchema>;

export const UserSchema = v.object({
  userId: v.string(),
  /** The login ID (SPEC's cityId). */
  loginId: v.string(),
  loginEmail: v.nullable(v.string()),
  contactEmail: v.nullable(v.string()),
  category: v.picklist(ACCOUNT_CATEGORIES),
  displayName: v.string(),
  schoolCode: v.nullable(v.string()),
  permissions: v.array(v.picklist(PERMISSIONS)),
  userFamilyRoles: v.array(v.string()),
  language: LanguageSchema,
});
export type User = v.InferOutput<typeof UserSchema>;

/**
 * POST /auth/login's answer: signed in, or (school administrators) a second factor to give on
 * /mfa-login first; the browser then holds only the pending sign-in's cookie, no session.
 */
export const LoginAnswerSchema = v.variant('status', [
  v.object({ status: v.literal('signedIn'), user: UserSchema }),
  v.object({ status: v.literal('secondFactor'), setupNeeded: v.boolean(), expiresAt: v.string() }),
]);
export type LoginAnswer = v.InferOutput<typeof LoginAnswerSchema>;

/** Addresses of the platform's other services (server settings SELF_SERVICE_URL, MY_RECORDS_URL, SUBSCRIPTION_URL, EMAIL_FORWARDING_URL). */
export const PlatformLinksSchema = v.object({
  selfService: v.nullable(v.string()),
  myRecords: v.nullable(v.string()),
  subscription: v.nullable(v.string()),
  emailForwarding: v.nullable(v.string()),
});
export type PlatformLinks = v.InferOutput<typeof PlatformLinksSchema>;

/** GET /api/settings: server settings the client needs before any form. */
export const PublicSettingsSchema = v.object({
  passwordMinLength: v.number(),
  passwordComplexity: v.number(),
  /** Google reCAPTCHA site key; null in development, where the local stand-in is used. */
  recaptchaSiteKey: v.nullable(v.string()),
  supportEmail: v.string(),
  /** True only in development: the dev mailbox exists. */
  devMailbox: v.boolean(),
  /** The platform's other services the profile menu links to; null: not offered here (the entry is not shown). */
  platformLinks: PlatformLinksSchema,
});
export type PublicSettings = v.InferOutput<typeof PublicSettingsSchema>;

// ---- Registration ------------------------------------------------------------------------------

export const RegistrationRequestSchema = v.object({
  loginId: v.pipe(
    v.string('required'),
    v.trim(),
    v.nonEmpty('required'),
    v.toLowerCase(),
    v.minLength(LOGIN_ID_MIN, 'minLength'),
    v.maxLength(LOGIN_ID_MAX, 'maxLength'),
    v.regex(LOGIN_ID_PATTERN, 'format'),
  ),
  email: EmailSchema,
  displayName: requiredText(NICKNAME_MAX),
  acceptTerms: v.literal(true, 'accepted'),
  recaptcha: RecaptchaSchema,
  lang: LanguageSchema,
});
export type RegistrationRequest = v.InferInput<typeof RegistrationRequestSchema>;
export const RegistrationResultSchema = v.object({
  /** Where the activation link went. */
  email: v.string(),
});
export type RegistrationResult = v.InferOutput<typeof RegistrationResultSchema>;

// ---- Activation (SPEC §7) ----------------------------------------------------------------------

export const ActivationCheckRequestSchema = v.object({ encryptCode: LinkTokenSchema });
export type ActivationCheckRequest = v.InferInput<typeof ActivationCheckRequestSchema>;
/** A valid, unused activation record. Used, expired and unknown records answer with their codes. */
export const ActivationRecordSchema = v.object({ userId: v.string(), loginId: v.string(), email: v.nullable(v.string()), kind: v.picklist(['user', 'buyer']) });
export type ActivationRecord = v.InferOutput<typeof ActivationRecordSchema>;

export const ActivateRequestSchema = v.pipe(
  v.object({ encryptCode: LinkTokenSchema, ...newPasswordEntries }),
  confirmMatches(),
);
export type ActivateRequest = v.InferInput<typeof ActivateRequestSchema>;
export const ActivateResultSchema = v.object({ userId: v.string() });
export type ActivateResult = v.InferOutput<typeof ActivateResultSchema>;

export const ActivationSubscribeRequestSchema = v.object({
  encryptCode: LinkTokenSchema,
  userId: v.pipe(v.string('required'), v.nonEmpty('required'), v.maxLength(64, 'maxLength')),
  services: v.pipe(v.array(v.picklist(SUBSCRIPTION_SERVICES, 'format'), 'format'), v.maxLength(SUBSCRIPTION_SERVICES.length, 'maxLength')),
});
export type ActivationSubscribeRequest = v.InferInput<typeof ActivationSubscribeRequestSchema>;
export const SubscriptionsResultSchema = v.object({ services: SubscriptionServicesSchema });
export type SubscriptionsResult = v.InferOutput<typeof SubscriptionsResultSchema>;

// ---- Forgot, reset and change password ---------------------------------------------------------

/** `recaptchaToken`: a solved widget, sent once the server answered `loginChallengeRequired` (the login or email is flooded). */
export const ForgotPasswordRequestSchema = v.variant('by', [
  v.object({ by: v.literal('email'), email: EmailSchema, lang: LanguageSchema, recaptchaToken: v.optional(RecaptchaSchema) }),
  v.object({ by: v.literal('loginId'), loginId: v.pipe(requiredText(EMAIL_MAX), v.toLowerCase()), lang: LanguageSchema, recaptchaToken: v.optional(RecaptchaSchema) }),
], 'required');
export type ForgotPasswordRequest = v.InferInput<typeof ForgotPasswordRequestSchema>;
export const ForgotPasswordResultSchema = v.object({
  /** The address the link went to, masked (`p•••1@demo.test`). */
  maskedEmail: v.string(),
});
export type ForgotPasswordResult = v.InferOutput<typeof ForgotPasswordResultSchema>;

export const ResetCheckRequestSchema = v.object({ token: LinkTokenSchema });
export type ResetCheckRequest = v.InferInput<typeof ResetCheckRequestSchema>;
export const ResetRecordSchema = v.object({ loginId: v.string() });
export type ResetRecord = v.InferOutput<typeof ResetRecordSchema>;

export const ResetPasswordRequestSchema = v.pipe(v.object({ token: LinkTokenSchema, ...newPasswordEntries }), confirmMatches());
export type ResetPasswordRequest = v.InferInput<typeof ResetPasswordRequestSchema>;

export const ChangePasswordRequestSchema = v.pipe(
  v.object({ currentPassword: PasswordSchema, ...newPasswordEntries }),
  confirmMatches(),
);
export type ChangePasswordRequest = v.InferInput<typeof ChangePasswordRequestSchema>;

/**
 * Where invalid reset links send the browser: `/reset-password-invalid/{type}` (and
 * `?reason=` of the activation pages): one page per SPEC §8 reason.
 */
export const RESET_INVALID_TYPES = ['used', 'expired', 'notFound', 'wrongUrl', 'userNotFound'] as const;
export type ResetInvalidType = (typeof RESET_INVALID_TYPES)[number];
