import { defineMessages } from '../../i18n/define-messages.ts';

export const stepUpMessages = defineMessages({
  title: { id: 'stepUp.title', defaultMessage: 'Confirm it is you', description: 'Title of the step-up dialog, asked before a sensitive action (adding a passkey, downloading your data…).' },
  lead: {
    id: 'stepUp.lead',
    defaultMessage: 'For your security, enter your password again before you continue. You will not be asked again for {minutes} minutes.',
    description: 'Text of the step-up dialog under its title; {minutes} is how long the proof counts (10).',
  },
  submit: { id: 'stepUp.submit', defaultMessage: 'Confirm', description: 'Button of the step-up dialog that sends the password.' },
  submitting: { id: 'stepUp.submitting', defaultMessage: 'Checking…', description: 'Button text of the step-up dialog while the password is checked.' },
  cancel: { id: 'stepUp.cancel', defaultMessage: 'Cancel', description: 'Button that closes the step-up dialog without doing the sensitive action.' },
  forgot: { id: 'stepUp.forgot', defaultMessage: 'Forgot your password? Reset it by email', description: 'Link from the step-up dialog to the forgot-password page.' },
});
