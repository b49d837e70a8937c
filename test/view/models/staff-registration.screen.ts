import { defineScreen } from '../support/screen.ts';

export const staffRegistrationScreen = defineScreen('staffRegistration', 'Sign up/Register as school staff', {
  'editing.idle': 'Staff registration form',
  'editing.invalid': 'Form with field errors',
  'editing.failed': 'Registration failed',
  submitting: 'Registering',
  sent: 'Request sent',
});
