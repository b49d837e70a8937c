import { defineScreen } from '../support/screen.ts';

export const securitySessionsScreen = defineScreen('securitySessions', 'Security/Account security', {
  loading: 'Loading',
  'ready.idle': 'Signed-in devices',
  'ready.signedOutOne': 'Device signed out',
  'ready.signedOutOthers': 'Other devices signed out',
  'ready.signOutFailed': 'Sign-out failed',
  confirmingOne: 'Confirm signing out a device',
  confirmingOthers: 'Confirm signing out other devices',
  signingOutOne: 'Signing out a device',
  signingOutOthers: 'Signing out other devices',
  failed: 'Could not load',
});
