import { mfaCodeModel } from '../../../machines/mfa-login/mfa-code.model.ts';
import { refusalEvidence, refusalText } from '../support/refusals.ts';
import { defineViewModel } from '../support/view-model.ts';
import { SAMPLE_HOLD_TIME } from '../support/hold-time.ts';
import { NETWORK } from '../support/messages.ts';

const TITLE = { heading: 'Two-factor login' } as const;
const APP_CODE = 'Code from your authenticator app';
const RECOVERY = 'Recovery code';
const USE_EMAIL = 'Email me a link instead';

export const mfaCodeView = defineViewModel({
  model: mfaCodeModel,
  evidence: {
    loading: [TITLE, { busy: 'Checking your login…' }],
    loadFailed: [TITLE, { heading: 'We could not check your login' }, { alert: NETWORK }, { button: 'Try again' }],
    authenticator: [TITLE, { text: 'The 6 digits your authenticator app shows for Education Platform now.' }, { button: 'Log in' }, { button: USE_EMAIL }],
    'authenticator.idle': [{ absent: 'There is a problem' }, { button: 'Use a recovery code' }],
    'authenticator.invalid': [{ alert: 'There is a problem' }, { invalid: APP_CODE }],
    ...refusalEvidence(mfaCodeModel, 'authenticator', (message) => [{ field: APP_CODE, error: message }]),
    'authenticator.failed': [{ alert: NETWORK }],
    checkingAuthenticator: [TITLE, { busy: 'Logging in…' }],
    recovery: [TITLE, { text: 'One of the recovery codes you saved when you set up the authenticator app. Each works once; you have {count} left.' }, { button: 'Use the authenticator app' }, { button: USE_EMAIL }],
    'recovery.idle': [{ absent: 'There is a problem' }],
    'recovery.invalid': [{ alert: 'There is a problem' }, { invalid: RECOVERY }],
    ...refusalEvidence(mfaCodeModel, 'recovery', (message) => [{ field: RECOVERY, error: message }]),
    'recovery.failed': [{ alert: NETWORK }],
    checkingRecovery: [TITLE, { busy: 'Logging in…' }],
    sendingLink: [TITLE, { busy: 'Sending…' }],
    linkFailed: [TITLE, { heading: 'We could not send the link' }, { alert: NETWORK }, { button: 'Try again' }],
    email: [TITLE, { busy: 'Sending…' }],
    held: [TITLE, { heading: 'Codes are on hold' }, { alert: refusalText('mfaCodeHeld') }, { alert: SAMPLE_HOLD_TIME }, { button: USE_EMAIL }],
    expired: [TITLE, { heading: 'Your login has timed out' }, { alert: refusalText('mfaExpired') }, { text: 'Log in again' }],
    done: [{ busy: 'You are logged in. Taking you to your page…' }],
  },
  acts: {
    'form.change': (event, before) => [{ fill: before.context.kind === 'recoveryCode' ? RECOVERY : APP_CODE, value: event.value }],
    'form.submit': () => [{ click: 'Log in' }],
    'factor.recoveryCode': () => [{ click: 'Use a recovery code' }],
    'factor.authenticator': () => [{ click: 'Use the authenticator app' }],
    'factor.email': () => [{ click: USE_EMAIL }],
    retry: () => [{ click: 'Try again' }],
  },
});
