import { emailChangeModel } from '../../../machines/email-change/email-change.model.ts';
import { refusalEvidence } from '../support/refusals.ts';
import { defineViewModel } from '../support/view-model.ts';
import { SAMPLE_HOLD_TIME, TOO_MANY_REQUESTS } from '../support/hold-time.ts';
import { NETWORK } from '../support/messages.ts';

const LABEL = 'New login email';
const HEADING = { heading: 'Change your login email' } as const;

export const emailChangeView = defineViewModel({
  model: emailChangeModel,
  evidence: {
    editing: [HEADING, { text: 'Current login email: {email}' }, { button: 'Send confirmation link' }],
    'editing.idle': [{ absent: 'There is a problem' }],
    'editing.invalid': [{ alert: 'There is a problem' }, { invalid: LABEL }],
    'editing.taken': [{ field: LABEL, error: 'This email is already another account’s login email.' }],
    ...refusalEvidence(emailChangeModel, 'editing', (message) => [{ field: LABEL, error: message }]),
    'editing.tooManyRequests': [{ field: LABEL, error: TOO_MANY_REQUESTS }, { field: LABEL, error: SAMPLE_HOLD_TIME }],
    'editing.failed': [{ field: LABEL, error: NETWORK }],
    requesting: [HEADING, { busy: 'Sending…' }],
    awaiting: [HEADING, { heading: 'Check your email' }, { alert: 'We sent a confirmation link to {email}. Follow it before {expiresAt} to apply the change.' }],
    'awaiting.idle': [{ button: 'I followed the link' }, { absent: 'There is a problem' }],
    'awaiting.checking': [{ busy: 'Checking…' }],
    'awaiting.failed': [{ alert: NETWORK }, { button: 'I followed the link' }],
    lapsed: [
      HEADING,
      { heading: 'The change was not made' },
      { alert: 'The confirmation link expired or was replaced by a newer request, so your address did not change.' },
      { button: 'Start again' },
    ],
    confirmed: [HEADING, { heading: 'Email changed' }, { alert: 'Your login email is now {email}.' }],
  },
  acts: {
    'form.change': (event) => [{ fill: LABEL, value: event.value }],
    'form.submit': () => [{ click: 'Send confirmation link' }],
    'status.refresh': () => [{ click: 'I followed the link' }],
    'form.restart': (_event, before) => [{ click: before.matches('lapsed') ? 'Start again' : 'Use a different address' }],
  },
});
