import { defineScreen } from '../support/screen.ts';

export const stepUpScreen = defineScreen('stepUp', 'Security/Confirm it is you', {
  'editing.idle': 'Password asked again',
  'editing.invalid': 'Password missing or incorrect',
  'editing.failed': 'Could not check',
  submitting: 'Checking',
  proved: 'Confirmed (dialog closed)',
  cancelled: 'Cancelled (dialog closed)',
});
