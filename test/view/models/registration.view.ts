import { registrationModel } from '../../../machines/registration/registration.model.ts';
import { RECAPTCHA_ACTS, RECAPTCHA_REFUSED } from '../support/recaptcha.ts';
import { defineViewModel } from '../support/view-model.ts';
import { SAMPLE_HOLD_TIME, TOO_MANY_REQUESTS } from '../support/hold-time.ts';
import { NETWORK } from '../support/messages.ts';

const FIELD_LABELS = { loginId: 'Login ID', email: 'Email address', displayName: 'Display name' } as const;
const TERMS = 'I have read and accept the terms of service and the privacy policy';

export const registrationView = defineViewModel({
  model: registrationModel,
  evidence: {
    editing: [{ heading: 'Create an account' }, { button: 'Create account' }],
    'editing.idle': [{ absent: 'There is a problem' }],
    'editing.invalid': [{ alert: 'There is a problem' }, { absent: NETWORK }],
    ...RECAPTCHA_REFUSED,
    'editing.tooManyRequests': [{ alert: TOO_MANY_REQUESTS }, { alert: SAMPLE_HOLD_TIME }],
    'editing.failed': [{ alert: NETWORK }],
    submitting: [{ heading: 'Create an account' }, { busy: 'Creating account…' }],
    sent: [{ heading: 'Check your email' }, { text: 'We have sent an activation link to {email}. Open the link to set your password and start using your account.' }],
  },
  acts: {
    'form.change': (event) =>
      event.field === 'acceptTerms' ? [{ check: TERMS, checked: event.value }] : [{ fill: FIELD_LABELS[event.field], value: event.value }],
    ...RECAPTCHA_ACTS,
    'form.submit': () => [{ click: 'Create account' }],
  },
});
