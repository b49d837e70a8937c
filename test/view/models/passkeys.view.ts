import { passkeysModel } from '../../../machines/passkeys/passkeys.model.ts';
import { defineViewModel } from '../support/view-model.ts';
import { NETWORK } from '../support/messages.ts';

const HEADING = { heading: 'Passkeys' } as const;
const STEP_UP = { dialog: 'Confirm it is you' } as const;
const ADD = 'Add a passkey';
const LEAD = { text: 'A passkey signs you in with your fingerprint, face or device PIN instead of your password. It stays on your device or in your password manager.' } as const;
const NAME = 'Passkey name';

export const passkeysView = defineViewModel({
  model: passkeysModel,
  evidence: {
    loading: [HEADING, { busy: 'Loading your passkeys…' }],
    loadFailed: [HEADING, { alert: NETWORK }, { button: 'Try again' }],
    // A dialog open over the section hides the rest from the accessibility tree: text is asserted there, not roles.
    ready: [LEAD],
    'ready.idle': [HEADING, { button: ADD }, { absent: NETWORK }],
    'ready.added': [HEADING, { alert: 'Passkey added. You can use it to sign in next time.' }, { text: 'Not used yet' }],
    'ready.renamed': [HEADING, { alert: 'Passkey renamed.' }, { text: /Work phone/ }, { text: 'Added {date} (Hong Kong time)' }, { text: 'Last used {date} (Hong Kong time)' }],
    'ready.removed': [HEADING, { alert: 'Passkey removed.' }, { button: ADD }],
    'ready.notCreated': [HEADING, { alert: 'No passkey was added: the request was cancelled, timed out, or this browser cannot make passkeys.' }, { button: ADD }],
    'ready.failed': [HEADING, { alert: NETWORK }, { button: ADD }],
    'ready.confirmRemove': [{ dialog: 'Remove this passkey?' }, { text: 'It will no longer sign you in. Remove it from your device or password manager too.' }],
    preparing: [{ busy: 'Adding…' }],
    steppingUpToAdd: [STEP_UP, LEAD],
    creating: [{ busy: 'Adding…' }],
    editing: [{ button: 'Save' }, { button: 'Cancel' }],
    'editing.idle': [{ absent: 'There is a problem' }],
    'editing.invalid': [{ alert: 'There is a problem' }, { invalid: NAME }],
    'editing.failed': [{ alert: 'There is a problem' }],
    registering: [{ busy: 'Saving…' }],
    steppingUpToRegister: [STEP_UP, { text: NAME }],
    renaming: [{ busy: 'Saving…' }],
    removing: [{ busy: 'Removing…' }],
  },
  acts: {
    retry: () => [{ click: 'Try again' }],
    'add.start': () => [{ click: ADD }],
    'rename.start': () => [{ click: 'Rename {name}' }],
    'edit.cancel': () => [{ click: 'Cancel' }],
    'form.change': (event) => [{ fill: NAME, value: event.value }],
    'form.submit': () => [{ click: 'Save' }],
    'remove.ask': () => [{ click: 'Remove {name}' }],
    'dialog.confirm': () => [{ click: 'Remove passkey' }],
    'dialog.cancel': () => [{ click: 'Cancel' }],
  },
});
