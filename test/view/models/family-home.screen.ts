import { defineScreen } from '../support/screen.ts';

export const familyHomeScreen = defineScreen('familyHome', 'Family/Family', {
  'loading.permission': 'Checking permission',
  'loading.currentPage': 'Finding your family page',
  'loading.hold': 'Checking for a hold',
  'notAllowed.noLoginEmail': 'Needs a login email',
  'notAllowed.functionalAccount': 'Not for functional accounts',
  'notAllowed.studentOnly': 'Not for student-only accounts',
  'notAllowed.accountType': 'Not for this account type',
  held: 'Held after too many attempts',
  home: 'Create or join a family',
  create: 'Go to creating a family',
  join: 'Go to joining a family',
  pending: 'Request pending',
  details: 'Go to family details',
  failed: 'Could not load',
});
