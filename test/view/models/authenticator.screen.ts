import { defineScreen } from '../support/screen.ts';

export const authenticatorScreen = defineScreen('authenticator', 'Security/Authenticator app', {
  loading: 'Loading',
  loadFailed: 'Could not load',
  'off.idle': 'Not set up',
  'off.failed': 'Set-up could not start',
  beginning: 'Starting the set-up',
  steppingUpToBegin: 'Password asked before the set-up',
  'editing.idle': 'QR code and first code',
  'editing.invalid': 'First code with field errors',
  'editing.failed': 'First code could not be checked',
  confirming: 'Checking the first code',
  steppingUpToConfirm: 'Password asked before confirming',
  showingCodes: 'Recovery codes shown once',
  'on.idle': 'Set up',
  'on.failed': 'Change failed',
  'on.confirmRegenerate': 'Confirm new recovery codes',
  'on.confirmRemove': 'Confirm removal',
  regenerating: 'Making new recovery codes',
  steppingUpToRegenerate: 'Password asked before new recovery codes',
  removing: 'Removing',
  steppingUpToRemove: 'Password asked before removal',
});
