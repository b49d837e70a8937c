import * as v from 'valibot';
import { LOGIN_ID_MAX, LOGIN_ID_MIN, LOGIN_ID_PATTERN, NAME_MAX } from '../constants.ts';
import { EmailSchema, LanguageSchema, RecaptchaSchema, requiredText } from './common.ts';

// ---- Staff registration (/edb/register, issue 12) ---------------------------------------------

/**
 * POST /api/edb/register: a school staff member's own registration. The school is the one whose
 * teacher email domains hold the email's domain; the names are the school's record of them
 * (`school_staff`), the English name also the display name.
 */
export const StaffRegistrationRequestSchema = v.object({
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
  enFullName: requiredText(NAME_MAX),
  /** Optional: not every staff member has a Chinese name. */
  chFullName: v.pipe(v.string('format'), v.trim(), v.maxLength(NAME_MAX, 'maxLength')),
  acceptTerms: v.literal(true, 'accepted'),
  recaptcha: RecaptchaSchema,
  lang: LanguageSchema,
});
export type StaffRegistrationRequest = v.InferInput<typeof StaffRegistrationRequestSchema>;

export const StaffRegistrationResultSchema = v.object({
  /** Where the activation link went. */
  email: v.string(),
  /** The school the account will belong to, as the school calls itself. */
  schoolName: v.string(),
});
export type StaffRegistrationResult = v.InferOutput<typeof StaffRegistrationResultSchema>;
