import { defineMessages } from '../../i18n/define-messages.ts';

/** Messages of the one-time password login page (the `otpLogin` group). */
export const otpLoginMessages = defineMessages({
  title: { id: 'otpLogin.title', defaultMessage: 'Log in with a one-time password', description: 'Heading and tab title of the OTP login page.' },
  lead: {
    id: 'otpLogin.lead',
    defaultMessage: "We email a six-digit one-time password to your account's login email. Type it here to log in.",
    description: 'Introduction of the OTP login page.',
  },
  loginIdHint: {
    id: 'otpLogin.loginIdHint',
    defaultMessage: 'The login ID or the login email address of your account.',
    description: 'Hint under the login field of the OTP login page.',
  },
  challenge: {
    id: 'otpLogin.challenge',
    defaultMessage: 'Many one-time passwords have been asked for or entered for this login from your network. Please confirm you are not a robot, then ask again.',
    description:
      'Error: the login typed was asked about too often (from this network too), or this network entered too many wrong codes for it, so the robot check is shown and must be solved before a one-time password is sent; never a wait (docs/decisions/holds.md).',
  },
  codeChallenge: {
    id: 'otpLogin.codeChallenge',
    defaultMessage: 'Too many incorrect one-time passwords have been entered for this login from your network. Please confirm you are not a robot, then log in again.',
    description:
      'Error on the code entry: the network this browser is on sent more than 5 wrong codes for the login, and the browser has not signed in to the account before, so the robot check is shown and must be solved with each code; never a hold (docs/decisions/holds.md).',
  },
  send: { id: 'otpLogin.send', defaultMessage: 'Email me a one-time password', description: 'Button that sends the one-time password.' },
  sending: { id: 'otpLogin.sending', defaultMessage: 'Sending…', description: 'Button text while the one-time password is sent.' },
  sentTo: {
    id: 'otpLogin.sentTo',
    defaultMessage: 'We emailed a six-digit one-time password to the login email of {loginId}.',
    description: 'After the code was sent; {loginId} is what the user typed (login ID or login email).',
  },
  code: { id: 'otpLogin.code', defaultMessage: 'One-time password', description: 'Label of the six-digit code field.' },
  codeHint: { id: 'otpLogin.codeHint', defaultMessage: 'The six digits in the email.', description: 'Hint under the code field.' },
  expiresIn: { id: 'otpLogin.expiresIn', defaultMessage: 'The password expires in {time}.', description: 'Countdown to the code expiry; {time} is minutes:seconds.' },
  minutesLeft: {
    id: 'otpLogin.minutesLeft',
    defaultMessage: '{minutes, plural, one {# minute} other {# minutes}} left to enter the password.',
    description: 'Announced to screen readers once a minute while the code is valid.',
  },
  resendIn: { id: 'otpLogin.resendIn', defaultMessage: 'You can ask for a new password in {time}.', description: 'Countdown to when a new code may be asked for; {time} is minutes:seconds.' },
  login: { id: 'otpLogin.login', defaultMessage: 'Log in', description: 'Button that signs in with the code.' },
  loggingIn: { id: 'otpLogin.loggingIn', defaultMessage: 'Logging in…', description: 'Button text while the code is checked.' },
  resend: { id: 'otpLogin.resend', defaultMessage: 'Send a new password', description: 'Button that emails another one-time password.' },
  editLogin: { id: 'otpLogin.editLogin', defaultMessage: 'Change the login', description: 'Button that goes back to the login ID or email.' },
  timedOutTitle: { id: 'otpLogin.timedOutTitle', defaultMessage: 'Time is up', description: 'Heading when the countdown of the code ran out.' },
  timedOutBody: {
    id: 'otpLogin.timedOutBody',
    defaultMessage: 'Error 04: The one-time password was not entered in time. Ask for a new one, or change the login.',
    description: 'What to do after the countdown ran out (SPEC §8 OTP code 04, timed out; the code comes first, as SPEC lists it: docs/decisions/messages.md).',
  },
  expiredTitle: { id: 'otpLogin.expiredTitle', defaultMessage: 'The one-time password has expired', description: 'Heading when the server found the code expired.' },
  expiredBody: { id: 'otpLogin.expiredBody', defaultMessage: 'Ask for a new one-time password, or change the login.', description: 'What to do after the code expired.' },
  heldTitle: { id: 'otpLogin.heldTitle', defaultMessage: 'One-time passwords are on hold', description: 'Heading when OTP login is held after too many wrong codes.' },
  signedIn: { id: 'otpLogin.signedIn', defaultMessage: 'You are logged in. Taking you to your page…', description: 'Shown briefly after a successful OTP login.' },
  alreadySentTitle: {
    id: 'otpLogin.alreadySentTitle',
    defaultMessage: 'A one-time password was emailed a moment ago',
    description: 'Heading when a new code was asked for before the resend time (a reload, another tab).',
  },
  alreadySentBody: {
    id: 'otpLogin.alreadySentBody',
    defaultMessage: 'Enter the one-time password already emailed to this login, or ask for a new one {retry}.',
    description: 'Body when a new code was asked for too soon; {retry} is when a new code may be asked for: "after <time> (Hong Kong time)" or "in N seconds" (src/i18n/hk-time.ts, hkRetry).',
  },
  enterSentCode: {
    id: 'otpLogin.enterSentCode',
    defaultMessage: 'Enter the one-time password',
    description: 'Button that opens the code entry for the code already emailed.',
  },
  passwordLogin: { id: 'otpLogin.passwordLogin', defaultMessage: 'Log in with your password instead', description: 'Link to the password login page.' },
});
