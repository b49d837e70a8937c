import { fatalErrorModel } from '../../../machines/shell/fatal-error.model.ts';
import { defineViewModel } from '../support/view-model.ts';

export const fatalErrorView = defineViewModel({
  model: fatalErrorModel,
  evidence: {
    closed: [{ absent: 'Session expired' }, { absent: 'You have been signed out' }, { absent: 'Something went wrong, please log in and try again later. If the problem persists, please contact us at {supportEmail}.' }],
    sessionExpired: [{ dialog: 'Session expired' }, { text: 'Session has expired, please log in again and try.' }, { button: 'Log in again' }],
    signedOut: [
      { dialog: 'You have been signed out' },
      { text: 'You have been signed out. This browser was signed out from another device, or the password was changed. Please log in again.' },
      { button: 'Log in again' },
      { absent: 'Session has expired, please log in again and try.' },
    ],
    serverError: [{ dialog: 'Something went wrong' }, { text: 'Something went wrong, please log in and try again later. If the problem persists, please contact us at {supportEmail}.' }],
  },
  acts: {
    // sessionExpired and signedOut offer "Log in again", serverError "Close"; both dismiss the dialog.
    'fatal.dismiss': () => [{ press: 'Escape' }],
  },
  appEvents: ['fatal.raise'],
});
