import type { FamilyRole } from '../../contract/schemas/family.ts';
import { RECAPTCHA_ON, refusal, REFUSED } from '../form.ts';

/*
 * What the two family forms (create, join) share beyond the form piece: the refusals of the
 * account itself, which say the account cannot be in a family at all, and the request built from
 * the values and the reCAPTCHA token.
 */

/** The family forms' events besides typing and submitting: the robot check, and going back. */
export const FAMILY_FORM_ON = { ...RECAPTCHA_ON, 'form.cancel': 'cancelled' } as const;

/** The account has no login email, is a functional account, or is a student: one state each under `editing`. */
export const ACCOUNT_REFUSED_STATES = {
  noLoginEmail: REFUSED,
  functionalAccount: REFUSED,
  studentOnly: REFUSED,
} as const;

export const ACCOUNT_REFUSAL_ROUTES = [
  refusal('editing.noLoginEmail', 'familyNoLoginEmail'),
  refusal('editing.functionalAccount', 'familyFunctionalAccount'),
  refusal('editing.studentOnly', 'familyStudentOnly'),
] as const;

interface FamilyFormContext<TValues extends { role: FamilyRole | '' }> {
  values: TValues;
  recaptcha: string;
}

/** The form as the schema judges it: the values and the reCAPTCHA token. */
export function familyDraft<TValues extends { role: FamilyRole | '' }>(context: FamilyFormContext<TValues>) {
  return { ...context.values, recaptcha: context.recaptcha };
}

/** The request to send; only reached after `isFormInvalid` passed, so a role is chosen. */
export function familyRequest<TValues extends { role: FamilyRole | '' }>(machineId: string, context: FamilyFormContext<TValues>) {
  const { role } = context.values;
  if (role === '') throw new Error(`${machineId}: submitting without a role`);
  return { ...familyDraft(context), role };
}
