import { defineMessages } from '../../i18n/define-messages.ts';

export const activationMessages = defineMessages({
  userCaption: { id: 'activation.caption.user', defaultMessage: 'Activate your account', description: 'Caption above each heading of the account activation pages.' },
  buyerCaption: {
    id: 'activation.caption.buyer',
    defaultMessage: 'Activate your school purchaser account',
    description: 'Caption above each heading of the buyer (school purchaser) activation pages.',
  },
  checkingTitle: { id: 'activation.checking.title', defaultMessage: 'Activate your account', description: 'Heading while the activation link is checked.' },
  checking: { id: 'activation.checking', defaultMessage: 'Checking your activation link…', description: 'Announced while the activation link is checked.' },
  checkFailedTitle: {
    id: 'activation.checkFailed.title',
    defaultMessage: 'We could not check your link',
    description: 'Heading when the activation link could not be checked (network or server problem).',
  },
  setPasswordTitle: { id: 'activation.setPassword.title', defaultMessage: 'Set your password', description: 'Heading of the activation step where the password is chosen.' },
  setPasswordLead: {
    id: 'activation.setPassword.lead',
    defaultMessage: 'Choose the password for the account with login ID {loginId}. You will use it with your login ID or login email to log in.',
    description: 'Introduction of the set-password step; {loginId} is the account being activated.',
  },
  submit: { id: 'activation.setPassword.submit', defaultMessage: 'Activate account', description: 'Button that sets the password and activates the account.' },
  submitting: { id: 'activation.setPassword.submitting', defaultMessage: 'Activating…', description: 'Button text while the account is activated.' },
  activated: {
    id: 'activation.activated',
    defaultMessage: 'Your password is set and your account is active. You are logged in.',
    description: 'Confirmation shown once the password is set.',
  },
  subscribeTitle: {
    id: 'activation.subscribe.title',
    defaultMessage: 'Would you like our newsletters?',
    description: 'Heading of the optional newsletter step after activation.',
  },
  subscribeLegend: { id: 'activation.subscribe.legend', defaultMessage: 'Newsletters', description: 'Legend of the newsletter checkboxes.' },
  subscribeHint: {
    id: 'activation.subscribe.hint',
    defaultMessage: 'Select all that you want. You can change this later in your profile.',
    description: 'Hint under the newsletter legend.',
  },
  serviceEdPost: { id: 'activation.service.edPost', defaultMessage: 'EdPost: news of the education platform', description: 'Newsletter option: the platform newsletter (edPost).' },
  serviceTeacherInfo: { id: 'activation.service.teacherInfo', defaultMessage: 'Information for teachers', description: 'Newsletter option: teacher information (teacherInfo).' },
  serviceParentInfo: { id: 'activation.service.parentInfo', defaultMessage: 'Information for parents', description: 'Newsletter option: parent information (parentInfo).' },
  serviceStudentInfo: { id: 'activation.service.studentInfo', defaultMessage: 'Information for students', description: 'Newsletter option: student information (studentInfo).' },
  serviceDoNotCall: {
    id: 'activation.service.DoNotCall',
    defaultMessage: 'Do not call me with promotional information',
    description: 'Newsletter option: opt out of promotional phone calls (DoNotCall).',
  },
  subscribe: { id: 'activation.subscribe.submit', defaultMessage: 'Subscribe', description: 'Button that subscribes to the chosen newsletters.' },
  subscribing: { id: 'activation.subscribe.submitting', defaultMessage: 'Subscribing…', description: 'Button text while the subscriptions are saved.' },
  skip: { id: 'activation.subscribe.skip', defaultMessage: 'Skip this step', description: 'Button that continues without subscribing.' },
  subscribeFailed: {
    id: 'activation.subscribe.failed',
    defaultMessage: 'Your account is active, but your newsletter choice was not saved. You can try again or skip this step.',
    description: 'Error after subscribing failed; the account itself is already active.',
  },
  doneTitle: { id: 'activation.done.title', defaultMessage: 'Your account is active', description: 'Heading of the last activation step.' },
  doneBody: { id: 'activation.done.body', defaultMessage: 'You are logged in and can start using your account.', description: 'Body of the last activation step.' },
  toProfile: { id: 'activation.done.profile', defaultMessage: 'Go to your profile', description: 'Link from the last activation step to the profile.' },
});
