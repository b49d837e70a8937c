import { defineMessages } from '../../i18n/define-messages.ts';

export const forgotPasswordMessages = defineMessages({
  title: { id: 'forgotPassword.title', defaultMessage: 'Forgot your password?', description: 'Heading and tab title of the forgot-password page.' },
  lead: {
    id: 'forgotPassword.lead',
    defaultMessage: "We will email a link to your account's login email address. Open it to choose a new password.",
    description: 'Introduction under the forgot-password heading.',
  },
  methodLegend: {
    id: 'forgotPassword.method.legend',
    defaultMessage: 'How do you want to find your account?',
    description: 'Question above the choice between login email and login ID.',
  },
  methodEmail: { id: 'forgotPassword.method.email', defaultMessage: 'By my login email address', description: 'Radio option: find the account by its login email.' },
  methodLoginId: { id: 'forgotPassword.method.loginId', defaultMessage: 'By my login ID', description: 'Radio option: find the account by its login ID (login name).' },
  emailHint: {
    id: 'forgotPassword.emailHint',
    defaultMessage: 'The email address you log in with.',
    description: 'Hint under the email field of the forgot-password form.',
  },
  loginIdHint: {
    id: 'forgotPassword.loginIdHint',
    defaultMessage: "The login ID you log in with. We send the link to the account's login email address.",
    description: 'Hint under the login ID field of the forgot-password form.',
  },
  submit: { id: 'forgotPassword.submit', defaultMessage: 'Send reset link', description: 'Button that asks for a password reset email.' },
  submitting: { id: 'forgotPassword.submitting', defaultMessage: 'Sending…', description: 'Button text while the reset email is requested.' },
  held: {
    id: 'forgotPassword.held',
    defaultMessage: 'You have asked for too many reset links. Please try again {retry}.',
    description: 'Error: too many reset requests; {retry} is when: "after <date and time> (Hong Kong time)" or "in N seconds" (src/i18n/hk-time.ts, hkRetry).',
  },
  challenge: {
    id: 'forgotPassword.challenge',
    defaultMessage: 'Many reset links have been asked for this account from your network. Please confirm you are not a robot, then send the request again.',
    description:
      'Error: the login or email typed was asked about too often from this network, so the robot check is shown and must be solved before a reset link is sent; never a wait (docs/decisions/holds.md).',
  },
  backToLogin: { id: 'forgotPassword.backToLogin', defaultMessage: 'Remembered it? Log in', description: 'Link from the forgot-password page to the login page.' },
  sentTitle: { id: 'forgotPassword.sent.title', defaultMessage: 'Check your email', description: 'Heading after the reset link was sent.' },
  sentBody: {
    id: 'forgotPassword.sent.body',
    defaultMessage: 'We have sent a link to reset your password to {maskedEmail}. The link works once and for a limited time.',
    description: 'Where the reset link went; {maskedEmail} is the address with most letters hidden.',
  },
  sentSpam: {
    id: 'forgotPassword.sent.spam',
    defaultMessage: 'If the email has not arrived in a few minutes, check your junk or spam folder.',
    description: 'Advice when the reset email seems missing.',
  },
  devMailbox: {
    id: 'forgotPassword.sent.devMailbox',
    defaultMessage: 'Development: open the local mailbox',
    description: 'Link to the development mailbox, shown only in development.',
  },
});
