import { forgotPasswordModel } from '../../../machines/forgot-password/forgot-password.model.ts';
import { RECAPTCHA_ACTS, ROBOT } from '../support/recaptcha.ts';
import { refusalEvidence } from '../support/refusals.ts';
import { defineViewModel } from '../support/view-model.ts';
import { SAMPLE_HOLD_TIME, TOO_MANY_REQUESTS } from '../support/hold-time.ts';
import { NETWORK } from '../support/messages.ts';

const FIELD_LABELS = { email: 'Email address', loginId: 'Login ID' } as const;
const METHODS = { email: 'By my login email address', loginId: 'By my login ID' } as const;
const CHALLENGE = 'Many reset links have been asked for this account from your network. Please confirm you are not a robot, then send the request again.';

export const forgotPasswordView = defineViewModel({
  model: forgotPasswordModel,
  evidence: {
    editing: [{ heading: 'Forgot your password?' }, { button: 'Send reset link' }],
    'editing.idle': [{ absent: 'There is a problem' }],
    'editing.invalid': [{ alert: 'There is a problem' }, { absent: NETWORK }],
    // At the top; an unknown email at its field too. The refusal of a login ID can arrive while
    // the email way is chosen: then there is no login ID field to mark.
    ...refusalEvidence(forgotPasswordModel, 'editing', (message, code) =>
      code === 'emailNotFound' ? [{ alert: message }, { field: FIELD_LABELS.email, error: message }] : [{ alert: message }],
    ),
    'editing.held': [{ alert: 'You have asked for too many reset links. Please try again {retry}.' }],
    'editing.tooManyRequests': [{ alert: TOO_MANY_REQUESTS }, { alert: SAMPLE_HOLD_TIME }],
    // The email is flooded from this network: the robot check in the form's words, at the top and at the widget (never a wait).
    'editing.challenge': [{ alert: CHALLENGE }, { field: ROBOT, error: CHALLENGE }, { absent: /try again/ }],
    'editing.failed': [{ alert: NETWORK }],
    submitting: [{ heading: 'Forgot your password?' }, { busy: 'Sending…' }],
    sent: [
      { heading: 'Check your email' },
      { alert: 'We have sent a link to reset your password to {maskedEmail}. The link works once and for a limited time.' },
    ],
  },
  acts: {
    'method.choose': (event) => [{ choose: METHODS[event.by] }],
    'form.change': (event) => [{ fill: FIELD_LABELS[event.field], value: event.value }],
    'form.submit': () => [{ click: 'Send reset link' }],
    ...RECAPTCHA_ACTS,
  },
});
