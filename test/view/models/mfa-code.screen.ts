import { defineScreen } from '../support/screen.ts';

export const mfaCodeScreen = defineScreen('mfaCode', 'Log in/Two-factor choice', {
  loading: 'Loading',
  loadFailed: 'Could not load',
  'authenticator.idle': 'Authenticator code',
  'authenticator.invalid': 'Authenticator code with field errors',
  'authenticator.failed': 'Authenticator code could not be checked',
  checkingAuthenticator: 'Checking the authenticator code',
  'recovery.idle': 'Recovery code',
  'recovery.invalid': 'Recovery code with field errors',
  'recovery.failed': 'Recovery code could not be checked',
  checkingRecovery: 'Checking the recovery code',
  sendingLink: 'Sending the link',
  linkFailed: 'Link could not be sent',
  email: 'Emailed link chosen',
  held: 'Codes on hold',
  expired: 'Login timed out',
  done: 'Signed in',
});
