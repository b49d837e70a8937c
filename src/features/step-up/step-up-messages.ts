import { defineMessages } from '../../i18n/define-messages.ts';

export const stepUpMessages = defineMessages({
  title: { id: 'stepUp.title', defaultMessage: 'Confirm it is you', description: 'Title of the step-up dialog, asked before a sensitive action (adding a passkey, downloading your data…).' },
  lead: {
    id: 'stepUp.lead',
    defaultMessage: 'For your security, enter your password again before you continue. You will not be asked again for {minutes} minutes.',
    description: 'Text of the step-up dialog under its title; {minutes} is how long the proof counts (10).',
  },
  leadCode: {
    id: 'stepUp.leadCode',
    defaultMessage: 'For your security, enter the code your authenticator app shows before you continue. You will not be asked again for {minutes} minutes.',
    description: 'Text of the step-up dialog when it asks for the authenticator app code; {minutes} is how long the proof counts (10).',
  },
  leadPasskey: {
    id: 'stepUp.leadPasskey',
    defaultMessage: 'For your security, use your passkey before you continue. You will not be asked again for {minutes} minutes.',
    description: 'Text of the step-up dialog when it asks for a passkey; {minutes} is how long the proof counts (10).',
  },
  leadEmail: {
    id: 'stepUp.leadEmail',
    defaultMessage: 'For your security, we email a code to your login email before you continue. You will not be asked again for {minutes} minutes.',
    description: 'Text of the step-up dialog for an account without a password: a code is emailed; {minutes} is how long the proof counts (10).',
  },
  leadAny: {
    id: 'stepUp.leadAny',
    defaultMessage: 'For your security, confirm it is you before you continue.',
    description: 'Text of the step-up dialog while it reads which proofs the account has, or when it has none.',
  },
  submit: { id: 'stepUp.submit', defaultMessage: 'Confirm', description: 'Button of the step-up dialog that sends the password or the code.' },
  submitting: { id: 'stepUp.submitting', defaultMessage: 'Checking…', description: 'Button text of the step-up dialog while the password or the code is checked.' },
  cancel: { id: 'stepUp.cancel', defaultMessage: 'Cancel', description: 'Button that closes the step-up dialog without doing the sensitive action.' },
  forgot: { id: 'stepUp.forgot', defaultMessage: 'Forgot your password? Reset it by email', description: 'Link from the step-up dialog to the forgot-password page.' },
  retry: { id: 'stepUp.retry', defaultMessage: 'Try again', description: 'Button of the step-up dialog when the ways to confirm could not be read.' },
  code: { id: 'stepUp.code', defaultMessage: 'Code from your authenticator app', description: 'Label of the authenticator code field in the step-up dialog.' },
  codeHint: { id: 'stepUp.codeHint', defaultMessage: 'The 6 digits the app shows now for Education Platform.', description: 'Hint under the authenticator code field in the step-up dialog.' },
  emailCode: { id: 'stepUp.emailCode', defaultMessage: 'Code from the email', description: 'Label of the emailed code field in the step-up dialog.' },
  emailCodeHint: { id: 'stepUp.emailCodeHint', defaultMessage: 'The 6 digits we emailed to your login email. The code works for 10 minutes.', description: 'Hint under the emailed code field in the step-up dialog.' },
  sendCode: { id: 'stepUp.sendCode', defaultMessage: 'Email me a code', description: 'Step-up dialog button that emails a code to the login email.' },
  sendNew: { id: 'stepUp.sendNew', defaultMessage: 'Send a new code', description: 'Step-up dialog button that emails another code.' },
  sending: { id: 'stepUp.sending', defaultMessage: 'Sending…', description: 'Busy text of the step-up dialog while the code is emailed.' },
  useEmail: { id: 'stepUp.useEmail', defaultMessage: 'Email me a code instead', description: 'Step-up dialog button that switches from the passkey to an emailed code.' },
  usePasskey: { id: 'stepUp.usePasskey', defaultMessage: 'Use a passkey', description: 'Button of the step-up dialog that confirms with a passkey (the browser asks for it).' },
  usePassword: { id: 'stepUp.usePassword', defaultMessage: 'Use my password instead', description: 'Button of the step-up dialog that switches to the password.' },
  useCode: { id: 'stepUp.useCode', defaultMessage: 'Use my authenticator app instead', description: 'Button of the step-up dialog that switches to the authenticator app code.' },
  passkeyBusy: { id: 'stepUp.passkeyBusy', defaultMessage: 'Waiting for your passkey…', description: 'Busy text of the step-up dialog while the browser asks for the passkey and the server checks it.' },
  passkeyNotUsed: {
    id: 'stepUp.passkeyNotUsed',
    defaultMessage: 'No passkey was used: the request was cancelled or timed out, or there is no passkey for this site on this device.',
    description: 'Step-up dialog: the browser gave no passkey.',
  },
});
