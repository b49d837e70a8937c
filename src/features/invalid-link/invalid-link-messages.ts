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
  activationNotFoundTitle: { id: 'invalidLink.activation.notFound.title', defaultMessage: 'This activation link is not valid', description: 'Heading: activation link unknown or malformed.' },
  activationNotFoundBody: {
    id: 'invalidLink.activation.notFound.body',
    defaultMessage: 'The record of this link was not found or the web address is wrong. Check that you copied the whole link from the email, or register again.',
    description: 'Body: activation link unknown or malformed.',
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
  buyerNotFoundTitle: { id: 'invalidLink.buyer.notFound.title', defaultMessage: 'This buyer account activation link is not valid', description: 'Heading: buyer activation link unknown.' },
  buyerNotFoundBody: {
    id: 'invalidLink.buyer.notFound.body',
    defaultMessage: 'The record of this link was not found or the web address is wrong. Check that you copied the whole link from the email, or contact us at {supportEmail}.',
    description: 'Body: buyer activation link unknown; {supportEmail} is the support address.',
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
  resetNotFoundTitle: { id: 'invalidLink.reset.notFound.title', defaultMessage: 'This password reset link is not valid', description: 'Heading: reset link unknown or malformed.' },
  resetNotFoundBody: {
    id: 'invalidLink.reset.notFound.body',
    defaultMessage: 'The record of this link was not found or the web address is wrong. Check that you copied the whole link from the email, or ask for a new link.',
    description: 'Body: reset link unknown or malformed.',
  },
  nextSteps: { id: 'invalidLink.nextSteps', defaultMessage: 'What you can do', description: 'Heading above the next-step links on an invalid-link page.' },
  logIn: { id: 'invalidLink.logIn', defaultMessage: 'Log in', description: 'Next step: the login page.' },
  forgotPassword: { id: 'invalidLink.forgotPassword', defaultMessage: 'Ask for a new password reset link', description: 'Next step: the forgot-password page.' },
  register: { id: 'invalidLink.register', defaultMessage: 'Register again', description: 'Next step: the registration page.' },
});
