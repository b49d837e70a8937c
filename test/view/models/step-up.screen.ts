import { defineScreen } from '../support/screen.ts';

export const stepUpScreen = defineScreen('stepUp', 'Security/Confirm it is you', {
  loading: 'Reading the ways to confirm',
  loadFailed: 'Ways to confirm not read',
  'editing.idle': 'Password asked again',
  'editing.invalid': 'Password missing or incorrect',
  'editing.failed': 'Could not check',
  submitting: 'Checking',
  'code.idle': 'Authenticator code asked',
  'code.invalid': 'Code missing or not 6 digits',
  'code.failed': 'Could not check the code',
  checkingCode: 'Checking the code',
  'passkey.start': 'Passkey offered (no password)',
  'passkey.preparing': 'Passkey: asking the server',
  'passkey.choosing': 'Passkey: the browser asks for it',
  'passkey.verifying': 'Passkey: checking it',
  'passkey.notUsed': 'No passkey was used',
  'passkey.failed': 'Passkey not checked',
  noProof: 'No way to confirm (no password)',
  proved: 'Confirmed (dialog closed)',
  cancelled: 'Cancelled (dialog closed)',
});
