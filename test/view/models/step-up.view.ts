import { stepUpModel } from '../../../machines/step-up/step-up.model.ts';
import { defineViewModel } from '../support/view-model.ts';
import { refusalEvidence } from '../support/refusals.ts';
import { NETWORK } from '../support/messages.ts';

const TITLE = 'Confirm it is you';
const FIELD = 'Current password';
const CODE = 'Code from your authenticator app';
const PASSWORD_LEAD = 'For your security, enter your password again before you continue. You will not be asked again for {minutes} minutes.';
const CODE_LEAD = 'For your security, enter the code your authenticator app shows before you continue. You will not be asked again for {minutes} minutes.';
const PASSKEY_LEAD = 'For your security, use your passkey before you continue. You will not be asked again for {minutes} minutes.';
const ANY_LEAD = 'For your security, confirm it is you before you continue.';
const NOT_USED = 'No passkey was used: the request was cancelled or timed out, or there is no passkey for this site on this device.';
const PASSKEY_BUSY = 'Waiting for your passkey…';
const EMAIL_LEAD = 'For your security, we email a code to your login email before you continue. You will not be asked again for {minutes} minutes.';
const EMAIL_CODE = 'Code from the email';

export const stepUpView = defineViewModel({
  model: stepUpModel,
  evidence: {
    loading: [{ dialog: TITLE }, { text: ANY_LEAD }, { busy: 'Loading…' }, { button: 'Cancel' }],
    loadFailed: [{ dialog: TITLE }, { alert: NETWORK }, { button: 'Try again' }, { button: 'Cancel' }],
    editing: [{ dialog: TITLE }, { text: PASSWORD_LEAD }, { button: 'Confirm' }, { button: 'Cancel' }, { text: 'Forgot your password? Reset it by email' }],
    'editing.idle': [{ absent: 'There is a problem' }],
    // Empty, or refused by the server as incorrect: the problem is at the field either way.
    'editing.invalid': [{ alert: 'There is a problem' }, { absent: NETWORK }],
    ...refusalEvidence(stepUpModel, 'editing', (message) => [{ alert: message }]),
    'editing.failed': [{ alert: NETWORK }],
    submitting: [{ dialog: TITLE }, { busy: 'Checking…' }],
    code: [{ dialog: TITLE }, { text: CODE_LEAD }, { button: 'Confirm' }, { button: 'Cancel' }, { absent: FIELD }],
    'code.idle': [{ absent: 'There is a problem' }],
    'code.invalid': [{ alert: 'There is a problem' }, { invalid: CODE }],
    ...refusalEvidence(stepUpModel, 'code', (message) => [{ alert: message }]),
    'code.failed': [{ alert: NETWORK }],
    checkingCode: [{ dialog: TITLE }, { text: CODE_LEAD }, { busy: 'Checking…' }],
    passkey: [{ dialog: TITLE }, { text: PASSKEY_LEAD }, { absent: FIELD }],
    'passkey.start': [{ button: 'Use a passkey' }, { button: 'Cancel' }, { absent: NOT_USED }],
    'passkey.preparing': [{ busy: PASSKEY_BUSY }],
    'passkey.choosing': [{ busy: PASSKEY_BUSY }],
    'passkey.verifying': [{ busy: PASSKEY_BUSY }],
    'passkey.notUsed': [{ alert: NOT_USED }, { button: 'Use a passkey' }, { button: 'Cancel' }],
    'passkey.failed': [{ alert: NETWORK }, { button: 'Use a passkey' }],
    emailStart: [{ dialog: TITLE }, { text: EMAIL_LEAD }, { button: 'Email me a code' }, { button: 'Cancel' }, { absent: EMAIL_CODE }],
    sendingCode: [{ dialog: TITLE }, { text: EMAIL_LEAD }, { busy: 'Sending…' }],
    emailCode: [{ dialog: TITLE }, { text: EMAIL_LEAD }, { button: 'Confirm' }, { button: 'Send a new code' }, { button: 'Cancel' }, { absent: FIELD }],
    'emailCode.idle': [{ absent: 'There is a problem' }],
    'emailCode.invalid': [{ alert: 'There is a problem' }, { invalid: EMAIL_CODE }],
    ...refusalEvidence(stepUpModel, 'emailCode', (message) => [{ alert: message }]),
    'emailCode.failed': [{ alert: NETWORK }],
    checkingEmailCode: [{ dialog: TITLE }, { text: EMAIL_LEAD }, { busy: 'Checking…' }],
    noProof: [{ dialog: TITLE }, { text: ANY_LEAD }, { alert: 'Your account has no password to confirm it is you. Set one with "Forgot password" (we email you a link), then try again.' }, { absent: FIELD }, { button: 'Cancel' }],
    // The dialog closes: the page that asked goes on (or stays as it was, after Cancel).
    proved: [{ absent: TITLE }],
    cancelled: [{ absent: TITLE }],
  },
  acts: {
    'form.change': (event, before) => [{ fill: event.field === 'currentPassword' ? FIELD : before.matches('emailCode') ? EMAIL_CODE : CODE, value: event.value }],
    'form.submit': () => [{ click: 'Confirm' }],
    'dialog.cancel': () => [{ click: 'Cancel' }],
    retry: () => [{ click: 'Try again' }],
    'proof.password': () => [{ click: 'Use my password instead' }],
    'proof.passkey': () => [{ click: 'Use a passkey' }],
    'proof.code': () => [{ click: 'Use my authenticator app instead' }],
    'proof.email': () => [{ click: 'Email me a code instead' }],
    'code.send': (_event, before) => [{ click: before.matches('emailStart') ? 'Email me a code' : 'Send a new code' }],
  },
});
