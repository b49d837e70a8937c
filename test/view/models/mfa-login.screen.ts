import { defineScreen } from '../support/screen.ts';

export const mfaLoginScreen = defineScreen('mfaLogin', 'Log in/Two-factor login', {
  loading: 'Loading',
  loadFailed: 'Could not load',
  'editing.idle': 'Choose where to send the link',
  'editing.invalid': 'Form with field errors',
  'editing.failed': 'Link could not be sent',
  sending: 'Sending the link',
  'waiting.poll.idle': 'Waiting for the link to be opened',
  'waiting.poll.checking': 'Checking whether the link was opened',
  'waiting.resend.locked': 'Waiting, resend locked',
  'waiting.resend.available': 'Waiting, resend available',
  'waiting.notice.none': 'Waiting, no notice',
  'waiting.notice.resent': 'Link sent again',
  'waiting.notice.failed': 'Check failed',
  resending: 'Sending the link again',
  completing: 'Completing sign-in',
  expired: 'Link expired',
  done: 'Signed in',
});
