import { defineMessages } from '../../i18n/define-messages.ts';

export const changePasswordMessages = defineMessages({
  title: { id: 'changePassword.title', defaultMessage: 'Change your password', description: 'Heading and tab title of the change-password page.' },
  lead: {
    id: 'changePassword.lead',
    defaultMessage: 'Enter the password you use now, then choose a new one. You stay logged in on this device.',
    description: 'Introduction under the change-password heading.',
  },
  submit: { id: 'changePassword.submit', defaultMessage: 'Change password', description: 'Button that submits the change-password form.' },
  submitting: { id: 'changePassword.submitting', defaultMessage: 'Changing password…', description: 'Button text while the new password is saved.' },
  doneTitle: { id: 'changePassword.done.title', defaultMessage: 'Password changed', description: 'Heading after the password was changed.' },
  doneBody: {
    id: 'changePassword.done.body',
    defaultMessage: 'Your password has been changed. You are still logged in; use the new password next time you log in.',
    description: 'Confirms the change and that the session continues.',
  },
  again: { id: 'changePassword.done.again', defaultMessage: 'Change it again', description: 'Button that shows the change-password form again.' },
  backToProfile: { id: 'changePassword.done.profile', defaultMessage: 'Back to your profile', description: 'Link from the confirmation to the profile page.' },
  forgotCurrent: {
    id: 'changePassword.forgotCurrent',
    defaultMessage: 'Forgot your current password? Reset it by email',
    description: 'Link from the change-password form to the forgot-password page.',
  },
});
