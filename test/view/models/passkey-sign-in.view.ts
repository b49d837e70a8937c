import { passkeySignInModel } from '../../../machines/login/passkey-sign-in.model.ts';
import { defineViewModel } from '../support/view-model.ts';
import { NETWORK } from '../support/messages.ts';

const BUTTON = 'Sign in with a passkey';
const NOT_USED = 'No passkey was used: the request was cancelled or timed out, or there is no passkey for this site on this device.';

export const passkeySignInView = defineViewModel({
  model: passkeySignInModel,
  evidence: {
    idle: [{ button: BUTTON }],
    'idle.start': [{ absent: NOT_USED }, { absent: NETWORK }],
    'idle.notUsed': [{ alert: NOT_USED }],
    'idle.failed': [{ alert: NETWORK }],
    preparing: [{ busy: 'Waiting for your passkey…' }],
    choosing: [{ busy: 'Waiting for your passkey…' }],
    verifying: [{ busy: 'Waiting for your passkey…' }],
    done: [{ alert: 'Signed in. Opening your profile…' }],
  },
  acts: {
    'passkey.start': () => [{ click: BUTTON }],
  },
});
