import { otpLoginModel } from '../../../machines/login/otp-login.model.ts';
import { defineViewModel } from '../support/view-model.ts';

const TITLE = { heading: 'Log in with a one-time password' } as const;
const LOGIN = 'Login ID or login email';
const CODE = 'One-time password';
const NETWORK = 'We could not reach the server. Please check your connection and try again.';
const PASSWORD_LINK = { text: 'Log in with your password instead' } as const;

export const otpLoginView = defineViewModel({
  model: otpLoginModel,
  evidence: {
    editing: [TITLE, { button: 'Email me a one-time password' }, PASSWORD_LINK],
    'editing.idle': [{ absent: 'There is a problem' }],
    'editing.invalid': [{ alert: 'There is a problem' }, { invalid: LOGIN }],
    'editing.unknownLogin': [{ field: LOGIN, error: 'The login email or login name is invalid or unknown.' }],
    'editing.noEmail': [{ field: LOGIN, error: 'This account has no login email, so no one-time password can be sent. Please log in with your password.' }],
    'editing.inactive': [{ field: LOGIN, error: 'This account is not activated yet. Please use the activation link in the email we sent you.' }],
    'editing.schoolAdmin': [{ field: LOGIN, error: 'School administrators cannot log in with a one-time password. Please log in with your password.' }],
    'editing.sendLimit': [
      { alert: 'As many one-time passwords as allowed in 24 hours have been sent to this account. Please log in with your password, or try again tomorrow.' },
    ],
    'editing.tooSoon': [{ alert: 'Please wait before asking for a new code.' }],
    'editing.failed': [{ alert: NETWORK }],
    sending: [TITLE, { busy: 'Sending…' }],
    codeSent: [TITLE, { alert: 'We emailed a six-digit one-time password to the login email of {loginId}.' }, { button: 'Change the login' }, { text: 'The password expires in {time}.' }],
    'codeSent.resend.locked': [{ text: 'You can ask for a new password in {time}.' }, { absent: 'Send a new password' }],
    'codeSent.resend.available': [{ button: 'Send a new password' }],
    'codeSent.entry.editing': [{ button: 'Log in' }],
    'codeSent.entry.editing.idle': [{ absent: 'There is a problem' }],
    'codeSent.entry.editing.invalid': [{ alert: 'There is a problem' }, { invalid: CODE }],
    'codeSent.entry.editing.wrong': [{ field: CODE, error: 'The verification code is wrong.' }],
    'codeSent.entry.editing.notFound': [{ field: CODE, error: 'No verification code was found. Please ask for a new one.' }],
    'codeSent.entry.editing.failed': [{ field: CODE, error: NETWORK }],
    'codeSent.entry.verifying': [{ busy: 'Logging in…' }],
    timedOut: [TITLE, { heading: 'Time is up' }, { alert: 'The one-time password was not entered in time. Ask for a new one, or change the login.' }, { button: 'Send a new password' }],
    expired: [TITLE, { heading: 'The one-time password has expired' }, { alert: 'Ask for a new one-time password, or change the login.' }, { button: 'Send a new password' }],
    held: [
      TITLE,
      { heading: 'One-time passwords are on hold' },
      { alert: 'Too many incorrect one-time passwords. Please try again after {holdUntil}, or log in with your password.' },
      { text: '{time} (Hong Kong time)' },
      PASSWORD_LINK,
    ],
    done: [{ busy: 'You are logged in. Taking you to your page…' }],
  },
  acts: {
    'form.change': (event) => [{ fill: LOGIN, value: event.value }],
    'form.submit': () => [{ click: 'Email me a one-time password' }],
    'code.change': (event) => [{ fill: CODE, value: event.value }],
    'code.submit': () => [{ click: 'Log in' }],
    'code.resend': () => [{ click: 'Send a new password' }],
    'login.edit': () => [{ click: 'Change the login' }],
  },
});
