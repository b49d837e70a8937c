import { defineMessages } from '../../i18n/define-messages.ts';

export const staffRegistrationMessages = defineMessages({
  title: { id: 'staffRegistration.title', defaultMessage: 'Register as school staff', description: 'Heading and tab title of the school staff registration page (/edb/register).' },
  lead: {
    id: 'staffRegistration.lead',
    defaultMessage: 'Use the email address your school gave you. We will email you a link to activate the account and set its password.',
    description: 'Introduction under the staff registration heading.',
  },
  loginIdHint: {
    id: 'staffRegistration.loginIdHint',
    defaultMessage: '{min} to {max} characters: lower-case letters, digits, full stops, hyphens and underscores, starting with a letter or digit.',
    description: 'Hint under the login ID field of staff registration; {min} and {max} are numbers.',
  },
  email: { id: 'staffRegistration.email', defaultMessage: 'School email address', description: 'Label of the email field of staff registration.' },
  emailHint: {
    id: 'staffRegistration.emailHint',
    defaultMessage: "It must end with one of your school's teacher email domains, for example name@your-school.edu.hk. It becomes your login email.",
    description: 'Hint under the school email field of staff registration.',
  },
  enFullName: { id: 'staffRegistration.enFullName', defaultMessage: 'English name', description: 'Label of the English full name field of staff registration.' },
  enFullNameHint: {
    id: 'staffRegistration.enFullNameHint',
    defaultMessage: 'As your school knows you, for example CHAN Tai Man.',
    description: 'Hint under the English name field of staff registration.',
  },
  chFullName: { id: 'staffRegistration.chFullName', defaultMessage: 'Chinese name (optional)', description: 'Label of the optional Chinese full name field of staff registration.' },
  acceptTerms: {
    id: 'staffRegistration.acceptTerms',
    defaultMessage: 'I have read and accept the terms of service and the privacy policy',
    description: 'Label of the terms of service checkbox of staff registration.',
  },
  submit: { id: 'staffRegistration.submit', defaultMessage: 'Register', description: 'Button that submits the staff registration.' },
  submitting: { id: 'staffRegistration.submitting', defaultMessage: 'Registering…', description: 'Button text while the staff registration is sent.' },
  sentTitle: { id: 'staffRegistration.sent.title', defaultMessage: 'Check your email', description: 'Heading after the staff registration was accepted.' },
  sentBody: {
    id: 'staffRegistration.sent.body',
    defaultMessage: 'We have sent an activation link to {email}. Open the link to set your password; your account then belongs to {school} as school staff.',
    description: 'Tells where the activation link went and which school the account joins; {email} is the address, {school} the school name.',
  },
  sentSpam: {
    id: 'staffRegistration.sent.spam',
    defaultMessage: 'If the email has not arrived in a few minutes, check your junk or spam folder.',
    description: 'Advice when the activation email seems missing (staff registration).',
  },
  devMailbox: {
    id: 'staffRegistration.sent.devMailbox',
    defaultMessage: 'Development: open the local mailbox',
    description: 'Link to the development mailbox, shown only in development (staff registration).',
  },
});
