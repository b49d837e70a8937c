import { familyCreateModel } from '../../../machines/family/family-create.model.ts';
import { RECAPTCHA_ACTS } from '../support/recaptcha.ts';
import { defineViewModel } from '../support/view-model.ts';
import { familyRefusals, NETWORK, NICKNAME, ROLE_LABELS } from './family-form.ts';

const FIELD_LABELS = { familyName: 'Family name', nickname: NICKNAME } as const;

export const familyCreateView = defineViewModel({
  model: familyCreateModel,
  evidence: {
    editing: [{ heading: 'Create a family' }, { button: 'Continue' }, { absent: 'Create this family?' }],
    'editing.idle': [{ absent: 'There is a problem' }],
    // Which field is in error depends on the path (an empty form, a lapsed token, a refused name).
    'editing.invalid': [{ alert: 'There is a problem' }, { absent: NETWORK }],
    ...familyRefusals(familyCreateModel),
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
    'recaptcha.solve': RECAPTCHA_ACTS['recaptcha.solve'],
    'form.submit': () => [{ click: 'Continue' }],
    'form.cancel': () => [{ click: 'Back' }],
    'dialog.confirm': () => [{ click: 'Create family' }],
    'dialog.cancel': () => [{ click: 'Cancel' }],
  },
  // The robot check's token lapses by itself (Google's widget says so), also while the dialog is open.
  appEvents: ['recaptcha.expire'],
});
