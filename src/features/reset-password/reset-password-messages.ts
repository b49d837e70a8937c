import { defineMessages } from '../../i18n/define-messages.ts';

export const resetPasswordMessages = defineMessages({
  title: { id: 'resetPassword.title', defaultMessage: 'Choose a new password', description: 'Heading and tab title of the reset-password form.' },
  lead: {
    id: 'resetPassword.lead',
    defaultMessage: 'You are choosing a new password for the account with login ID {loginId}.',
    description: 'Introduction of the reset form; {loginId} is the account whose password is reset.',
  },
  checkingTitle: { id: 'resetPassword.checking.title', defaultMessage: 'Reset your password', description: 'Heading while the reset link is checked.' },
  checking: { id: 'resetPassword.checking', defaultMessage: 'Checking your link…', description: 'Announced while the reset link is checked.' },
  checkFailedTitle: {
    id: 'resetPassword.checkFailed.title',
    defaultMessage: 'We could not check your link',
    description: 'Heading when the reset link could not be checked (network or server problem).',
  },
  submit: { id: 'resetPassword.submit', defaultMessage: 'Save new password', description: 'Button that submits the new password.' },
  submitting: { id: 'resetPassword.submitting', defaultMessage: 'Saving…', description: 'Button text while the new password is saved.' },
  doneTitle: { id: 'resetPassword.done.title', defaultMessage: 'Your password has been reset', description: 'Heading after the password was reset.' },
  doneBody: {
    id: 'resetPassword.done.body',
    defaultMessage: 'You can now log in with your new password. The link in the email cannot be used again.',
    description: 'Confirms the reset and that the link is used up.',
  },
  logIn: { id: 'resetPassword.done.logIn', defaultMessage: 'Log in', description: 'Link from the reset confirmation to the login page.' },
});
