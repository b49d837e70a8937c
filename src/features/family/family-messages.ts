import { defineMessages } from '../../i18n/define-messages.ts';

/** Messages of the family page itself (the `family` group, downloaded with the page). */
export const familyMessages = defineMessages({
  title: { id: 'family.title', defaultMessage: 'Family', description: 'Heading and tab title of the family page.' },
  loading: { id: 'family.loading', defaultMessage: 'Loading your family…', description: 'Shown while the family page is read.' },
  updating: { id: 'family.updating', defaultMessage: 'Updating…', description: 'Shown while the family page is read again after a change.' },
  retry: { id: 'family.retry', defaultMessage: 'Try again', description: 'Button that reads the family page again after a failure.' },
  back: { id: 'family.back', defaultMessage: 'Back', description: 'Button that leaves a family form for the family home.' },
  ok: { id: 'family.ok', defaultMessage: 'OK', description: 'Button that closes a message dialog.' },
  cancel: { id: 'family.cancel', defaultMessage: 'Cancel', description: 'Button that closes a confirmation dialog without acting.' },
  roleHint: { id: 'family.roleHint', defaultMessage: 'Other members see this beside your nickname.', description: 'Hint under the family role choice.' },
  nameHint: { id: 'family.nameHint', defaultMessage: 'Up to {max} characters.', description: 'Hint under a name or nickname field; {max} is a number.' },
  indecent: {
    id: 'family.indecent',
    defaultMessage: 'Some words are not allowed in family names and nicknames. Please change them.',
    description: 'Error: the server refused indecent words without naming the field.',
  },
  addLoginEmail: { id: 'family.addLoginEmail', defaultMessage: 'Add a login email', description: 'Link to the profile’s emails page (/profile/emails), where the login email is added.' },
  upgrade: {
    id: 'family.upgrade',
    defaultMessage: 'Upgrade your account to a student membership: it takes about 5 minutes.',
    description: 'Link that opens the student-member upgrade, shown to a student-only account on the family page.',
  },
  toProfile: { id: 'family.toProfile', defaultMessage: 'Go to your profile', description: 'Link from the family page to the profile.' },
  heldTitle: { id: 'family.held.title', defaultMessage: 'Please wait before trying again', description: 'Heading when join requests are on hold.' },
  heldBody: {
    id: 'family.held.body',
    defaultMessage: 'There were more than 5 incorrect join requests from your account in 24 hours. You can create or join a family again {retry}.',
    description: 'Family hold message; {retry} is when: "after <date and time> (Hong Kong time)" or "in N seconds" (src/i18n/hk-time.ts, hkRetry).',
  },
  homeLead: {
    id: 'family.home.lead',
    defaultMessage: 'A family group links the accounts of the people in your family. Each account can be in one family.',
    description: 'Introduction of the family home.',
  },
  createTitle: { id: 'family.home.createTitle', defaultMessage: 'Start a new family', description: 'Subheading of the create option on the family home.' },
  createBody: {
    id: 'family.home.createBody',
    defaultMessage: 'You become its admin and can invite others with a join link or by email.',
    description: 'Explains creating a family on the family home.',
  },
  create: { id: 'family.home.create', defaultMessage: 'Create a family', description: 'Button that opens the create-family form.' },
  joinTitle: { id: 'family.home.joinTitle', defaultMessage: 'Join a family', description: 'Subheading of the join option on the family home.' },
  joinBody: {
    id: 'family.home.joinBody',
    defaultMessage: 'You need the family admin’s email address, the family reference number and the family code.',
    description: 'Explains joining a family on the family home.',
  },
  join: { id: 'family.home.join', defaultMessage: 'Join a family', description: 'Button that opens the join form.' },
  notAllowedTitle: { id: 'family.home.notAllowedTitle', defaultMessage: 'Families are not available for this account', description: 'Heading when the account may not use families.' },
  whatsappText: {
    id: 'family.whatsappText',
    defaultMessage: 'Join our family “{familyName}” on the Account Portal: {link}',
    description: 'Text of the WhatsApp message carrying the join link.',
  },
});
