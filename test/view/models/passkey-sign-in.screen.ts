import { defineScreen } from '../support/screen.ts';

export const passkeySignInScreen = defineScreen('passkeySignIn', 'Log in/Log in with a passkey', {
  'idle.button.start': 'Passkey button',
  'idle.button.notUsed': 'No passkey given',
  'idle.button.failed': 'Passkey refused',
  'idle.autofill.waiting': 'Autofill: waiting for the page to be idle',
  'idle.autofill.checking': 'Autofill: asking the browser',
  'idle.autofill.preparing': 'Autofill: asking the server',
  'idle.autofill.listening': 'Autofill: passkeys suggested in the login field',
  'idle.autofill.off': 'Autofill: not offered',
  preparing: 'Asking the server',
  choosing: 'Browser asking for the passkey',
  verifying: 'Checking the passkey',
  done: 'Signed in',
});
