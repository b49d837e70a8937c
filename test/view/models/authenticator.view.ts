import { SAMPLE_RECOVERY_CODES, SAMPLE_SETUP, authenticatorModel } from '../../../machines/authenticator/authenticator.model.ts';
import { defineViewModel } from '../support/view-model.ts';
import { NETWORK } from '../support/messages.ts';

const HEADING = { heading: 'Authenticator app' } as const;
const STEP_UP = { dialog: 'Confirm it is you' } as const;
const SET_UP = 'Set up an authenticator app';
const SCAN = { heading: 'Scan the QR code' } as const;
const OFF_LEAD = { text: 'Log in with a code from an authenticator app on your phone (such as Google Authenticator or Microsoft Authenticator) as your second step, instead of waiting for an emailed link.' } as const;
const STATUS = { text: 'Set up on {date} (Hong Kong time).' } as const;

export const authenticatorView = defineViewModel({
  model: authenticatorModel,
  evidence: {
    loading: [HEADING, { busy: 'Loading your authenticator app…' }],
    loadFailed: [HEADING, { alert: NETWORK }, { button: 'Try again' }],
    off: [OFF_LEAD, { absent: STATUS.text }],
    'off.idle': [HEADING, { button: SET_UP }, { absent: NETWORK }],
    'off.failed': [HEADING, { alert: NETWORK }, { button: SET_UP }],
    beginning: [{ busy: 'Starting…' }],
    steppingUpToBegin: [STEP_UP, OFF_LEAD],
    editing: [SCAN, { text: 'Key to type into the app' }, { text: new RegExp(SAMPLE_SETUP.secret) }, { button: 'Confirm' }, { button: 'Cancel' }],
    'editing.idle': [{ absent: 'There is a problem' }],
    'editing.invalid': [{ alert: 'There is a problem' }, { invalid: 'Code from your authenticator app' }],
    // A wrong code or a lost answer: either way the summary says it and the form stays.
    'editing.failed': [{ alert: 'There is a problem' }, { button: 'Confirm' }],
    confirming: [SCAN, { busy: 'Confirming…' }],
    steppingUpToConfirm: [STEP_UP, { text: 'Scan this QR code with your authenticator app, or type the key below into it. Then enter the code the app shows.' }],
    showingCodes: [
      { heading: 'Your recovery codes' },
      { text: new RegExp(SAMPLE_RECOVERY_CODES.recoveryCodes[0]!) },
      { text: new RegExp(SAMPLE_RECOVERY_CODES.recoveryCodes[9]!) },
      { text: 'Download as a text file' },
      { button: 'I have saved my recovery codes' },
      { absent: new RegExp(SAMPLE_SETUP.secret) },
    ],
    // A dialog open over the section hides the rest from the accessibility tree: the heading is asserted without one.
    // The message in the language on screen (English only would fail the built Storybook, which checks in Traditional Chinese).
    on: [STATUS, { text: '{count, plural, one {# recovery code} other {# recovery codes}} left.' }],
    'on.idle': [HEADING, { button: 'Make new recovery codes' }, { button: 'Remove the authenticator app' }, { absent: NETWORK }],
    'on.failed': [HEADING, { alert: NETWORK }, { button: 'Make new recovery codes' }],
    'on.confirmRegenerate': [{ dialog: 'Make new recovery codes?' }, { text: 'Your current recovery codes will stop working. You will see ten new ones once.' }],
    'on.confirmRemove': [{ dialog: 'Remove the authenticator app?' }, { text: 'You will log in with the link emailed to your two-factor email, and your recovery codes will stop working.' }],
    regenerating: [{ busy: 'Making new recovery codes…' }],
    steppingUpToRegenerate: [STEP_UP, STATUS],
    removing: [{ busy: 'Removing…' }],
    steppingUpToRemove: [STEP_UP, STATUS],
  },
  acts: {
    retry: () => [{ click: 'Try again' }],
    'setup.start': () => [{ click: SET_UP }],
    'setup.cancel': () => [{ click: 'Cancel' }],
    'form.change': (event) => [{ fill: 'Code from your authenticator app', value: event.value }],
    'form.submit': () => [{ click: 'Confirm' }],
    'codes.saved': () => [{ click: 'I have saved my recovery codes' }],
    'codes.ask': () => [{ click: 'Make new recovery codes' }],
    'remove.ask': () => [{ click: 'Remove the authenticator app' }],
    'dialog.confirm': (_event, before) => [{ click: before.matches({ on: 'confirmRemove' }) ? 'Remove' : 'Make new codes' }],
    'dialog.cancel': () => [{ click: 'Cancel' }],
  },
});
