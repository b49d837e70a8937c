import { passkeySignInModel } from '../../../machines/login/passkey-sign-in.model.ts';
import { defineViewModel } from '../support/view-model.ts';
import { NETWORK } from '../support/messages.ts';

const BUTTON = 'Sign in with a passkey';
const AUTOFILL = 'Your passkeys for this site are also suggested when you select the login field.';
const NOT_USED = 'No passkey was used: the request was cancelled or timed out, or there is no passkey for this site on this device.';

export const passkeySignInView = defineViewModel({
  model: passkeySignInModel,
  evidence: {
    idle: [{ button: BUTTON }],
    'idle.button.start': [{ absent: NOT_USED }, { absent: NETWORK }],
    'idle.button.notUsed': [{ alert: NOT_USED }],
    'idle.button.failed': [{ alert: NETWORK }],
    // The login field's suggestions are the browser's own: while they are offered, the page says so under the button.
    'idle.autofill.waiting': [{ absent: AUTOFILL }],
    'idle.autofill.checking': [{ absent: AUTOFILL }],
    'idle.autofill.preparing': [{ absent: AUTOFILL }],
    'idle.autofill.listening': [{ text: AUTOFILL }],
    'idle.autofill.off': [{ absent: AUTOFILL }],
    preparing: [{ busy: 'Waiting for your passkey…' }],
    choosing: [{ busy: 'Waiting for your passkey…' }],
    verifying: [{ busy: 'Waiting for your passkey…' }],
    done: [{ alert: 'Signed in. Opening your profile…' }],
  },
  acts: {
    'passkey.start': () => [{ click: BUTTON }],
  },
});
