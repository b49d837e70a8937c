import { mobileVerificationModel } from '../../../machines/mobile-verification/mobile-verification.model.ts';
import { defineViewModel } from '../support/view-model.ts';
import { codeEntryEvidence, NETWORK } from './code-entry.evidence.ts';

const TITLE = { heading: 'Verify your mobile number' } as const;
const CODE = 'Verification code';

export const mobileVerificationView = defineViewModel({
  model: mobileVerificationModel,
  evidence: {
    editing: [TITLE, { button: 'Send code' }],
    'editing.idle': [{ absent: 'There is a problem' }],
    'editing.invalid': [{ alert: 'There is a problem' }, { absent: NETWORK }],
    'editing.sendFailed': [{ alert: 'The SMS could not be sent. Please try again later.' }],
    'editing.failed': [{ alert: NETWORK }],
    sending: [TITLE, { busy: 'Sending…' }],
    codeSent: [TITLE, { alert: 'We sent a six-digit code to {number}.' }, { button: 'Change the number' }],
    ...codeEntryEvidence({ field: CODE, submit: 'Verify', verifying: 'Checking…', resend: 'Send a new code', resendIn: 'You can ask for a new code in {time}.' }),
    codeExpired: [TITLE, { heading: 'The code has expired' }, { alert: 'Ask for a new code, or change the number.' }, { button: 'Send a new code' }],
    held: [TITLE, { heading: 'Please wait before trying again' }, { alert: 'Too many incorrect attempts. Please try again {retry}.' }],
    verified: [TITLE, { heading: 'Mobile number verified' }, { alert: 'Your mobile number {number} is verified.' }],
  },
  acts: {
    'form.change': (event) => {
      if (event.field === 'mobile') return [{ fill: 'Mobile number', value: event.value }];
      // The list has no empty choice: a number without a code is the model's, sent as it is.
      if (event.value === '') return null;
      return [{ select: 'Country or region code', option: new RegExp(`^\\+${event.value}\\s`) }];
    },
    'form.submit': () => [{ click: 'Send code' }],
    'code.change': (event) => [{ fill: CODE, value: event.value }],
    'code.submit': () => [{ click: 'Verify' }],
    'code.resend': () => [{ click: 'Send a new code' }],
    'number.edit': () => [{ click: 'Change the number' }],
  },
});
