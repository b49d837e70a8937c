import { defineScreen, sentCodeTitles } from '../support/screen.ts';

export const otpLoginScreen = defineScreen('otpLogin', 'Log in/Log in with a one-time password', {
  'editing.idle': 'Ask for a code',
  'editing.invalid': 'Login with field errors',
  'editing.failed': 'Code could not be sent',
  sending: 'Sending the code',
  ...sentCodeTitles('codeSent'),
  'codeSent.entry.editing.challenge': 'Code entry asks for the robot check',
  timedOut: 'Code timed out',
  done: 'Signed in',
});
