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
  policyMinLength: {
    id: 'changePassword.policy.minLength',
    defaultMessage: 'At least {minLength} characters',
    description: 'Password rule under a new-password field; {minLength} is a number.',
  },
  policyComplexity: {
    id: 'changePassword.policy.complexity',
    defaultMessage:
      '{complexity, plural, =4 {All four kinds of characters: lower-case letters, capital letters, digits and symbols} other {At least # of these four kinds of characters: lower-case letters, capital letters, digits and symbols}}',
    description: 'Password rule under a new-password field: how many character classes are needed; {complexity} is 2, 3 or 4.',
  },
  policyNotCommon: {
    id: 'changePassword.policy.notCommon',
    defaultMessage: 'Not a common password that is easy to guess',
    description: 'Password rule under a new-password field: common passwords are refused.',
  },
  confirmHint: { id: 'changePassword.confirmHint', defaultMessage: 'Type the new password again.', description: 'Hint under the confirm-new-password field.' },
});
