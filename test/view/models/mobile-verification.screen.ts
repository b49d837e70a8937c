import { defineScreen } from '../support/screen.ts';

export const mobileVerificationScreen = defineScreen('mobileVerification', 'Profile/Verify mobile', {
  'editing.idle': 'Enter the mobile number',
  'editing.invalid': 'Number with field errors',
  'editing.failed': 'Request failed',
  sending: 'Sending the SMS',
  'codeSent.resend.locked': 'Code sent, resend locked',
  'codeSent.resend.available': 'Code sent, resend available',
  'codeSent.entry.editing.idle': 'Enter the code',
  'codeSent.entry.editing.invalid': 'Code with field errors',
  'codeSent.entry.editing.failed': 'Code check failed',
  'codeSent.entry.verifying': 'Checking the code',
  codeExpired: 'Code expired',
  verified: 'Mobile verified',
});
