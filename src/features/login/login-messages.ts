import { defineMessages } from '../../i18n/define-messages.ts';

export const loginMessages = defineMessages({
  title: { id: 'login.title', defaultMessage: 'Log in', description: 'Heading and tab title of the login page.' },
  loginIdHint: {
    id: 'login.loginIdHint',
    defaultMessage: 'The login ID or the login email address of your account.',
    description: 'Hint under the login ID field of the login page.',
  },
  submit: { id: 'login.submit', defaultMessage: 'Log in', description: 'Button that submits the login form.' },
  submitting: { id: 'login.submitting', defaultMessage: 'Logging in…', description: 'Button text while the login is checked.' },
  signedIn: { id: 'login.signedIn', defaultMessage: 'You are logged in. Taking you to your page…', description: 'Shown briefly after a successful login.' },
  secondFactor: {
    id: 'login.secondFactor',
    defaultMessage: 'Password accepted. Taking you to the two-factor step…',
    description: "Shown briefly after a school administrator's right password, before the two-factor page.",
  },
  otherWays: { id: 'login.otherWays', defaultMessage: 'Other ways to continue', description: 'Heading above the links to OTP login, forgot password and registration.' },
  otpLogin: { id: 'login.otpLogin', defaultMessage: 'Log in with a one-time password sent by email', description: 'Link to the one-time-password login.' },
  qrLogin: { id: 'login.qrLogin', defaultMessage: 'Scan your QR code', description: 'Link to logging in with the login QR code (/qr-login).' },
  forgotPassword: { id: 'login.forgotPassword', defaultMessage: 'Forgot your password?', description: 'Link to the forgot-password page.' },
  register: { id: 'login.register', defaultMessage: 'Create an account', description: 'Link to the individual registration page.' },
});

/** "Sign in with a passkey" under the login form (passkey-sign-in-view.tsx). */
export const passkeySignInMessages = defineMessages({
  button: { id: 'login.passkey.button', defaultMessage: 'Sign in with a passkey', description: 'Login page button that signs in with a passkey.' },
  busy: { id: 'login.passkey.busy', defaultMessage: 'Waiting for your passkey\u2026', description: 'Busy text of the passkey button while the browser asks for the passkey and the server checks it.' },
  notUsed: {
    id: 'login.passkey.notUsed',
    defaultMessage: 'No passkey was used: the request was cancelled or timed out, or there is no passkey for this site on this device.',
    description: 'Shown when the browser gave no passkey.',
  },
  autofill: {
    id: 'login.passkey.autofill',
    defaultMessage: 'Your passkeys for this site are also suggested when you select the login field.',
    description: 'Under the passkey button while the browser offers passkeys in the login field suggestions (autofill).',
  },
  signedIn: { id: 'login.passkey.signedIn', defaultMessage: 'Signed in. Opening your profile\u2026', description: 'Shown once the passkey signed in, while the page goes on.' },
});
