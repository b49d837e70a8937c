import { defineMessages } from '../../i18n/define-messages.ts';

export const registrationMessages = defineMessages({
  title: { id: 'registration.title', defaultMessage: 'Create an account', description: 'Heading and tab title of the individual registration page.' },
  lead: {
    id: 'registration.lead',
    defaultMessage: 'We will email you a link to activate the account and set its password.',
    description: 'Introduction under the registration heading.',
  },
  loginIdHint: {
    id: 'registration.loginIdHint',
    defaultMessage: '{min} to {max} characters: lower-case letters, digits, full stops, hyphens and underscores, starting with a letter or digit.',
    description: 'Hint under the login ID field; {min} and {max} are numbers.',
  },
  emailHint: {
    id: 'registration.emailHint',
    defaultMessage: 'This becomes your login email. We send the activation link here.',
    description: 'Hint under the email field of registration.',
  },
  displayNameHint: {
    id: 'registration.displayNameHint',
    defaultMessage: 'The name other people see, for example in a family group.',
    description: 'Hint under the display name field.',
  },
  acceptTerms: {
    id: 'registration.acceptTerms',
    defaultMessage: 'I have read and accept the terms of service and the privacy policy',
    description: 'Label of the terms of service checkbox.',
  },
  submit: { id: 'registration.submit', defaultMessage: 'Create account', description: 'Button that submits the registration.' },
  submitting: { id: 'registration.submitting', defaultMessage: 'Creating account…', description: 'Button text while the registration is sent.' },
  sentTitle: { id: 'registration.sent.title', defaultMessage: 'Check your email', description: 'Heading after the registration was accepted.' },
  sentBody: {
    id: 'registration.sent.body',
    defaultMessage: 'We have sent an activation link to {email}. Open the link to set your password and start using your account.',
    description: 'Tells where the activation link went; {email} is the address.',
  },
  sentSpam: {
    id: 'registration.sent.spam',
    defaultMessage: 'If the email has not arrived in a few minutes, check your junk or spam folder.',
    description: 'Advice when the activation email seems missing.',
  },
  devMailbox: {
    id: 'registration.sent.devMailbox',
    defaultMessage: 'Development: open the local mailbox',
    description: 'Link to the development mailbox, shown only in development.',
  },
});
