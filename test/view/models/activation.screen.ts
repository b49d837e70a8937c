import { defineScreen } from '../support/screen.ts';

export const activationScreen = defineScreen('activation', 'Sign up/Activate your account', {
  checking: 'Checking the activation link',
  checkFailed: 'Link could not be checked',
  'setPassword.editing.idle': 'Choose a password',
  'setPassword.editing.invalid': 'Password with field errors',
  'setPassword.editing.failed': 'Password could not be saved',
  'setPassword.submitting': 'Saving the password',
  'subscribe.idle': 'Choose newsletters',
  'subscribe.failed': 'Newsletter choice failed',
  subscribing: 'Saving newsletter choice',
  done: 'Account activated',
  notFound: 'Link not found',
  wrongUrl: 'Link address is wrong',
  userNotFound: 'Account of the link is gone',
});
