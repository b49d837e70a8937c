import { thirdPartySignInModel } from '../../../machines/third-party/third-party-sign-in.model.ts';
import { defineViewModel } from '../support/view-model.ts';

const FAILURE = 'The sign-in with Google did not succeed. Please try again.';

export const thirdPartySignInView = defineViewModel({
  model: thirdPartySignInModel,
  evidence: {
    idle: [{ button: 'Sign in with Google' }],
    blocked: [{ alert: 'Your browser blocked the Google window. You can continue in this window instead.' }, { button: 'Continue in this window' }],
    starting: [{ busy: 'Connecting to Google…' }],
    redirecting: [{ busy: 'Going to Google…' }],
    waiting: [{ alert: 'Continue in the Google window. This page goes on by itself when you are done there.' }, { button: 'Cancel' }],
    finishing: [{ busy: 'Finishing the sign-in with Google…' }],
    signedIn: [{ alert: 'You are signed in.' }],
    secondFactor: [{ alert: 'One more step: confirm your two-factor email.' }],
    linkNeeded: [{ alert: 'This Google account is not linked to an account here yet.' }],
    linked: [{ alert: 'The Google account is linked.' }],
    failed: [{ alert: FAILURE }, { button: 'Try again' }],
    closing: [{ text: 'This window closes by itself in a moment.' }],
    closed: [{ text: 'You can close this window.' }],
  },
  acts: {
    // The page opens the popup in the click; the flow view's browser lets it open.
    'popup.opened': (_event, before) => (before.matches('idle') ? [{ click: 'Sign in with Google' }] : before.matches('failed') ? [{ click: 'Try again' }] : null),
    'popup.blocked': () => null,
    'popup.cancel': () => [{ click: 'Cancel' }],
    'redirect.continue': (_event, before) => (before.matches('blocked') ? [{ click: 'Continue in this window' }] : null),
    // The callback page and the channel send these, not a gesture.
    'callback.arrived': () => null,
    'outcome.received': () => null,
    'outcome.failed': () => null,
    'window.close': () => null,
  },
});
