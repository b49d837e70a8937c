import { defineScreen } from '../support/screen.ts';

export const loginInfoScreen = defineScreen('loginInfo', 'Security/Login information', {
  loading: 'Loading',
  loadFailed: 'Could not load',
  'ready.idle': 'Sign-in methods',
  'ready.unlinked': 'Provider unlinked',
  'ready.failed': 'Action failed',
  'ready.saved': 'Saved',
  confirmUnlink: 'Confirm unlinking a provider',
  unlinking: 'Unlinking',
  saving: 'Saving',
});
