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
  type AccountCategory,
  type Permission,
  type SubscriptionService,
} from '../constants.ts';
import type { Language } from '../languages.ts';
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
/**
 * POST /auth/login's answer: signed in, or (school administrators) a second factor to give on
 * /mfa-login first; the browser then holds only the pending sign-in's cookie, no session.
 */
export type LoginAnswer = { status: 'signedIn'; user: User } | { status: 'secondFactor'; setupNeeded: boolean; expiresAt: string };

export interface User {
  userId: string;
  loginId: string;
  loginEmail: string | null;
  contactEmail: string | null;
  category: AccountCategory;
  displayName: string;
  schoolCode: string | null;
  permissions: Permission[];
  userFamilyRoles: string[];
  language: Language;
}

/** GET /api/settings: server settings the client needs before any form. */
export interface PublicSettings {
  passwordMinLength: number;
  passwordComplexity: number;
  /** Google reCAPTCHA site key; null in development, where the local stand-in is used. */
  recaptchaSiteKey: string | null;
  supportEmail: string;
  /** True only in development: the dev mailbox exists. */
  devMailbox: boolean;
  /** The platform's other services the profile menu links to; null: not offered here (the entry is not shown). */
  platformLinks: PlatformLinks;
}

/** Addresses of the platform's other services (server settings SELF_SERVICE_URL, MY_RECORDS_URL, SUBSCRIPTION_URL, EMAIL_FORWARDING_URL). */
export interface PlatformLinks {
  selfService: string | null;
  myRecords: string | null;
  subscription: string | null;
  emailForwarding: string | null;
}

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
export interface RegistrationResult {
  /** Where the activation link went. */
  email: string;
}

// ---- Activation (SPEC §7) ----------------------------------------------------------------------

export const ActivationCheckRequestSchema = v.object({ encryptCode: LinkTokenSchema });
export type ActivationCheckRequest = v.InferInput<typeof ActivationCheckRequestSchema>;
/** A valid, unused activation record. Used, expired and unknown records answer with their codes. */
export interface ActivationRecord {
  userId: string;
  loginId: string;
  email: string | null;
  kind: 'user' | 'buyer';
}

export const ActivateRequestSchema = v.pipe(
  v.object({ encryptCode: LinkTokenSchema, ...newPasswordEntries }),
  confirmMatches(),
);
export type ActivateRequest = v.InferInput<typeof ActivateRequestSchema>;
export interface ActivateResult {
  userId: string;
}

export const ActivationSubscribeRequestSchema = v.object({
  encryptCode: LinkTokenSchema,
  userId: v.pipe(v.string('required'), v.nonEmpty('required'), v.maxLength(64, 'maxLength')),
  services: v.pipe(v.array(v.picklist(SUBSCRIPTION_SERVICES, 'format'), 'format'), v.maxLength(SUBSCRIPTION_SERVICES.length, 'maxLength')),
});
export type ActivationSubscribeRequest = v.InferInput<typeof ActivationSubscribeRequestSchema>;
export interface SubscriptionsResult {
  services: SubscriptionService[];
}

// ---- Forgot, reset and change password ---------------------------------------------------------

export const ForgotPasswordRequestSchema = v.variant('by', [
  v.object({ by: v.literal('email'), email: EmailSchema, lang: LanguageSchema }),
  v.object({ by: v.literal('loginId'), loginId: v.pipe(requiredText(EMAIL_MAX), v.toLowerCase()), lang: LanguageSchema }),
], 'required');
export type ForgotPasswordRequest = v.InferInput<typeof ForgotPasswordRequestSchema>;
export interface ForgotPasswordResult {
  /** The address the link went to, masked (`p•••1@demo.test`). */
  maskedEmail: string;
}

export const ResetCheckRequestSchema = v.object({ token: LinkTokenSchema });
export type ResetCheckRequest = v.InferInput<typeof ResetCheckRequestSchema>;
export interface ResetRecord {
  loginId: string;
}

export const ResetPasswordRequestSchema = v.pipe(v.object({ token: LinkTokenSchema, ...newPasswordEntries }), confirmMatches());
export type ResetPasswordRequest = v.InferInput<typeof ResetPasswordRequestSchema>;

export const ChangePasswordRequestSchema = v.pipe(
  v.object({ currentPassword: PasswordSchema, ...newPasswordEntries }),
  confirmMatches(),
);
export type ChangePasswordRequest = v.InferInput<typeof ChangePasswordRequestSchema>;

/** Where invalid reset links send the browser: `/reset-password-invalid/{type}`. */
export const RESET_INVALID_TYPES = ['used', 'expired', 'notFound'] as const;
export type ResetInvalidType = (typeof RESET_INVALID_TYPES)[number];
