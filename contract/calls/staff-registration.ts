import { declareCall } from '../call.ts';
import { StaffRegistrationRequestSchema, StaffRegistrationResultSchema } from '../schemas/staff-registration.ts';

/** Staff registration (issue 12, SPEC §2 /edb/register; docs/decisions/school-exports.md). */

export const register = declareCall({
  name: 'staffRegistration.register',
  method: 'post',
  path: 'edb/register',
  request: StaffRegistrationRequestSchema,
  response: StaffRegistrationResultSchema,
  codes: ['termsNotAccepted', 'recaptchaFailed', 'loginIdTaken', 'emailTaken', 'staffEmailDomainNotAccepted', 'indecentLanguage', 'tooManyRequests'],
  summary:
    "Creates a pending school-based staff account of the school whose teacher email domains hold the email's domain, and emails its activation link. Every field problem is answered at once in `fields`.",
  // With a reCAPTCHA token (up to 4,000 characters).
  bodyLimit: { bytes: 16 * 1024 },
});
