import { defineScreen } from '../support/screen.ts';

export const upgradeReminderScreen = defineScreen('upgradeReminder', 'Profile/Continue your upgrade', {
  checking: 'Checking for an upgrade left half-way',
  none: 'Nothing to continue',
  kept: 'Continue your upgrade',
  followed: 'Going to the upgrade',
});
