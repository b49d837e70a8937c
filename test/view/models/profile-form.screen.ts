import { defineScreen } from '../support/screen.ts';

export const profileFormScreen = defineScreen('profileForm', 'Profile/Personal details', {
  loading: 'Loading',
  loadFailed: 'Could not load',
  'editing.idle': 'Personal details form',
  'editing.invalid': 'Form with field errors',
  'editing.generatingNickname': 'Suggesting a nickname',
  'editing.failed': 'Could not save',
  validating: 'Checking the details',
  saving: 'Saving',
  saved: 'Saved',
});
