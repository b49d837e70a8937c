import * as v from 'valibot';
import { CodeSchema, EmailSchema, LanguageSchema, LinkTokenSchema } from './common.ts';
import { SubscriptionServicesSchema } from './email-subscriptions.ts';

/**
 * Mobile numbers and their SMS codes, emailed verification links and email changes (docs/api.md
 * "Profile"). Apart from the profile forms (./profile.ts re-exports them): the full-member
 * upgrade's phone step, the verification link pages and the newsletter pages declare their calls
 * with these alone, so they do not download the profile schemas (issue 26).
 */

/** ITU calling code without the plus: 1 to 3 digits. */
export const CountryCodeSchema = v.pipe(v.string('required'), v.trim(), v.nonEmpty('required'), v.regex(/^\d+$/, 'numeric'), v.maxLength(3, 'maxLength'));
/** National number, digits only; whether it is a mobile of that country is judged with libphonenumber-js. */
export const MobileNumberSchema = v.pipe(v.string('required'), v.trim(), v.nonEmpty('required'), v.regex(/^\d+$/, 'numeric'), v.maxLength(15, 'maxLength'));

// ---- Email verification links (/login-emails/verify, /contact-emails/verify, /teacher-auths/verify, /subscriptions/verify) ----

/** `mfa`: a school administrator's two-factor confirmation (/login-emails/mfa-verify, issue 9). */
export const EMAIL_VERIFICATION_KINDS = ['login', 'contact', 'teacher', 'subscription', 'mfa'] as const;
export type EmailVerificationKind = (typeof EMAIL_VERIFICATION_KINDS)[number];

export const EmailVerifyRequestSchema = v.object({
  kind: v.picklist(EMAIL_VERIFICATION_KINDS, 'format'),
  token: LinkTokenSchema,
});
export type EmailVerifyRequest = v.InferInput<typeof EmailVerifyRequestSchema>;
/** What a followed link applied: the address now in force (and, for subscriptions, the services). */
export const EmailVerifyResultSchema = v.object({ kind: v.picklist(EMAIL_VERIFICATION_KINDS), email: v.string(), services: SubscriptionServicesSchema });
export type EmailVerifyResult = v.InferOutput<typeof EmailVerifyResultSchema>;

// ---- Mobile verification (/profile/mobile-verification) -------------------------------------

export const MobileSendCodeRequestSchema = v.object({
  countryCode: CountryCodeSchema,
  mobile: MobileNumberSchema,
  lang: LanguageSchema,
});
export type MobileSendCodeRequest = v.InferInput<typeof MobileSendCodeRequestSchema>;
export const MobileSendCodeResultSchema = v.object({
  /** ISO time the code stops being accepted. */
  expiresAt: v.string(),
  /** ISO time a new code may be asked for. */
  resendAt: v.string(),
});
export type MobileSendCodeResult = v.InferOutput<typeof MobileSendCodeResultSchema>;

export const MobileVerifyRequestSchema = v.object({
  countryCode: CountryCodeSchema,
  mobile: MobileNumberSchema,
  code: CodeSchema,
});
export type MobileVerifyRequest = v.InferInput<typeof MobileVerifyRequestSchema>;
export const MobileVerifyResultSchema = v.object({ countryCode: v.string(), mobile: v.string(), verified: v.literal(true) });
export type MobileVerifyResult = v.InferOutput<typeof MobileVerifyResultSchema>;

// ---- Login and contact email change ------------------------------------------------------------

/** `teacher` is the teacher profile's teacher email, confirmed on /teacher-auths/verify. */
export const EMAIL_CHANGE_KINDS = ['login', 'contact', 'teacher'] as const;
export type EmailChangeKind = (typeof EMAIL_CHANGE_KINDS)[number];

export const EmailChangeRequestSchema = v.object({
  kind: v.picklist(EMAIL_CHANGE_KINDS, 'format'),
  email: EmailSchema,
  lang: LanguageSchema,
});
export type EmailChangeRequest = v.InferInput<typeof EmailChangeRequestSchema>;
export const EmailChangeResultSchema = v.object({
  /** The new address, waiting for its link to be followed. */
  pendingEmail: v.string(),
  /** ISO time the link expires. */
  expiresAt: v.string(),
});
export type EmailChangeResult = v.InferOutput<typeof EmailChangeResultSchema>;

/** Where an email change stands (`GET`): the address in force and the one waiting for its link. */
export const EmailChangeStatusSchema = v.object({
  kind: v.picklist(EMAIL_CHANGE_KINDS),
  email: v.string(),
  /** Null once the link was followed, or when it expired unused. */
  pendingEmail: v.nullable(v.string()),
});
export type EmailChangeStatus = v.InferOutput<typeof EmailChangeStatusSchema>;
