import { defineScreen } from '../support/screen.ts';

export const resetPasswordScreen = defineScreen('resetPassword', 'Log in/Reset your password', {
  checking: 'Checking the link',
  checkFailed: 'Link could not be checked',
  'editing.idle': 'Choose a new password',
  'editing.invalid': 'Password with field errors',
  'editing.failed': 'Password could not be saved',
  submitting: 'Saving the password',
  done: 'Password reset',
  notFound: 'Link not found',
  wrongUrl: 'Link address is wrong',
  userNotFound: 'Account of the link is gone',
});
