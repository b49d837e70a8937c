import { defineMessages } from '../../i18n/define-messages.ts';

export const passkeySignInMessages = defineMessages({
  button: { id: 'login.passkey.button', defaultMessage: 'Sign in with a passkey', description: 'Login page button that signs in with a passkey.' },
  busy: { id: 'login.passkey.busy', defaultMessage: 'Waiting for your passkey\u2026', description: 'Busy text of the passkey button while the browser asks for the passkey and the server checks it.' },
  notUsed: {
    id: 'login.passkey.notUsed',
    defaultMessage: 'No passkey was used: the request was cancelled or timed out, or there is no passkey for this site on this device.',
    description: 'Shown when the browser gave no passkey.',
  },
  signedIn: { id: 'login.passkey.signedIn', defaultMessage: 'Signed in. Opening your profile\u2026', description: 'Shown once the passkey signed in, while the page goes on.' },
});
