import { defineScreen } from '../support/screen.ts';

export const emailVerificationScreen = defineScreen('emailVerification', 'Sign up/Verify email', {
  checking: 'Checking the link',
  checkFailed: 'Link could not be checked',
  verified: 'Email verified',
  invalid: 'Link not valid',
  duplicated: 'Email used by another account',
  held: 'Two-factor login on hold',
});
