import { passwordLoginModel } from '../../../machines/login/password-login.model.ts';
import { refusalEvidence } from '../support/refusals.ts';
import { defineViewModel, type Evidence } from '../support/view-model.ts';

const ROBOT = "I'm not a robot (development stand-in)";
const FIELD_LABELS = { loginId: 'Login ID or login email', password: 'Password' } as const;

export const passwordLoginView = defineViewModel({
  model: passwordLoginModel,
  evidence: {
    editing: [{ heading: 'Log in' }, { button: 'Log in' }],
    'editing.idle': [{ absent: 'There is a problem' }],
    'editing.invalid': [{ alert: 'There is a problem' }, { invalid: FIELD_LABELS.loginId }],
    // Each refusal's message as an alert (test/view/support/refusals.ts); the hold also shows
    // SAMPLE_HOLD_UNTIL (13:00 UTC) in Hong Kong time, whatever the browser's zone, to the minute
    // (rounded up: never before the wait ends),
    // and the challenge its reCAPTCHA.
    ...refusalEvidence(passwordLoginModel, 'editing', (message, code): Evidence => [
      { alert: message },
      ...(code === 'loginThrottled' ? [{ alert: /(?:21|9):00(?!:\d)/ }] : code === 'loginChallengeRequired' ? [{ text: ROBOT }] : []),
    ]),
    'editing.failed': [{ alert: 'We could not reach the server. Please check your connection and try again.' }],
    submitting: [{ heading: 'Log in' }, { busy: 'Logging in…' }],
    done: [{ busy: 'You are logged in. Taking you to your page…' }],
    secondFactor: [{ busy: 'Password accepted. Taking you to the two-factor step…' }, { absent: 'You are logged in. Taking you to your page…' }],
  },
  acts: {
    'form.change': (event) => [{ fill: FIELD_LABELS[event.field], value: event.value }],
    'recaptcha.solve': () => [{ check: ROBOT }],
    'recaptcha.expire': () => [{ check: ROBOT, checked: false }],
    'form.submit': () => [{ click: 'Log in' }],
  },
});
