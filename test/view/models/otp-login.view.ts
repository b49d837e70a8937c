import { otpLoginModel } from '../../../machines/otp-login/otp-login.model.ts';
import { defineViewModel } from '../support/view-model.ts';
import { codeEntryEvidence, NETWORK } from './code-entry.evidence.ts';
import { SAMPLE_HOLD_TIME, TOO_MANY_REQUESTS } from '../support/hold-time.ts';

const TITLE = { heading: 'Log in with a one-time password' } as const;
const LOGIN = 'Login ID or login email';
const CODE = 'One-time password';
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
    'editing.tooManyRequests': [{ alert: TOO_MANY_REQUESTS }, { alert: SAMPLE_HOLD_TIME }],
    'editing.failed': [{ alert: NETWORK }],
    sending: [TITLE, { busy: 'Sending…' }],
    codeSent: [TITLE, { alert: 'We emailed a six-digit one-time password to the login email of {loginId}.' }, { button: 'Change the login' }, { text: 'The password expires in {time}.' }],
    ...codeEntryEvidence({ field: CODE, submit: 'Log in', verifying: 'Logging in…', resend: 'Send a new password', resendIn: 'You can ask for a new password in {time}.' }),
    timedOut: [TITLE, { heading: 'Time is up' }, { alert: 'The one-time password was not entered in time. Ask for a new one, or change the login.' }, { button: 'Send a new password' }],
    expired: [TITLE, { heading: 'The one-time password has expired' }, { alert: 'Ask for a new one-time password, or change the login.' }, { button: 'Send a new password' }],
    held: [
      TITLE,
      { heading: 'One-time passwords are on hold' },
      { alert: 'Too many incorrect one-time passwords. Please try again {retry}, or log in with your password.' },
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
