import { defineMessages } from '../../i18n/define-messages.ts';

export const invalidLinkMessages = defineMessages({
  activationUsedTitle: { id: 'invalidLink.activation.used.title', defaultMessage: 'This activation link has already been used', description: 'Heading: activation link used before.' },
  activationUsedBody: {
    id: 'invalidLink.activation.used.body',
    defaultMessage: 'Your account is probably activated already. Log in with your login ID or login email and the password you set.',
    description: 'Body: activation link used before.',
  },
  activationExpiredTitle: { id: 'invalidLink.activation.expired.title', defaultMessage: 'This activation link has expired', description: 'Heading: activation link too old.' },
  activationExpiredBody: {
    id: 'invalidLink.activation.expired.body',
    defaultMessage: 'Activation links can only be used for a limited time. Register again to get a new link.',
    description: 'Body: activation link too old.',
  },
  activationNotFoundTitle: { id: 'invalidLink.activation.notFound.title', defaultMessage: 'There is no record of this activation link', description: 'Heading: activation link of the right shape that no record matches (SPEC §8 record not found).' },
  activationNotFoundBody: {
    id: 'invalidLink.activation.notFound.body',
    defaultMessage: 'We have no record of this link. Open the link in the activation email and check that the address is exactly as in the email, or register again.',
    description: 'Body: activation link no record matches (SPEC §8 record not found).',
  },
  activationWrongUrlTitle: { id: 'invalidLink.activation.wrongUrl.title', defaultMessage: 'The address of this activation link is wrong', description: 'Heading: activation link cut short, mistyped or without its code (SPEC §8 wrong URL).' },
  activationWrongUrlBody: {
    id: 'invalidLink.activation.wrongUrl.body',
    defaultMessage: 'Part of the link is missing or was changed. Copy the whole link from the activation email and paste it into the address bar, or register again.',
    description: 'Body: activation link cut short, mistyped or without its code (SPEC §8 wrong URL).',
  },
  activationUserNotFoundTitle: { id: 'invalidLink.activation.userNotFound.title', defaultMessage: 'The account of this activation link no longer exists', description: 'Heading: the account the activation link was sent for is gone (SPEC §8 user not found).' },
  activationUserNotFoundBody: {
    id: 'invalidLink.activation.userNotFound.body',
    defaultMessage: 'The account this link was sent for has been removed, so it cannot be activated. Register again to create a new account.',
    description: 'Body: the account the activation link was sent for is gone (SPEC §8 user not found).',
  },
  buyerUsedTitle: { id: 'invalidLink.buyer.used.title', defaultMessage: 'This buyer account activation link has already been used', description: 'Heading: buyer activation link used before.' },
  buyerUsedBody: {
    id: 'invalidLink.buyer.used.body',
    defaultMessage: 'The buyer account is probably activated already. Log in with its login email and the password you set.',
    description: 'Body: buyer activation link used before.',
  },
  buyerExpiredTitle: { id: 'invalidLink.buyer.expired.title', defaultMessage: 'This buyer account activation link has expired', description: 'Heading: buyer activation link too old.' },
  buyerExpiredBody: {
    id: 'invalidLink.buyer.expired.body',
    defaultMessage: 'Please contact us at {supportEmail} for a new activation link.',
    description: 'Body: buyer activation link too old; {supportEmail} is the support address.',
  },
  buyerNotFoundTitle: { id: 'invalidLink.buyer.notFound.title', defaultMessage: 'There is no record of this buyer account activation link', description: 'Heading: buyer activation link no record matches (SPEC §8 record not found).' },
  buyerNotFoundBody: {
    id: 'invalidLink.buyer.notFound.body',
    defaultMessage: 'We have no record of this link. Open the link in the activation email and check that the address is exactly as in the email, or contact us at {supportEmail}.',
    description: 'Body: buyer activation link no record matches (SPEC §8 record not found); {supportEmail} is the support address.',
  },
  buyerWrongUrlTitle: { id: 'invalidLink.buyer.wrongUrl.title', defaultMessage: 'The address of this buyer account activation link is wrong', description: 'Heading: buyer activation link cut short, mistyped or without its code (SPEC §8 wrong URL).' },
  buyerWrongUrlBody: {
    id: 'invalidLink.buyer.wrongUrl.body',
    defaultMessage: 'Part of the link is missing or was changed. Copy the whole link from the activation email and paste it into the address bar, or contact us at {supportEmail}.',
    description: 'Body: buyer activation link cut short or mistyped (SPEC §8 wrong URL); {supportEmail} is the support address.',
  },
  buyerUserNotFoundTitle: { id: 'invalidLink.buyer.userNotFound.title', defaultMessage: 'The buyer account of this link no longer exists', description: 'Heading: the buyer account the link was sent for is gone (SPEC §8 user not found).' },
  buyerUserNotFoundBody: {
    id: 'invalidLink.buyer.userNotFound.body',
    defaultMessage: 'The buyer account this link was sent for has been removed, so it cannot be activated. Please contact us at {supportEmail}.',
    description: 'Body: the buyer account the link was sent for is gone (SPEC §8 user not found); {supportEmail} is the support address.',
  },
  resetUsedTitle: { id: 'invalidLink.reset.used.title', defaultMessage: 'This password reset link has already been used', description: 'Heading: reset link used before.' },
  resetUsedBody: {
    id: 'invalidLink.reset.used.body',
    defaultMessage: 'Each reset link works once. If you have just set a new password, log in with it. Otherwise ask for a new link.',
    description: 'Body: reset link used before.',
  },
  resetExpiredTitle: { id: 'invalidLink.reset.expired.title', defaultMessage: 'This password reset link has expired', description: 'Heading: reset link too old.' },
  resetExpiredBody: {
    id: 'invalidLink.reset.expired.body',
    defaultMessage: 'Reset links can only be used for a limited time. Ask for a new link to reset your password.',
    description: 'Body: reset link too old.',
  },
  resetNotFoundTitle: { id: 'invalidLink.reset.notFound.title', defaultMessage: 'There is no record of this password reset link', description: 'Heading: reset link no record matches (SPEC §8 record not found).' },
  resetNotFoundBody: {
    id: 'invalidLink.reset.notFound.body',
    defaultMessage: 'We have no record of this link. Open the link in the password reset email and check that the address is exactly as in the email, or ask for a new link.',
    description: 'Body: reset link no record matches (SPEC §8 record not found).',
  },
  resetWrongUrlTitle: { id: 'invalidLink.reset.wrongUrl.title', defaultMessage: 'The address of this password reset link is wrong', description: 'Heading: reset link cut short, mistyped or without its token (SPEC §8 wrong URL).' },
  resetWrongUrlBody: {
    id: 'invalidLink.reset.wrongUrl.body',
    defaultMessage: 'Part of the link is missing or was changed. Copy the whole link from the password reset email and paste it into the address bar, or ask for a new link.',
    description: 'Body: reset link cut short, mistyped or without its token (SPEC §8 wrong URL).',
  },
  resetUserNotFoundTitle: { id: 'invalidLink.reset.userNotFound.title', defaultMessage: 'The account of this password reset link no longer exists', description: 'Heading: the account the reset link was sent for is gone (SPEC §8 user not found).' },
  resetUserNotFoundBody: {
    id: 'invalidLink.reset.userNotFound.body',
    defaultMessage: 'The account this link was sent for has been removed, so its password cannot be reset. Register to create a new account.',
    description: 'Body: the account the reset link was sent for is gone (SPEC §8 user not found).',
  },
  nextSteps: { id: 'invalidLink.nextSteps', defaultMessage: 'What you can do', description: 'Heading above the next-step links on an invalid-link page.' },
  logIn: { id: 'invalidLink.logIn', defaultMessage: 'Log in', description: 'Next step: the login page.' },
  forgotPassword: { id: 'invalidLink.forgotPassword', defaultMessage: 'Ask for a new password reset link', description: 'Next step: the forgot-password page.' },
  register: { id: 'invalidLink.register', defaultMessage: 'Register again', description: 'Next step: the registration page.' },
});
