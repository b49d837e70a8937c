import { defineMessages } from '../../i18n/define-messages.ts';

/**
 * Messages of the full-member upgrade: the dialog's own (the `upgrade` group) and its steps'
 * (`upgrade.step.`, the `upgradeSteps` group, downloaded with the steps' forms). The messages both
 * upgrades share (step of, duration, the email-code step) are upgrade-messages.ts.
 */
export const fullUpgradeMessages = defineMessages({
  title: { id: 'upgrade.full.title', defaultMessage: 'Upgrade to full member', description: 'Title of the full-member upgrade dialog and of its page.' },
  welcomeHeading: { id: 'upgrade.full.welcomeHeading', defaultMessage: 'Welcome to the full membership', description: 'Heading of the first step (welcome) of the full-member upgrade.' },
  welcomeBody: {
    id: 'upgrade.full.welcomeBody',
    defaultMessage: 'As a full member you can associate your old student accounts with your account. We will check a personal email and a mobile phone number, then ask a few questions about you.',
    description: 'What the full-member upgrade gives and what it asks for.',
  },
  doneHeading: { id: 'upgrade.full.doneHeading', defaultMessage: 'You are a full member', description: 'Heading of the finish step of the full-member upgrade.' },
  doneBody: {
    id: 'upgrade.full.doneBody',
    defaultMessage: 'Your account is now a full member account. You can associate your old student accounts from your profile.',
    description: 'After the full-member upgrade.',
  },
  toAssociation: { id: 'upgrade.full.toAssociation', defaultMessage: 'Go to Account Association', description: 'Link to the account association page after the full-member upgrade.' },
  phoneHeading: { id: 'upgrade.step.full.phoneHeading', defaultMessage: 'Your mobile phone', description: 'Heading of the phone step of the full-member upgrade.' },
  phoneAgain: { id: 'upgrade.step.full.phoneAgain', defaultMessage: 'Verify the number again', description: 'Button that starts the mobile verification again in the full-member upgrade.' },
  phoneSaving: { id: 'upgrade.step.full.phoneSaving', defaultMessage: 'Saving your verified number…', description: 'Busy text while the verified mobile number is recorded for the upgrade.' },
  infoHeading: { id: 'upgrade.step.full.infoHeading', defaultMessage: 'About you', description: 'Heading of the user information step of the full-member upgrade.' },
  gender: { id: 'upgrade.step.full.gender', defaultMessage: 'Gender', description: 'Legend of the gender choice.' },
  male: { id: 'upgrade.step.full.male', defaultMessage: 'Male', description: 'Gender choice.' },
  female: { id: 'upgrade.step.full.female', defaultMessage: 'Female', description: 'Gender choice.' },
  yearOfBirth: { id: 'upgrade.step.full.yearOfBirth', defaultMessage: 'Year of birth', description: 'Label of the year of birth field.' },
  yearOfBirthHint: { id: 'upgrade.step.full.yearOfBirthHint', defaultMessage: 'For example, 1985', description: 'Hint under the year of birth field.' },
  roles: { id: 'upgrade.step.full.roles', defaultMessage: 'Which of these are you?', description: 'Legend of the self-claimed roles.' },
  rolesHint: { id: 'upgrade.step.full.rolesHint', defaultMessage: 'Select all that apply.', description: 'Hint of the self-claimed roles.' },
  TEACHER: { id: 'upgrade.step.full.role.TEACHER', defaultMessage: 'Teacher', description: 'Self-claimed role.' },
  STUDENT: { id: 'upgrade.step.full.role.STUDENT', defaultMessage: 'Student', description: 'Self-claimed role.' },
  PARENT: { id: 'upgrade.step.full.role.PARENT', defaultMessage: 'Parent', description: 'Self-claimed role.' },
  finish: { id: 'upgrade.step.full.finish', defaultMessage: 'Become a full member', description: 'Button of the last step of the full-member upgrade.' },
  finishing: { id: 'upgrade.step.full.finishing', defaultMessage: 'Upgrading…', description: 'Busy text while the full-member upgrade finishes.' },
});
