import { defineScreen } from '../support/screen.ts';

export const thirdPartyLinkScreen = defineScreen('thirdPartyLink', 'Log in/Link third-party account', {
  'editing.idle': 'Sign in to link',
  'editing.invalid': 'Form with field errors',
  'editing.failed': 'Linking failed',
  submitting: 'Linking',
  done: 'Linked',
  secondFactor: 'Second factor needed',
});
