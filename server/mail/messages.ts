import type { MessageDescriptor } from '@formatjs/intl';

/** An email message: an explicit id, its English text and a note for translators. */
export interface MailMessageDescriptor extends MessageDescriptor {
  id: string;
  defaultMessage: string;
  description: string;
}

/**
 * Declares messages for `formatjs extract` (it recognises the call by name) while keeping them
 * plain descriptors, as src/i18n/define-messages.ts does for the screens.
 */
function defineMessages<K extends string>(messages: Record<K, MailMessageDescriptor>): Record<K, MailMessageDescriptor> {
  return messages;
}

/**
 * Every text of every email, as ICU messages (docs/decisions/emails.md). The English here is the
 * source; `locales/<lang>.json` holds each language under the same `mail.` ids, which the
 * browser's message groups leave out (src/i18n/message-groups.ts). `npm run check:messages`
 * extracts these like the screens' messages: a missing or broken translation fails it.
 * Dates use the named format `hk` (Hong Kong time, server/mail/intl.ts) and are followed by the
 * zone's name in words.
 */
export const mailMessages = defineMessages({
  brand: { id: 'mail.common.brand', defaultMessage: 'Education platform', description: 'Email header: the platform name above every email' },
  greetingNamed: { id: 'mail.common.greetingNamed', defaultMessage: 'Dear {name},', description: 'Email greeting with the account display name' },
  greeting: { id: 'mail.common.greeting', defaultMessage: 'Hello,', description: 'Email greeting when the recipient has no known name' },
  questions: { id: 'mail.common.questions', defaultMessage: 'Questions? Write to {supportEmail}.', description: 'Email footer: where to ask for help' },
  linkFallback: {
    id: 'mail.common.linkFallback',
    defaultMessage: 'If the button does not work, copy this link into your browser:',
    description: 'Email: shown under a button, before the same link written out',
  },
  linkOnceHours: {
    id: 'mail.common.linkOnceHours',
    defaultMessage: 'The link works once, within {validHours, plural, one {# hour} other {# hours}}.',
    description: 'Email: how long a link works',
  },
  codeOnceMinutes: {
    id: 'mail.common.codeOnceMinutes',
    defaultMessage: 'It works once, within {validMinutes, plural, one {# minute} other {# minutes}}. Do not share it with anyone.',
    description: 'Email: how long a code works, and not to share it',
  },
  labelled: {
    id: 'mail.common.labelled',
    defaultMessage: '{label}: {value}',
    description: 'Email: a label and its value on one line (Admin email: …)',
  },
  automated: {
    id: 'mail.common.automated',
    defaultMessage: 'This email was sent to {email} by the education platform.',
    description: 'Email footer: to whom it was sent',
  },

  smsMobileCode: {
    id: 'mail.sms.mobileCode',
    defaultMessage: '{code} is your education platform mobile verification code. It works for {validMinutes, plural, one {# minute} other {# minutes}}. Do not share it with anyone.',
    description: 'SMS (not an email) with the mobile verification code: short, the code first, no link; {code} is six digits',
  },

  activationSubject: { id: 'mail.activation.subject', defaultMessage: 'Activate your education platform account', description: 'Account activation email: subject' },
  activationBody: {
    id: 'mail.activation.body',
    defaultMessage: 'Thank you for registering an education platform account (login ID: {loginId}). Follow this link to set your password and activate the account:',
    description: 'Account activation email: why it was sent',
  },
  activationAction: { id: 'mail.activation.action', defaultMessage: 'Activate your account', description: 'Activation emails: the button (same words as the activation page)' },
  activationIgnore: { id: 'mail.activation.ignore', defaultMessage: 'If you did not register, please ignore this email.', description: 'Account activation email: not you' },
  buyerActivationSubject: {
    id: 'mail.buyerActivation.subject',
    defaultMessage: 'Activate your school purchaser account',
    description: 'School purchaser activation email: subject (same words as its page)',
  },
  buyerActivationBody: {
    id: 'mail.buyerActivation.body',
    defaultMessage: 'A school purchaser account has been created for you (login ID: {loginId}). Follow this link to set your password and activate the account:',
    description: 'School purchaser activation email: why it was sent',
  },

  passwordResetSubject: { id: 'mail.passwordReset.subject', defaultMessage: 'Reset your education platform password', description: 'Password reset link email: subject' },
  passwordResetBody: {
    id: 'mail.passwordReset.body',
    defaultMessage: 'We received a request to reset the password of your account (login ID: {loginId}). Follow this link to choose a new password:',
    description: 'Password reset link email: why it was sent',
  },
  passwordResetAction: { id: 'mail.passwordReset.action', defaultMessage: 'Choose a new password', description: 'Password reset link email: the button' },
  passwordResetIgnore: {
    id: 'mail.passwordReset.ignore',
    defaultMessage: 'If you did not ask for this, ignore this email: your password stays the same.',
    description: 'Password reset link email: not you',
  },

  familyInvitationSubject: {
    id: 'mail.familyInvitation.subject',
    defaultMessage: '{inviterName} invites you to join the family “{familyName}”',
    description: 'Family invitation email: subject',
  },
  familyInvitationBody: {
    id: 'mail.familyInvitation.body',
    defaultMessage: '{inviterName} invites you to join the family “{familyName}” on the education platform. Log in and follow this link to send a join request; the form is filled in for you:',
    description: 'Family invitation email: the invitation',
  },
  familyInvitationAction: { id: 'mail.familyInvitation.action', defaultMessage: 'Send a join request', description: 'Family invitation email: the button' },
  familyInvitationManual: { id: 'mail.familyInvitation.manual', defaultMessage: 'Or enter these on the Family page yourself:', description: 'Family invitation email: before the three values' },
  familyInvitationAdminEmail: { id: 'mail.familyInvitation.adminEmail', defaultMessage: 'Admin email', description: 'Family invitation email: label (as on the join form)' },
  familyInvitationFamilyRef: { id: 'mail.familyInvitation.familyRef', defaultMessage: 'Family reference number', description: 'Family invitation email: label (as on the join form)' },
  familyInvitationCode: { id: 'mail.familyInvitation.code', defaultMessage: 'Code', description: 'Family invitation email: label (as on the join form)' },
  familyInvitationExpires: {
    id: 'mail.familyInvitation.expires',
    defaultMessage: 'The code works until {expiresAt, date, hk} (Hong Kong time).',
    description: 'Family invitation email: when the code stops working, with the zone',
  },
  familyInvitationIgnore: {
    id: 'mail.familyInvitation.ignore',
    defaultMessage: 'If you do not know the sender, please ignore this email.',
    description: 'Family invitation email: not expected',
  },

  subscriptionSubject: {
    id: 'mail.subscription.subject',
    defaultMessage: 'Confirm your education platform newsletter subscription',
    description: 'Newsletter subscription confirmation email: subject',
  },
  subscriptionBody: {
    id: 'mail.subscription.body',
    defaultMessage: 'We received a request to subscribe this email address to:',
    description: 'Newsletter subscription confirmation email: before the list of services',
  },
  subscriptionConfirm: {
    id: 'mail.subscription.confirm',
    defaultMessage: 'Follow this link to confirm the subscription:',
    description: 'Newsletter subscription confirmation email: before the link',
  },
  subscriptionAction: { id: 'mail.subscription.action', defaultMessage: 'Confirm the subscription', description: 'Newsletter subscription confirmation email: the button' },
  subscriptionIgnore: {
    id: 'mail.subscription.ignore',
    defaultMessage: 'If you did not ask for this, ignore this email: you will not be subscribed.',
    description: 'Newsletter subscription confirmation email: not you',
  },
  serviceEdPost: { id: 'mail.service.edPost', defaultMessage: 'EdPost: news of the education platform', description: 'Newsletter service name in emails (as on the screens)' },
  serviceTeacherInfo: { id: 'mail.service.teacherInfo', defaultMessage: 'Information for teachers', description: 'Newsletter service name in emails (as on the screens)' },
  serviceParentInfo: { id: 'mail.service.parentInfo', defaultMessage: 'Information for parents', description: 'Newsletter service name in emails (as on the screens)' },
  serviceStudentInfo: { id: 'mail.service.studentInfo', defaultMessage: 'Information for students', description: 'Newsletter service name in emails (as on the screens)' },
  serviceDoNotCall: {
    id: 'mail.service.DoNotCall',
    defaultMessage: 'Do not call me with promotional information',
    description: 'Newsletter service name in emails (as on the screens)',
  },
  serviceNone: { id: 'mail.service.none', defaultMessage: 'No services: unsubscribe from all', description: 'Subscription change email: the change removes every service' },

  profileSubscriptionSubject: {
    id: 'mail.profileSubscription.subject',
    defaultMessage: 'Confirm the change to your education platform subscriptions',
    description: 'Subscription change email (profile): subject',
  },
  profileSubscriptionBody: {
    id: 'mail.profileSubscription.body',
    defaultMessage: 'Your account (login ID: {loginId}) asked to change its newsletter subscriptions to:',
    description: 'Subscription change email (profile): before the list of services',
  },
  profileSubscriptionConfirm: { id: 'mail.profileSubscription.confirm', defaultMessage: 'Follow this link to confirm the change:', description: 'Subscription change email: before the link' },
  profileSubscriptionAction: { id: 'mail.profileSubscription.action', defaultMessage: 'Confirm the change', description: 'Subscription change email: the button' },
  profileSubscriptionUntil: {
    id: 'mail.profileSubscription.until',
    defaultMessage: 'Until then your current subscriptions stay as they are. If you did not ask for this, ignore this email.',
    description: 'Subscription change email: nothing changes before the link is followed',
  },

  emailChangeSubject: {
    id: 'mail.emailChange.subject',
    defaultMessage: 'Confirm your education platform {kind, select, login {login email} contact {contact email} other {teacher email}}',
    description: 'Email address confirmation email: subject; kind is which address of the account',
  },
  emailChangeBody: {
    id: 'mail.emailChange.body',
    defaultMessage:
      'The education platform account with login ID {loginId} asked to use {email} as its {kind, select, login {login email} contact {contact email} other {teacher email}}. Follow this link to confirm:',
    description: 'Email address confirmation email: what was asked',
  },
  emailChangeAction: { id: 'mail.emailChange.action', defaultMessage: 'Confirm this email address', description: 'Email address confirmation email: the button' },
  emailChangeIgnore: {
    id: 'mail.emailChange.ignore',
    defaultMessage: 'Nothing changes until the link is followed. If you did not ask for this, please ignore this email.',
    description: 'Email address confirmation email: not you',
  },

  otpSubject: { id: 'mail.otp.subject', defaultMessage: 'Your education platform one-time password', description: 'One-time password email: subject' },
  otpIntro: { id: 'mail.otp.intro', defaultMessage: 'Your one-time password is:', description: 'One-time password email: before the code' },
  otpUse: {
    id: 'mail.otp.use',
    defaultMessage: 'Type it on the login page to log in to your account (login ID: {loginId}).',
    description: 'One-time password email: where to type it',
  },
  otpIgnore: {
    id: 'mail.otp.ignore',
    defaultMessage: 'If you did not ask for a one-time password, ignore this email; if you keep receiving it, write to {supportEmail}.',
    description: 'One-time password email: not you',
  },

  stepUpCodeSubject: { id: 'mail.stepUpCode.subject', defaultMessage: 'Your education platform confirmation code', description: 'Step-up code email (confirm it is you before a sensitive action): subject' },
  stepUpCodeIntro: { id: 'mail.stepUpCode.intro', defaultMessage: 'Your confirmation code is:', description: 'Step-up code email: before the code' },
  stepUpCodeUse: {
    id: 'mail.stepUpCode.use',
    defaultMessage: 'Type it in the "Confirm it is you" window of your account (login ID: {loginId}) to continue what you were doing. It does not log anyone in.',
    description: 'Step-up code email: where to type it',
  },
  stepUpCodeIgnore: {
    id: 'mail.stepUpCode.ignore',
    defaultMessage: 'If you did not ask for this code, someone may be using your account: sign out every other session on the account security page, and write to {supportEmail}.',
    description: 'Step-up code email: not you',
  },

  mfaSubject: { id: 'mail.mfa.subject', defaultMessage: 'Confirm your education platform login (two-factor)', description: 'Two-factor link email: subject' },
  mfaBody: {
    id: 'mail.mfa.body',
    defaultMessage: 'Someone is logging in to the education platform school administrator account with login ID {loginId}. Follow this link to confirm it is you:',
    description: 'Two-factor link email: why it was sent',
  },
  mfaAction: { id: 'mail.mfa.action', defaultMessage: 'Confirm it is me', description: 'Two-factor link email: the button' },
  mfaExpires: {
    id: 'mail.mfa.expires',
    defaultMessage:
      'The link works once, until {expiresAt, date, hk} (Hong Kong time). Then go back to the login page: it continues by itself, or press ‘Completed verification’.',
    description: 'Two-factor link email: until when, with the zone, and what next (the button named as on the login page)',
  },
  mfaIgnore: {
    id: 'mail.mfa.ignore',
    defaultMessage: 'If you are not logging in, ignore this email and change your password soon.',
    description: 'Two-factor link email: not you',
  },

  upgradeCodeSubject: { id: 'mail.upgradeCode.subject', defaultMessage: 'Your education platform membership upgrade code', description: 'Upgrade code email: subject' },
  upgradeCodeIntro: { id: 'mail.upgradeCode.intro', defaultMessage: 'Your email verification code is:', description: 'Upgrade code email: before the code' },
  upgradeCodeUse: {
    id: 'mail.upgradeCode.use',
    defaultMessage: 'Type it in the membership upgrade window to confirm this is your personal email.',
    description: 'Upgrade code email: where to type it',
  },
  upgradeCodeIgnore: { id: 'mail.upgradeCode.ignore', defaultMessage: 'If you did not ask for an upgrade, ignore this email.', description: 'Upgrade code email: not you' },

  securityNotYou: {
    id: 'mail.security.notYou',
    defaultMessage: 'If this was not you, reset your password at once:',
    description: 'Security emails: what to do if it was not them, before the reset link',
  },
  securityResetAction: { id: 'mail.security.resetAction', defaultMessage: 'Reset your password', description: 'Security emails: the reset button' },
  securitySignOut: {
    id: 'mail.security.signOut',
    defaultMessage: 'Then sign out every other device on your account’s security page, and write to {supportEmail}:',
    description: 'Security emails: second step if it was not them, before the security page link',
  },
  securityPageAction: { id: 'mail.security.pageAction', defaultMessage: 'Open the security page', description: 'Security emails: the button to the security page' },
  securityDevice: { id: 'mail.security.device', defaultMessage: '{browser} on {system}', description: 'New browser email: the browser and the system' },
  securityUnknown: { id: 'mail.security.unknown', defaultMessage: 'unknown', description: 'New browser email: a browser or system that could not be told' },
  passwordChangedSubject: { id: 'mail.passwordChanged.subject', defaultMessage: 'Your education platform password was changed', description: 'Security email: subject' },
  passwordChangedBody: {
    id: 'mail.passwordChanged.body',
    defaultMessage: 'The password of the education platform account with login ID {loginId} was changed on {when, date, hk} (Hong Kong time). Every device was signed out.',
    description: 'Security email: password changed',
  },
  passwordResetNoticeSubject: { id: 'mail.passwordResetNotice.subject', defaultMessage: 'Your education platform password was reset', description: 'Security email: subject' },
  passwordResetNoticeBody: {
    id: 'mail.passwordResetNotice.body',
    defaultMessage:
      'The password of the education platform account with login ID {loginId} was reset through an emailed link on {when, date, hk} (Hong Kong time). Every device was signed out.',
    description: 'Security email: password reset by link',
  },
  loginEmailChangedSubject: { id: 'mail.loginEmailChanged.subject', defaultMessage: 'Your education platform login email was changed', description: 'Security email: subject' },
  loginEmailChangedBody: {
    id: 'mail.loginEmailChanged.body',
    defaultMessage:
      'The login email of the education platform account with login ID {loginId} was changed to {maskedEmail} on {when, date, hk} (Hong Kong time). This address can no longer be used to log in.',
    description: 'Security email to the previous login email: the login email changed (the new one partly hidden)',
  },
  twoFactorEmailChangedSubject: { id: 'mail.twoFactorEmailChanged.subject', defaultMessage: 'Your two-factor email was changed', description: 'Security email: subject' },
  twoFactorEmailChangedBody: {
    id: 'mail.twoFactorEmailChanged.body',
    defaultMessage: 'The two-factor email of the education platform account with login ID {loginId} was set to {maskedEmail} on {when, date, hk} (Hong Kong time).',
    description: 'Security email: two-factor email changed',
  },
  authenticatorAddedSubject: { id: 'mail.authenticatorAdded.subject', defaultMessage: 'An authenticator app was set up for your account', description: 'Security email: subject' },
  authenticatorAddedBody: {
    id: 'mail.authenticatorAdded.body',
    defaultMessage:
      'An authenticator app was set up as a second factor of the education platform account with login ID {loginId} on {when, date, hk} (Hong Kong time), with ten new recovery codes.',
    description: 'Security email: an authenticator app (TOTP) was set up',
  },
  authenticatorRemovedSubject: { id: 'mail.authenticatorRemoved.subject', defaultMessage: 'The authenticator app was removed from your account', description: 'Security email: subject' },
  authenticatorRemovedBody: {
    id: 'mail.authenticatorRemoved.body',
    defaultMessage:
      'The authenticator app and the recovery codes of the education platform account with login ID {loginId} were removed on {when, date, hk} (Hong Kong time). The second factor is now the link emailed to the two-factor email.',
    description: 'Security email: the authenticator app was removed',
  },
  recoveryCodesRegeneratedSubject: { id: 'mail.recoveryCodesRegenerated.subject', defaultMessage: 'New recovery codes were made for your account', description: 'Security email: subject' },
  recoveryCodesRegeneratedBody: {
    id: 'mail.recoveryCodesRegenerated.body',
    defaultMessage:
      'Ten new recovery codes were made for the education platform account with login ID {loginId} on {when, date, hk} (Hong Kong time). The earlier recovery codes no longer work.',
    description: 'Security email: recovery codes regenerated',
  },
  passkeyAddedSubject: { id: 'mail.passkeyAdded.subject', defaultMessage: 'A passkey was added to your account', description: 'Security email: subject' },
  passkeyAddedBody: {
    id: 'mail.passkeyAdded.body',
    defaultMessage: 'A passkey was added to the education platform account with login ID {loginId} on {when, date, hk} (Hong Kong time). It can sign in to the account without the password.',
    description: 'Security email: a passkey (WebAuthn) was added',
  },
  passkeyRemovedSubject: { id: 'mail.passkeyRemoved.subject', defaultMessage: 'A passkey was removed from your account', description: 'Security email: subject' },
  passkeyRemovedBody: {
    id: 'mail.passkeyRemoved.body',
    defaultMessage: 'A passkey was removed from the education platform account with login ID {loginId} on {when, date, hk} (Hong Kong time). It can no longer sign in to the account.',
    description: 'Security email: a passkey was removed',
  },
  newBrowserSubject: {
    id: 'mail.newBrowser.subject',
    defaultMessage: 'A sign-in to your education platform account from a new browser',
    description: 'Security email: subject',
  },
  newBrowserBody: {
    id: 'mail.newBrowser.body',
    defaultMessage:
      'The education platform account with login ID {loginId} was signed in to on {when, date, hk} (Hong Kong time) from a browser not used before: {device}. If this was you, there is nothing to do.',
    description: 'Security email: sign-in from a new browser',
  },
  thirdPartyLinkedSubject: {
    id: 'mail.thirdPartyLinked.subject',
    defaultMessage: '{provider} was linked to your education platform account',
    description: 'Security email: subject',
  },
  thirdPartyLinkedBody: {
    id: 'mail.thirdPartyLinked.body',
    defaultMessage: 'A {provider} account was linked to the education platform account with login ID {loginId} on {when, date, hk} (Hong Kong time). It can now be used to sign in.',
    description: 'Security email: third-party account linked',
  },
  thirdPartyUnlinkedSubject: {
    id: 'mail.thirdPartyUnlinked.subject',
    defaultMessage: '{provider} was unlinked from your education platform account',
    description: 'Security email: subject',
  },
  thirdPartyUnlinkedBody: {
    id: 'mail.thirdPartyUnlinked.body',
    defaultMessage: 'The {provider} account was unlinked from the education platform account with login ID {loginId} on {when, date, hk} (Hong Kong time).',
    description: 'Security email: third-party account unlinked',
  },
  dataDownloadedSubject: {
    id: 'mail.dataDownloaded.subject',
    defaultMessage: 'A copy of your education platform data was downloaded',
    description: 'Security email: subject (My data, issue 23)',
  },
  dataDownloadedBody: {
    id: 'mail.dataDownloaded.body',
    defaultMessage: 'A copy of everything the education platform holds about the account with login ID {loginId} was downloaded on {when, date, hk} (Hong Kong time), from {device}.',
    description: 'Security email: the account data file was downloaded (My data, issue 23); {device} is the browser and system',
  },
  myDataTitle: { id: 'mail.myData.title', defaultMessage: 'Your data on the education platform', description: 'My data file (HTML page, issue 23): the page title and heading' },
  myDataIntro: {
    id: 'mail.myData.intro',
    defaultMessage: 'Everything the education platform holds about the account with login ID {loginId}, as of {when, date, hk} (Hong Kong time). The file my-data.json beside this page holds the same data for programs. Times below are Hong Kong time.',
    description: 'My data file (HTML page): the introduction under the heading',
  },
  myDataNone: { id: 'mail.myData.none', defaultMessage: 'None', description: 'My data file (HTML page): a section or value with nothing in it' },
  myDataYes: { id: 'mail.myData.yes', defaultMessage: 'Yes', description: 'My data file (HTML page): a true value' },
  myDataNo: { id: 'mail.myData.no', defaultMessage: 'No', description: 'My data file (HTML page): a false value' },
  myDataAccount: { id: 'mail.myData.section.account', defaultMessage: 'Account', description: 'My data file: section heading (login ID, category, status, language, dates)' },
  myDataProfile: { id: 'mail.myData.section.profile', defaultMessage: 'Profile', description: 'My data file: section heading (names, gender, year of birth, roles, address)' },
  myDataEmailsAndMobile: { id: 'mail.myData.section.emailsAndMobile', defaultMessage: 'Emails and mobile number', description: 'My data file: section heading' },
  myDataSubscriptions: { id: 'mail.myData.section.subscriptions', defaultMessage: 'Newsletter subscriptions', description: 'My data file: section heading' },
  myDataTeacherProfile: { id: 'mail.myData.section.teacherProfile', defaultMessage: 'Teacher profile and school staff information', description: 'My data file: section heading' },
  myDataParentProfile: { id: 'mail.myData.section.parentProfile', defaultMessage: 'Parent profile', description: 'My data file: section heading' },
  myDataFamily: { id: 'mail.myData.section.family', defaultMessage: 'Family groups', description: 'My data file: section heading (family membership and role)' },
  myDataLinkedIdentities: { id: 'mail.myData.section.linkedIdentities', defaultMessage: 'Linked accounts (Google and others)', description: 'My data file: section heading (third-party identities)' },
  myDataAssociations: { id: 'mail.myData.section.associations', defaultMessage: 'Account associations', description: 'My data file: section heading (old student accounts)' },
  myDataUpgrades: { id: 'mail.myData.section.upgrades', defaultMessage: 'Membership upgrades', description: 'My data file: section heading (student-member and full-member upgrade progress)' },
  myDataSessions: { id: 'mail.myData.section.sessions', defaultMessage: 'Sessions', description: 'My data file: section heading (browsers signed in)' },
  myDataKnownBrowsers: { id: 'mail.myData.section.knownBrowsers', defaultMessage: 'Browsers signed in from', description: 'My data file: section heading (browsers the account has signed in from, for new-browser notices)' },
  myDataSignInHistory: { id: 'mail.myData.section.signInHistory', defaultMessage: 'Sign-ins in the last 90 days', description: 'My data file: section heading' },
  myDataSchoolEmailList: { id: 'mail.myData.section.schoolEmailList', defaultMessage: 'School email list records with your email addresses', description: 'My data file: section heading (records a school keeps about the account\'s addresses)' },
  myDataPasskeys: { id: 'mail.myData.section.passkeys', defaultMessage: 'Passkeys', description: 'My data file: section heading (the passkeys of the account: names and dates, never keys)' },
  myDataDownloads: { id: 'mail.myData.section.downloads', defaultMessage: 'Downloads of this file', description: 'My data file: section heading (when the data was last downloaded)' },
  closureRequestedSubject: { id: 'mail.closureRequested.subject', defaultMessage: 'Your education platform account is being closed', description: 'Security email: subject (account closure requested, issue 23)' },
  closureRequestedBody: {
    id: 'mail.closureRequested.body',
    defaultMessage: 'The closure of the education platform account with login ID {loginId} was requested on {when, date, hk} (Hong Kong time). Its personal data will be erased on {eraseAt, date, hk} (Hong Kong time). Until then, log in to cancel the closure.',
    description: 'Security email: account closure requested; {eraseAt} is when the data will be erased',
  },
  closureCancelledSubject: { id: 'mail.closureCancelled.subject', defaultMessage: 'The closure of your education platform account was cancelled', description: 'Security email: subject (account closure cancelled, issue 23)' },
  closureCancelledBody: {
    id: 'mail.closureCancelled.body',
    defaultMessage: 'The closure of the education platform account with login ID {loginId} was cancelled on {when, date, hk} (Hong Kong time). The account stays as it was.',
    description: 'Security email: account closure cancelled',
  },
  accountErasedSubject: { id: 'mail.accountErased.subject', defaultMessage: 'Your education platform account has been closed', description: 'Security email: subject (account erased after the grace period, issue 23)' },
  accountErasedBody: {
    id: 'mail.accountErased.body',
    defaultMessage: 'The education platform account with login ID {loginId} was closed and its personal data erased on {when, date, hk} (Hong Kong time). This is the last email about it.',
    description: 'Security email: the account was erased after the 14-day grace period',
  },
});
