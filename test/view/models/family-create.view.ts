import type { FamilyRole } from '../../../contract/schemas/family.ts';
import { familyCreateModel } from '../../../machines/family/family-create.model.ts';
import { defineViewModel, type Evidence } from '../support/view-model.ts';

const FIELD_LABELS = { familyName: 'Family name', nickname: 'Your nickname in the family' } as const;
const ROLE_LABELS: Record<FamilyRole, string> = {
  FATHER: 'Father',
  MOTHER: 'Mother',
  GUARDIAN: 'Guardian',
  CHILD: 'Child',
  GRANDPARENT: 'Grandparent',
  SIBLING: 'Brother or sister',
  RELATIVE: 'Other relative',
  OTHER: 'Other',
};
const ROBOT = "I'm not a robot (development stand-in)";
const NETWORK = 'We could not reach the server. Please check your connection and try again.';
const refused = (message: string, ...more: Evidence): Evidence => [{ alert: 'There is a problem' }, { alert: message }, ...more];

export const familyCreateView = defineViewModel({
  model: familyCreateModel,
  evidence: {
    editing: [{ heading: 'Create a family' }, { button: 'Continue' }, { absent: 'Create this family?' }],
    'editing.idle': [{ absent: 'There is a problem' }],
    // Which field is in error depends on the path (an empty form, a lapsed token, a refused name).
    'editing.invalid': [{ alert: 'There is a problem' }, { absent: NETWORK }],
    'editing.indecent': refused('Some words are not allowed in family names and nicknames. Please change them.'),
    'editing.recaptchaFailed': refused('Please verify that you are not a robot.', { field: ROBOT, error: 'Please verify that you are not a robot.' }),
    'editing.cannotCreate': refused('You cannot create or join a family now.'),
    'editing.noLoginEmail': refused('Your account has no login email. Please add a login email to your profile first.', { text: 'Add a login email in your profile' }),
    'editing.functionalAccount': refused('Functional accounts cannot join a family.'),
    'editing.studentOnly': refused('Student accounts must be upgraded to a student membership before joining a family.', {
      text: 'Upgrade your account to a student membership: it takes about 5 minutes.',
    }),
    'editing.failed': refused(NETWORK),
    confirming: [{ dialog: 'Create this family?' }, { button: 'Create family' }],
    submitting: [{ heading: 'Create a family' }, { busy: 'Creating the family…' }],
    created: [
      { heading: 'Your family has been created' },
      { alert: 'Share the reference number and the code with the people you want to invite, or send them the join link from the family page.' },
    ],
    cancelled: [{ busy: 'Loading…' }],
  },
  acts: {
    // No radio can be unchosen: a role set back to none is not something a user does on this form.
    'form.change': (event) => (event.field === 'role' ? (event.value === '' ? [] : [{ choose: ROLE_LABELS[event.value] }]) : [{ fill: FIELD_LABELS[event.field], value: event.value }]),
    'recaptcha.solve': () => [{ check: ROBOT }],
    'form.submit': () => [{ click: 'Continue' }],
    'form.cancel': () => [{ click: 'Back' }],
    'dialog.confirm': () => [{ click: 'Create family' }],
    'dialog.cancel': () => [{ click: 'Cancel' }],
  },
  // The robot check's token lapses by itself (Google's widget says so), also while the dialog is open.
  appEvents: ['recaptcha.expire'],
});
