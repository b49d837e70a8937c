import { defineScreen } from '../support/screen.ts';

export const otpLoginScreen = defineScreen('otpLogin', 'Sign in/One-time password', {
  'editing.idle': 'Ask for a code',
  'editing.invalid': 'Login with field errors',
  'editing.failed': 'Code could not be sent',
  sending: 'Sending the code',
  'codeSent.resend.locked': 'Code sent, resend locked',
  'codeSent.resend.available': 'Code sent, resend available',
  'codeSent.entry.editing.idle': 'Enter the code',
  'codeSent.entry.editing.invalid': 'Code with field errors',
  'codeSent.entry.editing.failed': 'Code check failed',
  'codeSent.entry.verifying': 'Checking the code',
  timedOut: 'Code timed out',
  done: 'Signed in',
});
