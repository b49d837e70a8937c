import { securitySessionsModel } from '../../../machines/security/security-sessions.model.ts';
import { defineViewModel } from '../support/view-model.ts';

const TITLE = { heading: 'Account security' } as const;
const SIGN_OUT_ONE = 'Sign out {device}';
const SIGN_OUT_OTHERS = 'Sign out all other sessions';

/** What the ready page always shows: both sessions' evidence, the history with its outcomes. */
const LISTED = [
  TITLE,
  { heading: 'Signed in now' },
  { text: 'This browser' },
  { text: 'Signed in' },
  { text: 'Last seen' },
  { text: '{time} (Hong Kong time)' },
  { heading: 'Sign-ins in the last {days} days' },
  { text: 'When (Hong Kong time)' },
  { text: 'Wrong password' },
  { text: 'Correct, but the second step was not completed' },
  { text: 'One-time password' },
] as const;

export const securitySessionsView = defineViewModel({
  model: securitySessionsModel,
  evidence: {
    loading: [TITLE, { busy: 'Loading your sessions and sign-ins…' }],
    ready: [...LISTED],
    'ready.idle': [{ button: SIGN_OUT_ONE }, { button: SIGN_OUT_OTHERS }, { absent: 'Nothing was signed out' }],
    'ready.signedOutOne': [{ alert: 'That session is signed out.' }, { text: 'Your account is signed in on this browser only.' }, { absent: SIGN_OUT_OTHERS }],
    'ready.signedOutOthers': [{ alert: 'All other sessions are signed out.' }, { text: 'Your account is signed in on this browser only.' }, { absent: SIGN_OUT_ONE }],
    'ready.signOutFailed': [{ alert: 'Nothing was signed out' }],
    confirmingOne: [{ dialog: 'Sign out this session?' }, { text: '{device} will be signed out at once. Whoever uses it must log in again.' }, { button: 'Yes, sign it out' }, { button: 'Cancel' }],
    confirmingOthers: [
      { dialog: 'Sign out all other sessions?' },
      { text: 'Every browser and device but this one will be signed out at once. You stay logged in here.' },
      { button: 'Yes, sign out the others' },
    ],
    signingOutOne: [TITLE, { busy: 'Signing out…' }],
    signingOutOthers: [TITLE, { busy: 'Signing out…' }],
    failed: [TITLE, { heading: 'We could not load your sessions' }, { alert: 'We could not reach the server. Please check your connection and try again.' }, { button: 'Try again' }],
  },
  acts: {
    'session.signOut': () => [{ click: SIGN_OUT_ONE }],
    'others.signOut': () => [{ click: SIGN_OUT_OTHERS }],
    'dialog.confirm': (_event, before) => [{ click: before.matches('confirmingOne') ? 'Yes, sign it out' : 'Yes, sign out the others' }],
    'dialog.cancel': () => [{ click: 'Cancel' }],
    retry: () => [{ click: 'Try again' }],
  },
});
