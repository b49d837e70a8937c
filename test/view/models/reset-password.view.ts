import { resetPasswordModel } from '../../../machines/reset-password/reset-password.model.ts';
import { defineViewModel, type Evidence } from '../support/view-model.ts';
import { NETWORK } from '../support/messages.ts';

const FIELD_LABELS = { newPassword: 'New password', confirmNewPassword: 'Confirm new password' } as const;

/**
 * Used, expired and unknown links look alike here: the page leaves for the invalid-link page,
 * which names the reason (the view has nothing else that tells the three apart).
 */
const leaving: Evidence = [{ heading: 'Reset your password' }, { busy: 'This link cannot be used. Taking you to an explanation…' }];

export const resetPasswordView = defineViewModel({
  model: resetPasswordModel,
  evidence: {
    checking: [{ heading: 'Reset your password' }, { busy: 'Checking your link…' }],
    checkFailed: [{ heading: 'We could not check your link' }, { alert: NETWORK }, { button: 'Try again' }],
    editing: [{ heading: 'Choose a new password' }, { text: 'You are choosing a new password for the account with login ID {loginId}.' }, { button: 'Save new password' }],
    'editing.idle': [{ absent: 'There is a problem' }],
    'editing.invalid': [{ alert: 'There is a problem' }, { absent: NETWORK }],
    'editing.failed': [{ alert: NETWORK }],
    submitting: [{ heading: 'Choose a new password' }, { busy: 'Saving…' }],
    done: [{ heading: 'Your password has been reset' }, { alert: 'You can now log in with your new password. The link in the email cannot be used again.' }],
    used: leaving,
    expired: leaving,
    notFound: leaving,
    wrongUrl: leaving,
    userNotFound: leaving,
  },
  acts: {
    retry: () => [{ click: 'Try again' }],
    'form.change': (event) => [{ fill: FIELD_LABELS[event.field], value: event.value }],
    'form.submit': () => [{ click: 'Save new password' }],
  },
});
