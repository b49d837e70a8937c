import { defineMessages } from '../../../i18n/define-messages.ts';

/** School staff info (group `profileForm`, small enough to come with the route). */
export const schoolStaffMessages = defineMessages({
  title: { id: 'schoolStaff.title', defaultMessage: 'School staff info', description: 'Heading of the school staff info page.' },
  lead: {
    id: 'schoolStaff.lead',
    defaultMessage: 'Your names as they appear on your school’s staff email list.',
    description: 'Introduction of the school staff info page.',
  },
  school: { id: 'schoolStaff.school', defaultMessage: 'School', description: 'Read-only row: the school.' },
  schoolEmail: { id: 'schoolStaff.schoolEmail', defaultMessage: 'School email', description: 'Read-only row: the school email.' },
  emailDomains: { id: 'schoolStaff.emailDomains', defaultMessage: 'School email domains', description: 'Read-only row: the school’s email domains.' },
  chFullName: { id: 'schoolStaff.field.chFullName', defaultMessage: 'Full name in Chinese', description: 'Field name.' },
  enFullName: { id: 'schoolStaff.field.enFullName', defaultMessage: 'Full name in English', description: 'Field name.' },
});
