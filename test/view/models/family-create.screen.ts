import { defineScreen } from '../support/screen.ts';

export const familyCreateScreen = defineScreen('familyCreate', 'Family/Create a family', {
  'editing.idle': 'Create a family',
  'editing.invalid': 'Form with field errors',
  'editing.failed': 'Could not create',
  confirming: 'Confirm creating the family',
  submitting: 'Creating',
  created: 'Family created',
  cancelled: 'Cancelled',
});
