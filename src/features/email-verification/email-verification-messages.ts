import { defineMessages } from '../../i18n/define-messages.ts';

/** Messages of the four email verification pages (the `emailVerification` group). */
export const emailVerificationMessages = defineMessages({
  titleLogin: { id: 'emailVerification.title.login', defaultMessage: 'Confirm your login email', description: 'Heading of the login email confirmation page.' },
  titleContact: { id: 'emailVerification.title.contact', defaultMessage: 'Confirm your contact email', description: 'Heading of the contact email confirmation page.' },
  titleTeacher: { id: 'emailVerification.title.teacher', defaultMessage: 'Teacher verification', description: 'Heading of the teacher email verification page.' },
  titleSubscription: {
    id: 'emailVerification.title.subscription',
    defaultMessage: 'Confirm your newsletter subscription',
    description: 'Heading of the newsletter subscription confirmation page.',
  },
  titleMfa: { id: 'emailVerification.title.mfa', defaultMessage: 'Confirm your two-factor login', description: "Heading of a school administrator's two-factor login confirmation page." },
  verifiedMfa: {
    id: 'emailVerification.verified.mfa',
    defaultMessage: 'Your login is confirmed with {email}. Go back to the page where you logged in: it continues by itself.',
    description: 'Success of a two-factor login link; {email} is the two-factor address.',
  },
  expiredMfa: {
    id: 'emailVerification.expired.mfa',
    defaultMessage: 'The time limit for this login was exceeded. Please log in again.',
    description: 'A two-factor login link followed after its time limit.',
  },
  checking: { id: 'emailVerification.checking', defaultMessage: 'Checking your link…', description: 'Shown while the emailed link is checked.' },
  verifiedLogin: {
    id: 'emailVerification.verified.login',
    defaultMessage: 'Your login email is now {email}. Use it the next time you log in.',
    description: 'Success of a login email change link; {email} is the new address.',
  },
  verifiedContact: {
    id: 'emailVerification.verified.contact',
    defaultMessage: 'Your contact email is now {email}.',
    description: 'Success of a contact email change link; {email} is the new address.',
  },
  verifiedTeacher: {
    id: 'emailVerification.verified.teacher',
    defaultMessage: 'Your teacher email {email} is verified.',
    description: 'Success of a teacher email verification link; {email} is the address.',
  },
  verifiedSubscription: {
    id: 'emailVerification.verified.subscription',
    defaultMessage: '{email} is now subscribed to: {services}.',
    description: 'Success of a newsletter subscription link; {email} is the address, {services} a list of newsletter names.',
  },
  verifiedNoServices: {
    id: 'emailVerification.verified.noServices',
    defaultMessage: 'Your newsletter choices for {email} are saved.',
    description: 'Success of a subscription link that left no newsletters ticked; {email} is the address.',
  },
  alreadyVerified: {
    id: 'emailVerification.alreadyVerified',
    defaultMessage: 'This link was already used, so the change is already in force. There is nothing more to do.',
    description: 'A verification link followed a second time.',
  },
  alreadyVerifiedTitle: { id: 'emailVerification.alreadyVerifiedTitle', defaultMessage: 'Already verified', description: 'Heading of the notice for a link followed again.' },
  verifiedTitle: { id: 'emailVerification.verifiedTitle', defaultMessage: 'Verified', description: 'Heading of the success notice of a verification link.' },
  expiredTitle: { id: 'emailVerification.expiredTitle', defaultMessage: 'This link has expired', description: 'Heading of the notice for an expired verification link.' },
  expiredProfile: {
    id: 'emailVerification.expired.profile',
    defaultMessage: 'The change was not made. Ask for it again from your profile, then follow the new link within its time.',
    description: 'An expired email change link (login, contact or teacher email).',
  },
  expiredSubscription: {
    id: 'emailVerification.expired.subscription',
    defaultMessage: 'You were not subscribed. Please subscribe again and follow the new link within {hours, plural, one {# hour} other {# hours}}.',
    description: 'An expired newsletter subscription link; {hours} is how long a new link works.',
  },
  invalidTitle: { id: 'emailVerification.invalidTitle', defaultMessage: 'This link is not valid', description: 'Heading of the notice for an invalid verification link.' },
  invalidBody: {
    id: 'emailVerification.invalid.body',
    defaultMessage: 'The link may be incomplete. Copy the whole link from the email into the address bar, or ask for a new email.',
    description: 'An invalid or malformed verification link.',
  },
  duplicatedTitle: {
    id: 'emailVerification.duplicatedTitle',
    defaultMessage: 'This email address is already in use',
    description: 'Heading of the notice when another account took the address before the link was followed.',
  },
  heldTitle: { id: 'emailVerification.held.title', defaultMessage: 'Two-factor login is on hold', description: 'Heading when a two-factor link is followed while that login is held.' },
  heldBody: {
    id: 'emailVerification.held.body',
    defaultMessage: 'Nothing was confirmed: there were too many attempts at two-factor login on this account. Please log in again after {holdUntil} (Hong Kong time).',
    description: "A two-factor link followed while the account's two-factor login is held (issue 26); {holdUntil} is a date and time.",
  },
  duplicatedBody: {
    id: 'emailVerification.duplicated.body',
    defaultMessage: 'Another account now uses this address, so the change was not made. Choose a different address in your profile.',
    description: 'A verification link whose address was taken by another account meanwhile.',
  },
  checkFailedTitle: { id: 'emailVerification.checkFailedTitle', defaultMessage: 'We could not check your link', description: 'Heading when the link check got no answer.' },
  retry: { id: 'emailVerification.retry', defaultMessage: 'Try again', description: 'Button that checks the link again.' },
  logIn: { id: 'emailVerification.next.logIn', defaultMessage: 'Log in', description: 'Link to the login page after a verification.' },
  toProfile: { id: 'emailVerification.next.profile', defaultMessage: 'Go to your profile', description: 'Link to the profile after a verification.' },
  toTeacherProfile: { id: 'emailVerification.next.teacherProfile', defaultMessage: 'Go to your teacher profile', description: 'Link to the teacher profile after a teacher verification.' },
  subscribeAgain: { id: 'emailVerification.next.subscribeAgain', defaultMessage: 'Subscribe again', description: 'Link to the public newsletter page after a failed subscription link.' },
  toNewsletters: { id: 'emailVerification.next.newsletters', defaultMessage: 'Newsletter subscriptions', description: 'Link to the public newsletter page after a subscription was confirmed.' },
  serviceEdPost: { id: 'emailVerification.service.edPost', defaultMessage: 'EdPost: news of the education platform', description: 'Newsletter name.' },
  serviceTeacherInfo: { id: 'emailVerification.service.teacherInfo', defaultMessage: 'Information for teachers', description: 'Newsletter name.' },
  serviceParentInfo: { id: 'emailVerification.service.parentInfo', defaultMessage: 'Information for parents', description: 'Newsletter name.' },
  serviceStudentInfo: { id: 'emailVerification.service.studentInfo', defaultMessage: 'Information for students', description: 'Newsletter name.' },
  serviceDoNotCall: { id: 'emailVerification.service.DoNotCall', defaultMessage: 'Do not call me with promotional information', description: 'Newsletter choice name.' },
});
