import { defineScreen } from '../support/screen.ts';

export const orgAccountListScreen = defineScreen('orgAccountList', 'School/School email list', {
  loading: 'Loading',
  loadFailed: 'Could not load',
  readOnly: 'Accounts, read only',
  'writable.idle': 'Accounts',
  'writable.saved': 'Account saved',
  'writable.deleted': 'Account deleted',
  'writable.failed': 'Action failed',
  'editing.idle': 'Edit an account',
  'editing.invalid': 'Account with field errors',
  'editing.failed': 'Could not save',
  saving: 'Saving',
  confirmingDelete: 'Confirm deleting an account',
  deleting: 'Deleting',
});
