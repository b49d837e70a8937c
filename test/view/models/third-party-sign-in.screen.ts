import { defineScreen } from '../support/screen.ts';

export const thirdPartySignInScreen = defineScreen('thirdPartySignIn', 'Log in/Third-party sign-in', {
  idle: 'Choose a provider',
  blocked: 'Pop-up blocked',
  starting: 'Opening the provider',
  redirecting: 'Going to the provider',
  waiting: 'Waiting for the provider',
  finishing: 'Finishing sign-in',
  signedIn: 'Signed in',
  secondFactor: 'Second factor needed',
  linkNeeded: 'Link to an account first',
  linked: 'Account linked',
  failed: 'Sign-in failed',
  closing: 'Closing the window',
  closed: 'Window closed',
});
