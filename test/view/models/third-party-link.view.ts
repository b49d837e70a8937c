import { thirdPartyLinkModel } from '../../../machines/third-party/third-party-link.model.ts';
import { refusalEvidence, refusalText } from '../support/refusals.ts';
import { defineViewModel, type Evidence } from '../support/view-model.ts';

const ROBOT = "I'm not a robot (development stand-in)";
const FIELD_LABELS = { loginId: 'Login ID or login email', password: 'Password' } as const;
const TITLE = { heading: 'Link your Google account to your account' } as const;

export const thirdPartyLinkView = defineViewModel({
  model: thirdPartyLinkModel,
  evidence: {
    editing: [TITLE, { button: 'Link and sign in' }],
    'editing.idle': [{ absent: 'There is a problem' }],
    'editing.invalid': [{ alert: 'There is a problem' }, { invalid: FIELD_LABELS.loginId }],
    // Each refusal's message as an alert (test/view/support/refusals.ts); the hold also shows
    // SAMPLE_HOLD_UNTIL (13:00 UTC) in Hong Kong time, whatever the browser's zone, to the minute
    // (rounded up: never before the wait ends),
    // and the challenge its reCAPTCHA.
    ...refusalEvidence(thirdPartyLinkModel, 'editing', (message, code): Evidence => [
      { alert: message },
      ...(code === 'loginThrottled' ? [{ alert: /(?:21|9):00(?!:\d)/ }] : code === 'loginChallengeRequired' ? [{ text: ROBOT }] : []),
    ]),
    'editing.thirdPartyFailed': [{ alert: refusalText('thirdPartyFailed') }, { text: 'Sign in with Google again' }],
    'editing.failed': [{ alert: 'We could not reach the server. Please check your connection and try again.' }],
    submitting: [TITLE, { busy: 'Linking…' }],
    done: [{ busy: 'Linked. Signing you in…' }],
    secondFactor: [{ busy: 'One more step: confirm your two-factor email.' }, { absent: 'Linked. Signing you in…' }],
  },
  acts: {
    'form.change': (event) => [{ fill: FIELD_LABELS[event.field], value: event.value }],
    'recaptcha.solve': () => [{ check: ROBOT }],
    'recaptcha.expire': () => [{ check: ROBOT, checked: false }],
    'form.submit': () => [{ click: 'Link and sign in' }],
  },
});
