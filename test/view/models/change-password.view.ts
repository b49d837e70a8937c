import { changePasswordModel } from '../../../machines/change-password/change-password.model.ts';
import { defineViewModel } from '../support/view-model.ts';
import { NETWORK } from '../support/messages.ts';

const FIELD_LABELS = { currentPassword: 'Current password', newPassword: 'New password', confirmNewPassword: 'Confirm new password' } as const;

export const changePasswordView = defineViewModel({
  model: changePasswordModel,
  evidence: {
    editing: [{ heading: 'Change your password' }, { button: 'Change password' }],
    'editing.idle': [{ absent: 'There is a problem' }],
    // Which fields are in error depends on the path (empty form, or a refusal naming a field).
    'editing.invalid': [{ alert: 'There is a problem' }, { absent: NETWORK }],
    'editing.failed': [{ alert: NETWORK }],
    submitting: [{ heading: 'Change your password' }, { busy: 'Changing password…' }],
    done: [
      { heading: 'Password changed' },
      { alert: 'Your password has been changed. You are still logged in; use the new password next time you log in.' },
      { button: 'Change it again' },
    ],
  },
  acts: {
    'form.change': (event) => [{ fill: FIELD_LABELS[event.field], value: event.value }],
    'form.submit': () => [{ click: 'Change password' }],
    'form.restart': () => [{ click: 'Change it again' }],
  },
});
