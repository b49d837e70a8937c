import { defineMessages } from '../../i18n/define-messages.ts';

/** Messages of the public newsletter page (the `emailSubscriptions` group). */
export const emailSubscriptionsMessages = defineMessages({
  title: { id: 'emailSubscriptions.title', defaultMessage: 'Subscribe to our newsletters', description: 'Heading and tab title of the public newsletter page.' },
  lead: {
    id: 'emailSubscriptions.lead',
    defaultMessage: 'No account needed. We email you a link to confirm the address before anything is sent.',
    description: 'Introduction of the public newsletter page.',
  },
  emailHint: { id: 'emailSubscriptions.emailHint', defaultMessage: 'The address the newsletters go to.', description: 'Hint under the email field.' },
  confirmEmail: { id: 'emailSubscriptions.confirmEmail', defaultMessage: 'Confirm email address', description: 'Label of the field repeating the email address.' },
  confirmEmailHint: { id: 'emailSubscriptions.confirmEmailHint', defaultMessage: 'Type the same address again.', description: 'Hint under the confirm email field.' },
  held: {
    id: 'emailSubscriptions.held',
    defaultMessage: 'There were too many subscription requests for this address. Please try again {retry}.',
    description: 'Error: the address is on hold after more than 5 requests in 24 hours; {retry} is when: "after <date and time> (Hong Kong time)" or "in N seconds" (src/i18n/hk-time.ts, hkRetry).',
  },
  servicesLegend: { id: 'emailSubscriptions.servicesLegend', defaultMessage: 'Which newsletters would you like?', description: 'Legend of the newsletter checkboxes.' },
  servicesHint: { id: 'emailSubscriptions.servicesHint', defaultMessage: 'Select at least one.', description: 'Hint of the newsletter checkboxes.' },
  serviceEdPost: { id: 'emailSubscriptions.service.edPost', defaultMessage: 'EdPost: news of the education platform', description: 'Newsletter name.' },
  serviceTeacherInfo: { id: 'emailSubscriptions.service.teacherInfo', defaultMessage: 'Information for teachers', description: 'Newsletter name.' },
  serviceParentInfo: { id: 'emailSubscriptions.service.parentInfo', defaultMessage: 'Information for parents', description: 'Newsletter name.' },
  serviceStudentInfo: { id: 'emailSubscriptions.service.studentInfo', defaultMessage: 'Information for students', description: 'Newsletter name.' },
  serviceDoNotCall: { id: 'emailSubscriptions.service.DoNotCall', defaultMessage: 'Do not call me with promotional information', description: 'Newsletter choice name.' },
  submit: { id: 'emailSubscriptions.submit', defaultMessage: 'Subscribe', description: 'Button that sends the subscription request.' },
  submitting: { id: 'emailSubscriptions.submitting', defaultMessage: 'Sending…', description: 'Button text while the subscription request is sent.' },
  sentTitle: { id: 'emailSubscriptions.sentTitle', defaultMessage: 'Check your email', description: 'Heading once the confirmation email was sent.' },
  sentBody: {
    id: 'emailSubscriptions.sentBody',
    defaultMessage: 'A confirmation email was sent to {email}. Follow its link within {hours, plural, one {# hour} other {# hours}} to start your subscription.',
    description: 'Tells where the confirmation link went; {email} is the address, {hours} how long the link works (as the email says).',
  },
  sentSpam: {
    id: 'emailSubscriptions.sentSpam',
    defaultMessage: 'If it has not arrived in a few minutes, look in your junk mail folder.',
    description: 'Advice when the confirmation email does not arrive.',
  },
  devMailbox: { id: 'emailSubscriptions.devMailbox', defaultMessage: 'Open the development mailbox', description: 'Link to the dev mailbox (development only).' },
});
