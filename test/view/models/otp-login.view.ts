import { otpLoginModel } from '../../../machines/otp-login/otp-login.model.ts';
import { RECAPTCHA_ACTS, ROBOT } from '../support/recaptcha.ts';
import { refusalEvidence, refusalText } from '../support/refusals.ts';
import { defineViewModel } from '../support/view-model.ts';
import { codeEntryEvidence, NETWORK } from './code-entry.evidence.ts';
import { SAMPLE_HOLD_TIME, TOO_MANY_REQUESTS } from '../support/hold-time.ts';

const TITLE = { heading: 'Log in with a one-time password' } as const;
const LOGIN = 'Login ID or login email';
const CODE = 'One-time password';
const PASSWORD_LINK = { text: 'Log in with your password instead' } as const;
const CHALLENGE = 'Many one-time passwords have been asked for or entered for this login from your network. Please confirm you are not a robot, then ask again.';
const CODE_CHALLENGE = 'Too many incorrect one-time passwords have been entered for this login from your network. Please confirm you are not a robot, then log in again.';
/** The refusals the view shows at the login field (src/features/otp-login/otp-login-view.tsx); the others are alerts. */
const LOGIN_REFUSALS = new Set(['otpUnknownLogin', 'otpNoEmail', 'accountInactive', 'otpSchoolAdmin']);

export const otpLoginView = defineViewModel({
  model: otpLoginModel,
  evidence: {
    editing: [TITLE, { button: 'Email me a one-time password' }, PASSWORD_LINK],
    'editing.idle': [{ absent: 'There is a problem' }],
    'editing.invalid': [{ alert: 'There is a problem' }, { invalid: LOGIN }],
    // A refusal about the account typed is the login field's error; any other is an alert.
    ...refusalEvidence(otpLoginModel, 'editing', (message, code) => (LOGIN_REFUSALS.has(code) ? [{ field: LOGIN, error: message }] : [{ alert: message }])),
    'editing.tooSoon': [
      { heading: 'A one-time password was emailed a moment ago' },
      { alert: 'Enter the one-time password already emailed to this login, or ask for a new one {retry}.' },
      { text: '{time} (Hong Kong time)' },
      { button: 'Enter the one-time password' },
      { absent: 'There is a problem' },
    ],
    'editing.tooManyRequests': [{ alert: TOO_MANY_REQUESTS }, { alert: SAMPLE_HOLD_TIME }],
    // The login is flooded from this network: the robot check in the form's words (never a wait), the login kept.
    'editing.challenge': [{ alert: CHALLENGE }, { text: ROBOT }, { absent: /try again/ }],
    'editing.failed': [{ alert: NETWORK }],
    sending: [TITLE, { busy: 'Sending…' }],
    codeSent: [TITLE, { alert: 'We emailed a six-digit one-time password to the login email of {loginId}.' }, { button: 'Change the login' }, { text: 'The password expires in {time}.' }],
    ...codeEntryEvidence({ field: CODE, submit: 'Log in', verifying: 'Logging in…', resend: 'Send a new password', resendIn: 'You can ask for a new password in {time}.' }),
    // This network is held for the account and the browser is unknown to it: the robot check in the code entry's words, never the hold.
    'codeSent.entry.editing.challenge': [{ alert: CODE_CHALLENGE }, { text: ROBOT }, { button: 'Log in' }],
    timedOut: [TITLE, { heading: 'Time is up' }, { alert: 'Error 04: The one-time password was not entered in time. Ask for a new one, or change the login.' }, { button: 'Send a new password' }],
    expired: [TITLE, { heading: 'The one-time password has expired' }, { alert: 'Ask for a new one-time password, or change the login.' }, { button: 'Send a new password' }],
    held: [
      TITLE,
      { heading: 'One-time passwords are on hold' },
      { alert: refusalText('otpHeld') },
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
    'code.enter': () => [{ click: 'Enter the one-time password' }],
    ...RECAPTCHA_ACTS,
  },
  /** Sent by the page when it comes back (a reload) to a code being typed (otp-login-page.tsx). */
  appEvents: ['code.resume'],
});
