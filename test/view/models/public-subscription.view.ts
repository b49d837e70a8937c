import { publicSubscriptionModel } from '../../../machines/email-subscriptions/public-subscription.model.ts';
import { SUBSCRIPTION_SERVICE_LABELS } from '../support/messages.ts';
import { RECAPTCHA_ACTS, RECAPTCHA_REFUSED } from '../support/recaptcha.ts';
import { defineViewModel } from '../support/view-model.ts';

const FIELD_LABELS = { email: 'Email address', confirmEmail: 'Confirm email address' } as const;
const SERVICES = SUBSCRIPTION_SERVICE_LABELS;

export const publicSubscriptionView = defineViewModel({
  model: publicSubscriptionModel,
  evidence: {
    editing: [{ heading: 'Subscribe to our newsletters' }, { button: 'Subscribe' }],
    'editing.idle': [{ absent: 'There is a problem' }],
    'editing.invalid': [{ alert: 'There is a problem' }, { invalid: FIELD_LABELS.email }],
    ...RECAPTCHA_REFUSED,
    // The server's refusal, whichever it is (a hold, no answer): a problem not about any field.
    'editing.failed': [{ alert: 'There is a problem' }, { absent: 'Confirm that you are not a robot' }],
    submitting: [{ heading: 'Subscribe to our newsletters' }, { busy: 'Sending…' }],
    sent: [{ heading: 'Check your email' }, { text: 'A confirmation email was sent to {email}. Follow its link within {hours, plural, one {# hour} other {# hours}} to start your subscription.' }],
  },
  acts: {
    'form.change': (event) => [{ fill: FIELD_LABELS[event.field], value: event.value }],
    'services.toggle': (event) => [{ toggle: SERVICES[event.service] }],
    ...RECAPTCHA_ACTS,
    'form.submit': () => [{ click: 'Subscribe' }],
  },
});
