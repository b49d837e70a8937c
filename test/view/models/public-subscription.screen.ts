import { defineScreen } from '../support/screen.ts';

export const publicSubscriptionScreen = defineScreen('publicSubscription', 'Newsletter/Subscribe to our newsletters', {
  'editing.idle': 'Subscription form',
  'editing.invalid': 'Form with field errors',
  'editing.failed': 'Could not subscribe',
  submitting: 'Subscribing',
  sent: 'Confirmation email sent',
});
