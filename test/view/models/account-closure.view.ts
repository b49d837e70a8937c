import { accountClosureModel } from '../../../machines/account-closure/account-closure.model.ts';
import { defineViewModel } from '../support/view-model.ts';
import { NETWORK } from '../support/messages.ts';

const TITLE = { heading: 'Close my account' } as const;
const START = 'Close my account';
const PENDING = { text: 'Your personal data will be erased on {eraseAt}. Cancel the closure to keep your account.' } as const;

export const accountClosureView = defineViewModel({
  model: accountClosureModel,
  evidence: {
    loading: [TITLE, { busy: 'Checking your account…' }, { absent: 'What will be erased' }],
    loadFailed: [TITLE, { alert: 'We could not check your account' }, { alert: NETWORK }, { button: 'Try again' }],
    open: [
      TITLE,
      { heading: 'What will be erased' },
      { text: 'Log in within {days} days and cancel the closure: your account stays as it was. We email your login email address when the closure starts and when it is cancelled.' },
      { button: START },
      { absent: 'Close your account?' },
    ],
    confirming: [{ dialog: 'Close your account?' }, { button: 'Yes, close my account' }, { button: 'Cancel' }],
    submitting: [TITLE, { busy: 'Closing your account…' }, { absent: 'Close your account?' }],
    steppingUp: [TITLE, { heading: 'What will be erased' }, { absent: 'Close your account?' }],
    // The sample refusal is the last family admin's: its message, and the way to the family page.
    refused: [
      TITLE,
      { alert: 'This account cannot be closed here' },
      { alert: 'You are the only admin of a family with other members. Make another member an admin first, then close your account.' },
      { text: 'Go to my family' },
      { absent: 'Close your account?' },
    ],
    failed: [TITLE, { alert: 'Your account was not closed' }, { alert: NETWORK }, { button: 'Try again' }],
    closed: [
      TITLE,
      { heading: 'Your account is closed' },
      { text: 'You have been signed out. Your personal data will be erased on {eraseAt}. To keep your account, log in before then and cancel the closure.' },
      { absent: 'What will be erased' },
    ],
    closing: [TITLE, { heading: 'Your account is being closed' }, PENDING, { button: 'Cancel closure' }, { absent: 'What will be erased' }],
    cancelling: [TITLE, { busy: 'Cancelling…' }, PENDING],
    cancelFailed: [TITLE, { alert: 'The closure was not cancelled' }, { alert: NETWORK }, { button: 'Try again' }],
    cancelled: [TITLE, { heading: 'Closure cancelled' }, { text: 'Your account stays as it was.' }, { absent: 'Your account is being closed' }],
  },
  acts: {
    'closure.start': () => [{ click: START }],
    'dialog.confirm': () => [{ click: 'Yes, close my account' }],
    'dialog.cancel': () => [{ click: 'Cancel' }],
    'closure.cancel': () => [{ click: 'Cancel closure' }],
    retry: () => [{ click: 'Try again' }],
  },
});
