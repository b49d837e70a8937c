import { sessionModel } from '../../../machines/shell/session.model.ts';
import { defineViewModel } from '../support/view-model.ts';

const TITLE = { heading: 'My profile' } as const;
/** The signed-in user's details, shown in every signed-in state. */
const SUMMARY = { text: 'The details of the account you are logged in with.' } as const;

export const sessionView = defineViewModel({
  model: sessionModel,
  evidence: {
    loading: [TITLE, { busy: 'Loading your account…' }],
    unavailable: [TITLE, { alert: 'We could not load your account just now.' }, { button: 'Try again' }],
    signedOut: [TITLE, { text: 'You are logged out.' }, { absent: 'Your session has expired.' }],
    signedIn: [TITLE, SUMMARY],
    'signedIn.idle': [{ absent: 'Refreshing your account details…' }, { absent: 'We could not refresh your account details. What you see may be out of date.' }],
    'signedIn.refreshing': [{ busy: 'Refreshing your account details…' }],
    'signedIn.refreshFailed': [{ alert: 'We could not refresh your account details. What you see may be out of date.' }, { button: 'Try again' }],
    'signedIn.logoutFailed': [{ alert: 'We could not log you out. Please try again.' }, { button: 'Log out' }],
    loggingOut: [TITLE, { busy: 'Logging you out…' }],
    expired: [TITLE, { text: 'Your session has expired.' }],
  },
  acts: {
    retry: () => [{ click: 'Try again' }],
    // The profile summary offers a retry after a failed refresh and a failed logout; elsewhere the
    // app sends these (a sign-in, the header's log out, an activation, a 401).
    'session.refresh': (_event, before) => (before.matches({ signedIn: 'refreshFailed' }) ? [{ click: 'Try again' }] : null),
    'session.logout': (_event, before) => (before.matches({ signedIn: 'logoutFailed' }) ? [{ click: 'Log out' }] : null),
  },
  appEvents: ['session.signedIn', 'session.expire', 'expired.acknowledge'],
});
