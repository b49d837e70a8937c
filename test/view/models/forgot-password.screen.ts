import { defineScreen } from '../support/screen.ts';

export const forgotPasswordScreen = defineScreen('forgotPassword', 'Log in/Forgot your password?', {
  'editing.idle': 'Ask for a reset link',
  'editing.invalid': 'Form with field errors',
  'editing.failed': 'Link could not be sent',
  submitting: 'Sending the link',
  sent: 'Reset link sent',
});
