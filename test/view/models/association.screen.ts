import { defineScreen } from '../support/screen.ts';

export const associationScreen = defineScreen('association', 'Profile/Account association', {
  loading: 'Loading',
  loadFailed: 'Could not load',
  'editing.idle': 'Associated students',
  'editing.invalid': 'Form with field errors',
  'editing.associated': 'Student associated',
  'editing.removed': 'Association removed',
  'editing.failed': 'Request failed',
  checking: 'Checking the student account',
  confirmingAssociate: 'Confirm associating a student',
  associating: 'Associating',
  confirmingRemove: 'Confirm removing an association',
  removing: 'Removing',
});
