import { defineScreen, sentCodeTitles } from '../support/screen.ts';

export const mobileVerificationScreen = defineScreen('mobileVerification', 'Profile/Verify your mobile number', {
  'editing.idle': 'Enter the mobile number',
  'editing.invalid': 'Number with field errors',
  'editing.failed': 'Request failed',
  sending: 'Sending the SMS',
  ...sentCodeTitles('codeSent'),
  codeExpired: 'Code expired',
  verified: 'Mobile verified',
});
