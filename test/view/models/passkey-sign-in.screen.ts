import { defineScreen } from '../support/screen.ts';

export const passkeySignInScreen = defineScreen('passkeySignIn', 'Log in/Log in with a passkey', {
  'idle.start': 'Passkey button',
  'idle.notUsed': 'No passkey given',
  'idle.failed': 'Passkey refused',
  preparing: 'Asking the server',
  choosing: 'Browser asking for the passkey',
  verifying: 'Checking the passkey',
  done: 'Signed in',
});
