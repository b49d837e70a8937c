import { defineScreen } from '../support/screen.ts';

export const emailChangeScreen = defineScreen('emailChange', 'Profile/Change your login email', {
  'editing.idle': 'New email form',
  'editing.invalid': 'Email with field errors',
  'editing.taken': 'Email already taken',
  'editing.failed': 'Request failed',
  requesting: 'Sending the confirmation',
  'awaiting.idle': 'Waiting for confirmation',
  'awaiting.checking': 'Checking confirmation',
  'awaiting.failed': 'Check failed',
  lapsed: 'Request lapsed',
  confirmed: 'Email changed',
});
