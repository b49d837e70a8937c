import { activationModel } from '../../../machines/activation/activation.model.ts';
import { defineViewModel, type Evidence } from '../support/view-model.ts';
import { NETWORK, SUBSCRIPTION_SERVICE_LABELS } from '../support/messages.ts';

const FIELD_LABELS = { newPassword: 'New password', confirmNewPassword: 'Confirm new password' } as const;
const SERVICES = SUBSCRIPTION_SERVICE_LABELS;

/** Used, expired and unknown links look alike here: the page leaves for the invalid-link page, which names the reason. */
const leaving: Evidence = [{ heading: 'Activate your account' }, { busy: 'This link cannot be used. Taking you to an explanation…' }];

export const activationView = defineViewModel({
  model: activationModel,
  evidence: {
    checking: [{ heading: 'Activate your account' }, { busy: 'Checking your activation link…' }],
    checkFailed: [{ heading: 'We could not check your link' }, { alert: NETWORK }, { button: 'Try again' }],
    setPassword: [{ heading: 'Set your password' }],
    'setPassword.editing': [{ button: 'Activate account' }],
    'setPassword.editing.idle': [{ absent: 'There is a problem' }],
    'setPassword.editing.invalid': [{ alert: 'There is a problem' }, { absent: NETWORK }],
    'setPassword.editing.failed': [{ alert: NETWORK }],
    'setPassword.submitting': [{ busy: 'Activating…' }],
    subscribe: [{ heading: 'Would you like our newsletters?' }, { text: 'Your password is set and your account is active. You are logged in.' }, { button: 'Subscribe' }],
    'subscribe.idle': [{ absent: 'There is a problem' }],
    'subscribe.failed': [{ alert: 'Your account is active, but your newsletter choice was not saved. You can try again or skip this step.' }],
    subscribing: [{ heading: 'Would you like our newsletters?' }, { busy: 'Subscribing…' }],
    done: [{ heading: 'Your account is active' }, { alert: 'You are logged in and can start using your account.' }],
    used: leaving,
    expired: leaving,
    notFound: leaving,
    wrongUrl: leaving,
    userNotFound: leaving,
  },
  acts: {
    retry: () => [{ click: 'Try again' }],
    'form.change': (event) => [{ fill: FIELD_LABELS[event.field], value: event.value }],
    'form.submit': () => [{ click: 'Activate account' }],
    'services.toggle': (event) => [{ toggle: SERVICES[event.service] }],
    'subscribe.submit': () => [{ click: 'Subscribe' }],
    'subscribe.skip': () => [{ click: 'Skip this step' }],
  },
});
