import { emailVerificationModel } from '../../../machines/email-verification/email-verification.model.ts';
import { defineViewModel } from '../support/view-model.ts';

const TITLE = { heading: 'Confirm your login email' } as const;

export const emailVerificationView = defineViewModel({
  model: emailVerificationModel,
  evidence: {
    checking: [TITLE, { busy: 'Checking your link…' }],
    checkFailed: [
      TITLE,
      { heading: 'We could not check your link' },
      { alert: 'We could not reach the server. Please check your connection and try again.' },
      { button: 'Try again' },
    ],
    verified: [TITLE, { heading: 'Verified' }, { alert: 'Your login email is now {email}. Use it the next time you log in.' }],
    alreadyVerified: [
      TITLE,
      { heading: 'Already verified' },
      { alert: 'This link was already used, so the change is already in force. There is nothing more to do.' },
    ],
    expired: [
      TITLE,
      { heading: 'This link has expired' },
      { alert: 'The change was not made. Ask for it again from your profile, then follow the new link within its time.' },
    ],
    invalid: [
      TITLE,
      { heading: 'This link is not valid' },
      { alert: 'The link may be incomplete. Copy the whole link from the email into the address bar, or ask for a new email.' },
    ],
    held: [
      TITLE,
      { heading: 'Two-factor login is on hold' },
      { alert: 'Nothing was confirmed: there were too many attempts at two-factor login on this account. Please log in again after {holdUntil} (Hong Kong time).' },
    ],
    duplicated: [{ heading: 'This email address is already in use' }, { alert: 'Another account now uses this address, so the change was not made. Choose a different address in your profile.' }, TITLE],
  },
  acts: {
    retry: () => [{ click: 'Try again' }],
  },
});
