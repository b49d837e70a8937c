import { defineScreen } from '../support/screen.ts';

export const passkeysScreen = defineScreen('passkeys', 'Security/Passkeys', {
  loading: 'Loading',
  loadFailed: 'Could not load',
  'ready.idle': 'List',
  'ready.added': 'Passkey added',
  'ready.renamed': 'Passkey renamed',
  'ready.removed': 'Passkey removed',
  'ready.notCreated': 'Browser made no passkey',
  'ready.failed': 'Change failed',
  'ready.confirmRemove': 'Confirm removal',
  preparing: 'Asking the server',
  steppingUpToAdd: 'Password asked before adding',
  creating: 'Browser making the passkey',
  'editing.idle': 'Name form',
  'editing.invalid': 'Name with field errors',
  'editing.failed': 'Name could not be saved',
  registering: 'Saving the new passkey',
  steppingUpToRegister: 'Password asked before saving',
  renaming: 'Renaming',
  removing: 'Removing',
});
