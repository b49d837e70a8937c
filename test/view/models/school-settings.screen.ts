import { defineScreen } from '../support/screen.ts';

export const schoolSettingsScreen = defineScreen('schoolSettings', 'School/School settings', {
  loading: 'Loading',
  loadFailed: 'Could not load',
  readOnly: 'Settings, read only',
  'editing.idle': 'School settings',
  'editing.invalid': 'Settings with field errors',
  'editing.unchanged': 'Nothing to save',
  'editing.domainsRefused': 'Domains refused',
  'editing.failed': 'Could not save',
  saving: 'Saving',
  saved: 'Settings saved',
});
