import { defineMessages } from '../i18n/define-messages.ts';

/** The new-password fields' own texts, in the `newPassword` message group of the pages that show them. */
export const newPasswordMessages = defineMessages({
  policyMinLength: {
    id: 'newPassword.policy.minLength',
    defaultMessage: 'At least {minLength} characters',
    description: 'Password rule under a new-password field; {minLength} is a number.',
  },
  policyComplexity: {
    id: 'newPassword.policy.complexity',
    defaultMessage:
      '{complexity, plural, =4 {All four kinds of characters: lower-case letters, capital letters, digits and symbols} other {At least # of these four kinds of characters: lower-case letters, capital letters, digits and symbols}}',
    description: 'Password rule under a new-password field: how many character classes are needed; {complexity} is 2, 3 or 4.',
  },
  policyNotCommon: {
    id: 'newPassword.policy.notCommon',
    defaultMessage: 'Not a common password that is easy to guess',
    description: 'Password rule under a new-password field: common passwords are refused.',
  },
  confirmHint: { id: 'newPassword.confirmHint', defaultMessage: 'Type the new password again.', description: 'Hint under the confirm-new-password field.' },
});
