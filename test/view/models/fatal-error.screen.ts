import { defineScreen } from '../support/screen.ts';

export const fatalErrorScreen = defineScreen('fatalError', 'App/Fatal error', {
  closed: 'No error',
  sessionExpired: 'Session expired',
  signedOut: 'Signed out from elsewhere',
  serverError: 'Server error',
});
