import { defineScreen } from '../support/screen.ts';

export const accountClosureScreen = defineScreen('accountClosure', 'Profile/Close my account', {
  loading: 'Checking the account',
  loadFailed: 'Could not check the account',
  open: 'What will be erased',
  confirming: 'Confirm closing',
  submitting: 'Closing',
  steppingUp: 'Confirm it is you',
  failed: 'Not closed',
  closed: 'Closed and signed out',
  closing: 'Closing: erasure date and cancel',
  cancelling: 'Cancelling the closure',
  cancelFailed: 'Cancel failed',
  cancelled: 'Closure cancelled',
});
