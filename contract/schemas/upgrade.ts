import * as v from 'valibot';
import { EMAIL_MAX, GENDERS, SELF_CLAIMED_ROLES } from '../constants.ts';
import { CodeSchema, confirmMatches, EmailSchema, newPasswordEntries, PasswordSchema, RecaptchaSchema, requiredText } from './common.ts';
import { isBirthYear } from './years.ts';

/**
 * Membership upgrades (issue 11, SPEC §2 Upgrade popups, §4). Each kind is a wizard whose progress
 * the server keeps (docs/decisions.md: the resume window); the email-code step is shared by every
 * kind, so its calls take the kind.
 */
export const UPGRADE_KINDS = ['studentMember', 'fullMember'] as const;
export type UpgradeKind = (typeof UPGRADE_KINDS)[number];
export const UpgradeKindSchema = v.picklist(UPGRADE_KINDS, 'format');

/**
 * The step an upgrade has reached on the server: `intro` (nothing kept yet), `email` (terms
 * accepted, or the full-member upgrade started), `code` (a code was sent to `email`), then the
 * kind's own steps (student member: `subscribe`, `link`; full member: `phone`, `info`), `done` at the end.
 */
export const UPGRADE_STEPS = ['intro', 'email', 'code', 'subscribe', 'link', 'phone', 'info', 'done'] as const;
export type UpgradeStep = (typeof UPGRADE_STEPS)[number];

export const UpgradeProgressSchema = v.object({
  kind: UpgradeKindSchema,
  step: v.picklist(UPGRADE_STEPS),
  /** The personal email given at the email step (null before it). */
  email: v.nullable(v.string()),
  /** The newsletter choice of the student-member upgrade (null before that step). */
  subscribe: v.nullable(v.boolean()),
  /** ISO time the emailed code stops being accepted (step `code`). */
  codeExpiresAt: v.nullable(v.string()),
  /** ISO time a new code may be asked for (step `code`). */
  codeResendAt: v.nullable(v.string()),
  /** ISO time until which the server keeps this progress (null at `intro`). */
  resumeUntil: v.nullable(v.string()),
});
export type UpgradeProgress = v.InferOutput<typeof UpgradeProgressSchema>;

export const UpgradeProgressRequestSchema = v.object({ kind: UpgradeKindSchema });
export type UpgradeProgressRequest = v.InferInput<typeof UpgradeProgressRequestSchema>;

/** The terms must be accepted (rule `accepted` on `acceptTerms`). */
export const UpgradeTermsRequestSchema = v.object({
  kind: UpgradeKindSchema,
  acceptTerms: v.literal(true, 'accepted'),
});
export type UpgradeTermsRequest = v.InferInput<typeof UpgradeTermsRequestSchema>;

/** The personal email the code goes to (SPEC §5 Upgrade popups: required and valid). */
export const UpgradeEmailRequestSchema = v.object({ kind: UpgradeKindSchema, email: EmailSchema });
export type UpgradeEmailRequest = v.InferInput<typeof UpgradeEmailRequestSchema>;

export const UpgradeCodeRequestSchema = v.object({ kind: UpgradeKindSchema, code: CodeSchema });
export type UpgradeCodeRequest = v.InferInput<typeof UpgradeCodeRequestSchema>;

export const StudentSubscribeRequestSchema = v.object({ subscribe: v.boolean('required') });
export type StudentSubscribeRequest = v.InferInput<typeof StudentSubscribeRequestSchema>;

/** Link step: a password for the new member login (the verified email), … */
export const StudentFinishCreateSchema = v.pipe(v.object({ mode: v.literal('create'), ...newPasswordEntries }), confirmMatches());
/** … or an existing member account's login name (or login email) and password. */
export const StudentFinishLinkSchema = v.object({
  mode: v.literal('link'),
  loginId: v.pipe(requiredText(EMAIL_MAX), v.toLowerCase()),
  password: PasswordSchema,
  /** As in the password login: the reCAPTCHA token once `loginChallengeRequired` was answered (the member account is over its budget of wrong passwords). */
  recaptchaToken: v.optional(RecaptchaSchema),
});
export const StudentFinishRequestSchema = v.variant('mode', [StudentFinishCreateSchema, StudentFinishLinkSchema]);
export type StudentFinishRequest = v.InferInput<typeof StudentFinishRequestSchema>;

/** Starts an upgrade that has no terms step (the full-member upgrade's welcome). */
export const UpgradeStartRequestSchema = v.object({ kind: UpgradeKindSchema });
export type UpgradeStartRequest = v.InferInput<typeof UpgradeStartRequestSchema>;

/**
 * Full-member upgrade, user information (SPEC §5 Upgrade popups: gender, birth year and
 * self-claimed role required). The year is a four-digit year from BIRTH_YEAR_MIN to this year;
 * the roles are the profile's self-claimed roles, at least one.
 */
export const FullInfoRequestSchema = v.object({
  gender: v.picklist(GENDERS, 'required'),
  yearOfBirth: v.pipe(
    v.string('required'),
    v.trim(),
    v.nonEmpty('required'),
    v.regex(/^\d{4}$/, 'numeric'),
    v.check(isBirthYear, 'yearRange'),
  ),
  roles: v.pipe(v.array(v.picklist(SELF_CLAIMED_ROLES, 'format'), 'required'), v.minLength(1, 'required'), v.maxLength(SELF_CLAIMED_ROLES.length, 'maxLength')),
});
export type FullInfoRequest = v.InferInput<typeof FullInfoRequestSchema>;
