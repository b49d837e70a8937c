import { defineScreen } from '../support/screen.ts';

export const changePasswordScreen = defineScreen('changePassword', 'Security/Change password', {
  'editing.idle': 'Change password form',
  'editing.invalid': 'Form with field errors',
  'editing.failed': 'Could not change',
  submitting: 'Saving',
  done: 'Password changed',
});
