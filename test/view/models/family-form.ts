import type { FamilyRole } from '../../../contract/schemas/family.ts';
import type { AnyStateMachine } from 'xstate';
import type { MachineModel } from '../../../machines/model-kit.ts';
import { RECAPTCHA_REFUSED, ROBOT } from '../support/recaptcha.ts';
import { refusalEvidence } from '../support/refusals.ts';
import type { Evidence, Sight } from '../support/view-model.ts';

/** What the family create and join forms share, as users see it. */

export const ROLE_LABELS: Record<FamilyRole, string> = {
  FATHER: 'Father',
  MOTHER: 'Mother',
  GUARDIAN: 'Guardian',
  CHILD: 'Child',
  GRANDPARENT: 'Grandparent',
  SIBLING: 'Brother or sister',
  RELATIVE: 'Other relative',
  OTHER: 'Other',
};

import { NETWORK } from '../support/messages.ts';

export { NETWORK };
export const NICKNAME = 'Your nickname in the family';

/** A refusal shown at the top of the form. */
export const refused = (message: string, ...more: Evidence): Evidence => [{ alert: 'There is a problem' }, { alert: message }, ...more];

/** What a family form shows beside a refusal's message, by its code. */
const BESIDE: Record<string, (message: string) => Evidence> = {
  recaptchaFailed: (message) => [{ field: ROBOT, error: message }],
  familyNoLoginEmail: () => [{ text: 'Add a login email' }],
  familyStudentOnly: () => [{ text: 'Upgrade your account to a student membership: it takes about 5 minutes.' }],
};

/**
 * Every refusal state of a family form: its code's message at the top of the form, what the form
 * shows beside it, and the message again at the field it points at (`fields`, by code). The forms
 * word `indecentLanguage` themselves.
 */
export function familyRefusals(model: MachineModel<AnyStateMachine>, fields: Readonly<Record<string, string>> = {}): Record<string, Evidence> {
  return {
    ...refusalEvidence(model, 'editing', (message, code) => {
      const field: Sight[] = fields[code] ? [{ field: fields[code], error: message }] : [];
      return refused(message, ...(BESIDE[code]?.(message) ?? []), ...field);
    }),
    'editing.indecent': refused('Some words are not allowed in family names and nicknames. Please change them.'),
    'editing.failed': refused(NETWORK),
    // The robot check says it in the widget's own field sentence, as every form behind it does.
    ...RECAPTCHA_REFUSED,
  };
}
