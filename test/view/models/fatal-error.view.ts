import { fatalErrorModel } from '../../../machines/shell/fatal-error.model.ts';
import { defineViewModel } from '../support/view-model.ts';

export const fatalErrorView = defineViewModel({
  model: fatalErrorModel,
  evidence: {
    closed: [{ absent: 'Session expired' }, { absent: 'Something went wrong, please log in and try again later. If the problem persists, please contact us at {supportEmail}.' }],
    sessionExpired: [{ dialog: 'Session expired' }, { text: 'Session has expired, please log in again and try.' }, { button: 'Log in again' }],
    serverError: [{ dialog: 'Something went wrong' }, { text: 'Something went wrong, please log in and try again later. If the problem persists, please contact us at {supportEmail}.' }],
  },
  acts: {
    // sessionExpired offers "Log in again", serverError "Close"; both dismiss the dialog.
    'fatal.dismiss': () => [{ press: 'Escape' }],
  },
  appEvents: ['fatal.raise'],
});
