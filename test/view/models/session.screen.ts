import { defineScreen } from '../support/screen.ts';

export const sessionScreen = defineScreen('session', 'App/Session', {
  loading: 'Checking the session',
  unavailable: 'Server unavailable',
  signedOut: 'Signed out',
  'signedIn.idle': 'Signed in',
  'signedIn.refreshing': 'Refreshing the session',
  'signedIn.refreshFailed': 'Refresh failed',
  'signedIn.logoutFailed': 'Sign-out failed',
  loggingOut: 'Signing out',
  expired: 'Session expired',
});
