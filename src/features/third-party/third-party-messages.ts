import { defineMessages } from '../../i18n/define-messages.ts';

/** Messages of third-party sign-in, /third-party-link and /profile/login-info (the `thirdParty` group). */
export const thirdPartyMessages = defineMessages({
  google: { id: 'thirdParty.google', defaultMessage: 'Google', description: 'Name of the third-party login provider.' },
  signIn: { id: 'thirdParty.signIn', defaultMessage: 'Sign in with Google', description: 'Button that starts a Google sign-in.' },
  link: { id: 'thirdParty.link', defaultMessage: 'Link a Google account', description: 'Button that links a Google account to the signed-in account.' },
  starting: { id: 'thirdParty.starting', defaultMessage: 'Connecting to Google…', description: 'Busy text while the sign-in starts.' },
  waiting: {
    id: 'thirdParty.waiting',
    defaultMessage: 'Continue in the Google window. This page goes on by itself when you are done there.',
    description: 'Shown while the Google popup is open.',
  },
  cancel: { id: 'thirdParty.cancel', defaultMessage: 'Cancel', description: 'Button that stops waiting for the Google popup.' },
  blocked: {
    id: 'thirdParty.blocked',
    defaultMessage: 'Your browser blocked the Google window. You can continue in this window instead.',
    description: 'Shown when the popup was blocked.',
  },
  continueHere: { id: 'thirdParty.continueHere', defaultMessage: 'Continue in this window', description: 'Button: the Google sign-in as a full-page redirect.' },
  redirecting: { id: 'thirdParty.redirecting', defaultMessage: 'Going to Google…', description: 'Busy text while this window goes to Google.' },
  finishing: { id: 'thirdParty.finishing', defaultMessage: 'Finishing the sign-in with Google…', description: 'Busy text on the callback page.' },
  signedIn: { id: 'thirdParty.signedIn', defaultMessage: 'You are signed in.', description: 'Outcome: signed in with Google.' },
  secondFactor: { id: 'thirdParty.secondFactor', defaultMessage: 'One more step: confirm your two-factor email.', description: 'Outcome: a school administrator goes on to the second factor.' },
  linkNeeded: {
    id: 'thirdParty.linkNeeded',
    defaultMessage: 'This Google account is not linked to an account here yet.',
    description: 'Outcome: the identity opens no account; the person goes to /third-party-link.',
  },
  linked: { id: 'thirdParty.linked', defaultMessage: 'The Google account is linked.', description: 'Outcome: the identity was linked.' },
  tryAgain: { id: 'thirdParty.tryAgain', defaultMessage: 'Try again', description: 'Button after a failed Google sign-in.' },
  closing: { id: 'thirdParty.closing', defaultMessage: 'This window closes by itself in a moment.', description: 'The callback popup before it closes (no seconds shown, SPEC §2).' },
  closed: { id: 'thirdParty.closed', defaultMessage: 'You can close this window.', description: 'Shown if the browser kept the callback window open.' },
  callbackTitle: { id: 'thirdParty.callbackTitle', defaultMessage: 'Sign in with Google', description: 'Heading of the callback and start pages.' },
  backToLogin: { id: 'thirdParty.backToLogin', defaultMessage: 'Back to the login page', description: 'Link from the callback page after a failure.' },
  // /third-party-link
  linkTitle: { id: 'thirdParty.linkTitle', defaultMessage: 'Link your Google account to your account', description: 'Heading of /third-party-link.' },
  linkLead: {
    id: 'thirdParty.linkLead',
    defaultMessage: 'Your Google account is not linked to an account here yet. Enter the login name and password of your existing account to link them; from then on, Sign in with Google opens it.',
    description: 'Introduction of /third-party-link.',
  },
  linkLoginIdHint: { id: 'thirdParty.linkLoginIdHint', defaultMessage: 'The login ID or the login email address of your account.', description: 'Hint under the login field.' },
  linkSubmit: { id: 'thirdParty.linkSubmit', defaultMessage: 'Link and sign in', description: 'Submit button of /third-party-link.' },
  linkSubmitting: { id: 'thirdParty.linkSubmitting', defaultMessage: 'Linking…', description: 'Submit button while linking.' },
  linkDone: { id: 'thirdParty.linkDone', defaultMessage: 'Linked. Signing you in…', description: 'Busy text after the link succeeded.' },
  linkAgain: { id: 'thirdParty.linkAgain', defaultMessage: 'Sign in with Google again', description: 'Link back to the login page after an unknown failure.' },
  // /profile/login-info
  infoTitle: { id: 'thirdParty.infoTitle', defaultMessage: 'Login information', description: 'Heading of /profile/login-info.' },
  infoLead: {
    id: 'thirdParty.infoLead',
    defaultMessage: 'Accounts elsewhere that can sign you in here.',
    description: 'Introduction of the linked accounts on /profile/login-info.',
  },
  infoLoading: { id: 'thirdParty.infoLoading', defaultMessage: 'Loading your login information…', description: 'Busy text.' },
  retry: { id: 'thirdParty.retry', defaultMessage: 'Try again', description: 'Button after the login information failed to load.' },
  linkedAs: { id: 'thirdParty.linkedAs', defaultMessage: 'Linked: {email}, since {date} (Hong Kong time)', description: 'A linked identity; {date} is a date.' },
  notLinked: { id: 'thirdParty.notLinked', defaultMessage: 'Not linked', description: 'A provider with no linked identity.' },
  unlink: { id: 'thirdParty.unlink', defaultMessage: 'Unlink {provider}', description: 'Button that asks to unlink a provider.' },
  unlinkTitle: { id: 'thirdParty.unlinkTitle', defaultMessage: 'Unlink your Google account?', description: 'Title of the unlink confirmation dialog.' },
  unlinkBody: {
    id: 'thirdParty.unlinkBody',
    defaultMessage: 'You will no longer be able to sign in with {email}. You can link it again later.',
    description: 'Body of the unlink confirmation dialog.',
  },
  unlinkConfirm: { id: 'thirdParty.unlinkConfirm', defaultMessage: 'Unlink', description: 'Confirm button of the unlink dialog.' },
  unlinking: { id: 'thirdParty.unlinking', defaultMessage: 'Unlinking…', description: 'Busy text while unlinking.' },
  unlinked: { id: 'thirdParty.unlinked', defaultMessage: 'The Google account is unlinked.', description: 'Notice after unlinking.' },
});
