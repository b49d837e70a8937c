import { defineScreen } from '../support/screen.ts';

export const passwordLoginScreen = defineScreen('passwordLogin', 'Log in/Log in', {
  'editing.idle': 'Sign-in form',
  'editing.invalid': 'Form with field errors',
  'editing.failed': 'Sign-in failed',
  submitting: 'Signing in',
  done: 'Signed in',
  secondFactor: 'Second factor needed',
});
