import { defineMessages } from '../../i18n/define-messages.ts';

/** Messages of the email change panel (the `emailChange` group, loaded by the panel itself). */
export const emailChangeMessages = defineMessages({
  headingLogin: { id: 'emailChange.heading.login', defaultMessage: 'Change your login email', description: 'Heading of the login email change panel.' },
  headingContact: { id: 'emailChange.heading.contact', defaultMessage: 'Change your contact email', description: 'Heading of the contact email change panel.' },
  headingTeacher: { id: 'emailChange.heading.teacher', defaultMessage: 'Change your teacher email', description: 'Heading of the teacher email change panel.' },
  currentLogin: { id: 'emailChange.current.login', defaultMessage: 'Current login email: {email}', description: 'The login email in force; {email} is the address.' },
  currentContact: { id: 'emailChange.current.contact', defaultMessage: 'Current contact email: {email}', description: 'The contact email in force; {email} is the address.' },
  currentTeacher: { id: 'emailChange.current.teacher', defaultMessage: 'Current teacher email: {email}', description: 'The teacher email in force; {email} is the address.' },
  noCurrent: { id: 'emailChange.noCurrent', defaultMessage: 'No address is set yet.', description: 'Shown when the account has no address of this kind.' },
  labelLogin: { id: 'emailChange.label.login', defaultMessage: 'New login email', description: 'Label of the new login email field.' },
  labelContact: { id: 'emailChange.label.contact', defaultMessage: 'New contact email', description: 'Label of the new contact email field.' },
  labelTeacher: { id: 'emailChange.label.teacher', defaultMessage: 'New teacher email', description: 'Label of the new teacher email field.' },
  hint: {
    id: 'emailChange.hint',
    defaultMessage: 'We email a link to the new address. The change applies only when you follow it.',
    description: 'Hint under the new email field.',
  },
  submit: { id: 'emailChange.submit', defaultMessage: 'Send confirmation link', description: 'Button that asks for the email change.' },
  submitting: { id: 'emailChange.submitting', defaultMessage: 'Sending…', description: 'Button text while the change is asked for.' },
  pendingNotice: {
    id: 'emailChange.pendingNotice',
    defaultMessage: 'A confirmation link was sent to {email} and has not been followed yet. You can follow it, or ask for a new address here.',
    description: 'Shown above the form when a change already waits for its link; {email} is the waiting address.',
  },
  awaitingTitle: { id: 'emailChange.awaitingTitle', defaultMessage: 'Check your email', description: 'Heading of the notice after the link was sent.' },
  awaitingBody: {
    id: 'emailChange.awaitingBody',
    defaultMessage: 'We sent a confirmation link to {email}. Follow it before {expiresAt} to apply the change.',
    description: 'After the request; {email} is the new address, {expiresAt} a date and time.',
  },
  stillWaiting: {
    id: 'emailChange.stillWaiting',
    defaultMessage: 'The link has not been followed yet. Open the email and follow its link, then try again.',
    description: 'After the user said they followed the link but the change is still waiting.',
  },
  refresh: { id: 'emailChange.refresh', defaultMessage: 'I followed the link', description: 'Button that checks whether the change was confirmed.' },
  checking: { id: 'emailChange.checking', defaultMessage: 'Checking…', description: 'Button text while the change is checked.' },
  restart: { id: 'emailChange.restart', defaultMessage: 'Use a different address', description: 'Button that starts the change again.' },
  lapsedTitle: { id: 'emailChange.lapsedTitle', defaultMessage: 'The change was not made', description: 'Heading when the link expired or was replaced.' },
  lapsedBody: {
    id: 'emailChange.lapsedBody',
    defaultMessage: 'The confirmation link expired or was replaced by a newer request, so your address did not change.',
    description: 'The link expired unused or was replaced.',
  },
  startAgain: { id: 'emailChange.startAgain', defaultMessage: 'Start again', description: 'Button that starts a new email change after a lapsed one.' },
  confirmedTitle: { id: 'emailChange.confirmedTitle', defaultMessage: 'Email changed', description: 'Heading once the change applied.' },
  confirmedLogin: { id: 'emailChange.confirmed.login', defaultMessage: 'Your login email is now {email}.', description: 'The login email change applied; {email} is the new address.' },
  confirmedContact: { id: 'emailChange.confirmed.contact', defaultMessage: 'Your contact email is now {email}.', description: 'The contact email change applied; {email} is the new address.' },
  confirmedTeacher: { id: 'emailChange.confirmed.teacher', defaultMessage: 'Your teacher email is now {email}.', description: 'The teacher email change applied; {email} is the new address.' },
});
