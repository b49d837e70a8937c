import { defineScreen } from '../support/screen.ts';

export const familyJoinScreen = defineScreen('familyJoin', 'Family/Join a family', {
  loading: 'Loading',
  loadFailed: 'Could not load',
  'editing.idle': 'Join a family',
  'editing.invalid': 'Form with field errors',
  'editing.joinLinkInvalid': 'Invitation link not valid',
  'editing.failed': 'Could not send the request',
  submitting: 'Sending the request',
  'pending.refreshing': 'Request pending, refreshing',
  'pending.refreshFailed': 'Request pending, refresh failed',
  'pending.waiting.idle': 'Waiting for the admin',
  'pending.waiting.confirmingWithdraw': 'Confirm withdrawing the request',
  'pending.declined.notice': 'Request declined',
  'pending.declined.confirmingWithdraw': 'Declined: confirm withdrawing',
  'pending.kicked': 'Removed from the family',
  'pending.dismissed': 'Family dismissed',
  'pending.withdrawing': 'Withdrawing the request',
  'pending.acknowledging': 'Acknowledging',
  'pending.actionFailed': 'Action failed',
  accepted: 'Request accepted',
  cancelled: 'Cancelled',
});
