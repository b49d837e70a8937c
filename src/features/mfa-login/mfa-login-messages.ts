import { defineMessages } from '../../i18n/define-messages.ts';

export const mfaLoginMessages = defineMessages({
  title: { id: 'mfaLogin.title', defaultMessage: 'Two-factor login', description: 'Heading and tab title of the two-factor login page (school administrators).' },
  loading: { id: 'mfaLogin.loading', defaultMessage: 'Checking your login…', description: 'Spinner while the pending two-factor login is read.' },
  loadFailedTitle: { id: 'mfaLogin.loadFailedTitle', defaultMessage: 'We could not check your login', description: 'Heading when the pending login could not be read (network or server).' },
  retry: { id: 'mfaLogin.retry', defaultMessage: 'Try again', description: 'Button that reads the pending login again.' },
  setupLead: {
    id: 'mfaLogin.setupLead',
    defaultMessage: 'School administrator accounts log in with a second step. Give an email address for it: we will send a confirmation link there, now and at every later login.',
    description: 'Lead text of the two-factor email setup (first login of a school administrator).',
  },
  timeLimit: { id: 'mfaLogin.timeLimit', defaultMessage: 'Finish this step by {time} (Hong Kong time).', description: 'When the pending login ends; {time} is a date and time.' },
  email: { id: 'mfaLogin.email', defaultMessage: 'Two-factor email', description: 'Label of the two-factor email field.' },
  emailHint: {
    id: 'mfaLogin.emailHint',
    defaultMessage: 'An address only you can read, other than your login email. It cannot be another account’s email.',
    description: 'Hint under the two-factor email field.',
  },
  send: { id: 'mfaLogin.send', defaultMessage: 'Send confirmation email', description: 'Button that sets up the two-factor email and sends the link.' },
  sending: { id: 'mfaLogin.sending', defaultMessage: 'Sending…', description: 'Button text while the confirmation email is sent.' },
  sentTo: {
    id: 'mfaLogin.sentTo',
    defaultMessage: 'We sent a confirmation link to {email}. It works until {time} (Hong Kong time).',
    description: 'Notice once the confirmation email is sent; {email} is partly hidden, {time} a date and time.',
  },
  waitingHint: {
    id: 'mfaLogin.waitingHint',
    defaultMessage: 'Open the email on any device and follow the link. This page continues by itself once you have, or press ‘Completed verification’.',
    description: 'What to do while the two-factor login waits for the link.',
  },
  complete: { id: 'mfaLogin.complete', defaultMessage: 'Completed verification', description: 'Button that continues the login once the link was followed (SPEC wording).' },
  completing: { id: 'mfaLogin.completing', defaultMessage: 'Logging in…', description: 'Button text while the login is completed.' },
  resend: { id: 'mfaLogin.resend', defaultMessage: 'Send the email again', description: 'Button that sends a new confirmation link.' },
  resendIn: { id: 'mfaLogin.resendIn', defaultMessage: 'You can ask for a new email in {time}.', description: 'Countdown until a new confirmation email may be asked for; {time} is m:ss.' },
  resent: { id: 'mfaLogin.resent', defaultMessage: 'We sent a new link. The earlier one no longer works.', description: 'Notice after the confirmation email was sent again.' },
  changeEmail: { id: 'mfaLogin.changeEmail', defaultMessage: 'Use another address', description: 'Button on the waiting screen: type the two-factor address again (a mistyped one).' },
  changeLead: {
    id: 'mfaLogin.changeLead',
    defaultMessage: 'Type the address again and we will send a new link. The link sent to the earlier address will stop working. You can try up to {count} addresses within 24 hours.',
    description: 'Shown above the address field when the administrator chose another two-factor address; {count} is a number.',
  },
  keepEmail: { id: 'mfaLogin.keepEmail', defaultMessage: 'Back to waiting for the link', description: 'Button that leaves the address form for the waiting screen, keeping the link already sent.' },
  expiredTitle: { id: 'mfaLogin.expiredTitle', defaultMessage: 'Your login has timed out', description: 'Heading when the pending two-factor login is past its time limit.' },
  logInAgain: { id: 'mfaLogin.logInAgain', defaultMessage: 'Log in again', description: 'Link back to the login page.' },
  heldTitle: { id: 'mfaLogin.heldTitle', defaultMessage: 'Two-factor login is on hold', description: 'Heading of the two-factor hold.' },
  held: {
    id: 'mfaLogin.held',
    defaultMessage: 'There were too many attempts to complete two-factor login. Please try again {retry}.',
    description: 'Two-factor login hold (SPEC §8 Hold: its own message); {retry} is when: "after <date and time> (Hong Kong time)" or "in N seconds" (src/i18n/hk-time.ts, hkRetry).',
  },
  signedIn: { id: 'mfaLogin.signedIn', defaultMessage: 'You are logged in. Taking you to your page…', description: 'Shown briefly after the two-factor login completed.' },
});
