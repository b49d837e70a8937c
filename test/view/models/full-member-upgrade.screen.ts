import { defineScreen, sentCodeTitles } from '../support/screen.ts';

export const fullMemberUpgradeScreen = defineScreen('fullMemberUpgrade', 'Profile/Upgrade to full member', {
  loading: 'Loading',
  loadFailed: 'Could not load',
  'welcome.idle': 'Welcome',
  'welcome.failed': 'Could not start',
  starting: 'Starting',
  'email.idle': 'Enter an email',
  'email.invalid': 'Email with field errors',
  'email.failed': 'Code could not be sent',
  sendingCode: 'Sending the code',
  ...sentCodeTitles('code'),
  codeExpired: 'Code expired',
  'phone.verifying': 'Verifying the phone',
  'phone.failed': 'Phone check failed',
  confirmingPhone: 'Confirm the phone',
  'info.idle': 'Your details',
  'info.invalid': 'Details with field errors',
  'info.failed': 'Details could not be saved',
  finishing: 'Finishing the upgrade',
  done: 'Upgraded',
});
