import { mfaLoginModel } from '../../../machines/mfa-login/mfa-login.model.ts';
import { refusalEvidence, refusalText } from '../support/refusals.ts';
import { defineViewModel } from '../support/view-model.ts';
import { SAMPLE_HOLD_TIME, TOO_MANY_REQUESTS } from '../support/hold-time.ts';
import { NETWORK } from '../support/messages.ts';

const TITLE = { heading: 'Two-factor login' } as const;
const EMAIL = 'Two-factor email';
const SENT = 'We sent a confirmation link to {email}. It works until {time} (Hong Kong time).';
const COMPLETE = 'Completed verification';
const HINT = 'Open the email on any device and follow the link. This page continues by itself once you have, or press ‘Completed verification’.';

export const mfaLoginView = defineViewModel({
  model: mfaLoginModel,
  evidence: {
    loading: [TITLE, { busy: 'Checking your login…' }],
    loadFailed: [TITLE, { heading: 'We could not check your login' }, { alert: NETWORK }, { button: 'Try again' }],
    editing: [TITLE, { text: 'Finish this step by {time} (Hong Kong time).' }, { button: 'Send confirmation email' }],
    'editing.idle': [{ absent: 'There is a problem' }],
    'editing.invalid': [{ alert: 'There is a problem' }, { invalid: EMAIL }],
    ...refusalEvidence(mfaLoginModel, 'editing', (message) => [{ field: EMAIL, error: message }]),
    'editing.tooManyRequests': [{ alert: TOO_MANY_REQUESTS }, { alert: SAMPLE_HOLD_TIME }],
    'editing.failed': [{ alert: NETWORK }],
    sending: [TITLE, { busy: 'Sending…' }],
    waiting: [TITLE, { alert: SENT }, { button: COMPLETE }],
    'waiting.poll.idle': [{ text: HINT }],
    'waiting.poll.checking': [{ text: HINT }],
    'waiting.resend.locked': [{ text: 'You can ask for a new email in {time}.' }],
    'waiting.resend.available': [{ button: 'Send the email again' }],
    'waiting.notice.none': [{ absent: 'There is a problem' }, { absent: 'We sent a new link. The earlier one no longer works.' }],
    ...refusalEvidence(mfaLoginModel, 'waiting.notice', (message) => [{ alert: message }]),
    'waiting.notice.resent': [{ alert: 'We sent a new link. The earlier one no longer works.' }],
    'waiting.notice.failed': [{ alert: NETWORK }],
    resending: [TITLE, { alert: SENT }, { busy: 'Sending…' }],
    completing: [TITLE, { busy: 'Logging in…' }],
    expired: [TITLE, { heading: 'Your login has timed out' }, { alert: refusalText('mfaExpired') }, { text: 'Log in again' }],
    held: [
      TITLE,
      { heading: 'Two-factor login is on hold' },
      { alert: 'There were too many attempts to complete two-factor login. Please try again {retry}.' },
    ],
    done: [{ busy: 'You are logged in. Taking you to your page…' }],
  },
  acts: {
    'form.change': (event) => [{ fill: EMAIL, value: event.value }],
    'form.submit': () => [{ click: 'Send confirmation email' }],
    'email.change': () => [{ click: 'Use another address' }],
    'change.cancel': () => [{ click: 'Back to waiting for the link' }],
    'link.resend': () => [{ click: 'Send the email again' }],
    'verification.complete': () => [{ click: COMPLETE }],
    retry: () => [{ click: 'Try again' }],
  },
});
