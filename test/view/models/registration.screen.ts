import { defineScreen } from '../support/screen.ts';

export const registrationScreen = defineScreen('registration', 'Sign up/Create an account', {
  'editing.idle': 'Registration form',
  'editing.invalid': 'Form with field errors',
  'editing.failed': 'Registration failed',
  submitting: 'Registering',
  sent: 'Activation email sent',
});
