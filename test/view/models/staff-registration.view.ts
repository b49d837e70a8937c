import { staffRegistrationModel } from '../../../machines/staff-registration/staff-registration.model.ts';
import { RECAPTCHA_ACTS, RECAPTCHA_REFUSED } from '../support/recaptcha.ts';
import { defineViewModel } from '../support/view-model.ts';
import { SAMPLE_HOLD_TIME, TOO_MANY_REQUESTS } from '../support/hold-time.ts';
import { NETWORK } from '../support/messages.ts';

const FIELD_LABELS = { loginId: 'Login ID', email: 'School email address', enFullName: 'English name', chFullName: 'Chinese name (optional)' } as const;
const TERMS = 'I have read and accept the terms of service and the privacy policy';

export const staffRegistrationView = defineViewModel({
  model: staffRegistrationModel,
  evidence: {
    editing: [{ heading: 'Register as school staff' }, { button: 'Register' }],
    'editing.idle': [{ absent: 'There is a problem' }],
    // Which fields are in error depends on the path (an empty form, half a form, or the server's answer).
    'editing.invalid': [{ alert: 'There is a problem' }, { absent: NETWORK }],
    ...RECAPTCHA_REFUSED,
    'editing.tooManyRequests': [{ alert: TOO_MANY_REQUESTS }, { alert: SAMPLE_HOLD_TIME }],
    'editing.failed': [{ alert: NETWORK }],
    submitting: [{ heading: 'Register as school staff' }, { busy: 'Registering…' }],
    sent: [
      { heading: 'Check your email' },
      { text: 'We have sent an activation link to {email}. Open the link to set your password; your account then belongs to {school} as school staff.' },
      { text: /Demo Primary School/ },
    ],
  },
  acts: {
    'form.change': (event) =>
      event.field === 'acceptTerms' ? [{ check: TERMS, checked: event.value }] : [{ fill: FIELD_LABELS[event.field], value: event.value }],
    ...RECAPTCHA_ACTS,
    'form.submit': () => [{ click: 'Register' }],
  },
});
