import { apiError, changes, contextKey, defineModel, done, fail, fillField, fillInOrder, networkError, SAMPLE_HOLD_UNTIL, SAMPLE_NOW, SAMPLE_PASSWORD } from '../model-kit.ts';
import { SAMPLE_ASSERTION, SAMPLE_REQUEST_OPTIONS } from '../login/index.ts';
import { stepUpMachine } from './step-up.machine.ts';

/** A proof given at the sample time: it counts for 10 minutes. */
export const SAMPLE_PROOF = { provedUntil: new Date(SAMPLE_NOW + 10 * 60_000).toISOString() };
export const SAMPLE_CODE = '123456';
/** A code emailed at the sample time: 10 minutes, a new one after a minute. */
export const SAMPLE_CODE_SENT = { expiresAt: new Date(SAMPLE_NOW + 10 * 60_000).toISOString(), resendAt: new Date(SAMPLE_NOW + 60_000).toISOString() };

/** A school administrator with a password, a passkey and an authenticator app: every proof is offered. */
export const EVERY_PROOF = { password: true, passkey: true, authenticator: true, email: false };
/** A third-party sign-in with a passkey and no password. */
export const PASSKEY_ONLY = { password: false, passkey: true, authenticator: false, email: false };
/** No password, but a passkey, an authenticator app and a login email. */
export const PASSKEY_AND_CODE = { password: false, passkey: true, authenticator: true, email: true };
/** No password, a login email: the emailed code (a student signing in with Google or a QR code, with an email). */
export const EMAIL_ONLY = { password: false, passkey: false, authenticator: false, email: true };
/** An account with the authenticator app alone (no password, no passkey here). */
export const CODE_ONLY = { password: false, passkey: false, authenticator: true, email: false };
/** No password and no login email (a student signing in with a QR code only): no proof the dialog can take. */
export const NO_PROOF = { password: false, passkey: false, authenticator: false, email: false };

/** The browser's answer: the login's sample passkey assertion serves here too. */
export const SAMPLE_STEP_UP_ASSERTION = SAMPLE_ASSERTION;
export const SAMPLE_STEP_UP_OPTIONS = { ...SAMPLE_REQUEST_OPTIONS, allowCredentials: [{ id: SAMPLE_ASSERTION.id, type: 'public-key' }] };

/** A code's proof (the authenticator's or the emailed one): right, held, not six digits, no answer. */
function codeProofSamples(actorId: 'proveWithCode' | 'proveWithEmailCode') {
  const notSixDigits = apiError('invalidPayload', { fields: [{ field: 'code', rule: 'sixDigits' }] });
  return [done(actorId, SAMPLE_PROOF), fail(actorId, apiError('stepUpCodeHeld', { holdUntil: SAMPLE_HOLD_UNTIL })), fail(actorId, notSixDigits), fail(actorId, networkError())];
}

const fills = fillInOrder([fillField('currentPassword', SAMPLE_PASSWORD), fillField('code', SAMPLE_CODE)]);

export const stepUpModel = defineModel(stepUpMachine, {
  input: {},
  events: [
    done('loadProofs', EVERY_PROOF),
    done('loadProofs', PASSKEY_ONLY),
    done('loadProofs', PASSKEY_AND_CODE),
    done('loadProofs', CODE_ONLY),
    done('loadProofs', EMAIL_ONLY),
    done('loadProofs', NO_PROOF),
    fail('loadProofs', networkError()),
    { type: 'retry' },
    ...changes('currentPassword', SAMPLE_PASSWORD, ''),
    ...changes('code', SAMPLE_CODE, ''),
    { type: 'form.submit' },
    { type: 'dialog.cancel' },
    { type: 'proof.password' },
    { type: 'proof.passkey' },
    { type: 'proof.code' },
    { type: 'proof.email' },
    { type: 'code.send' },
    done('sendEmailCode', SAMPLE_CODE_SENT),
    fail('sendEmailCode', apiError('codeResendTooSoon', { holdUntil: SAMPLE_HOLD_UNTIL })),
    fail('sendEmailCode', apiError('stepUpSendLimit', { holdUntil: SAMPLE_HOLD_UNTIL })),
    fail('sendEmailCode', networkError()),
    ...codeProofSamples('proveWithEmailCode'),
    done('proveWithPassword', SAMPLE_PROOF),
    fail('proveWithPassword', apiError('currentPasswordIncorrect', { fields: [{ field: 'currentPassword', rule: 'incorrect' }] })),
    fail('proveWithPassword', apiError('stepUpThrottled', { holdUntil: SAMPLE_HOLD_UNTIL })),
    fail('proveWithPassword', networkError()),
    ...codeProofSamples('proveWithCode'),
    done('passkeyOptions', SAMPLE_STEP_UP_OPTIONS),
    fail('passkeyOptions', networkError()),
    done('getPasskey', SAMPLE_STEP_UP_ASSERTION),
    fail('getPasskey', new Error('NotAllowedError')),
    done('proveWithPasskey', SAMPLE_PROOF),
    fail('proveWithPasskey', networkError()),
  ],
  key: contextKey('fieldErrors', 'errorCode', 'holdUntil', 'form', 'options', 'answer'),
  // Simple paths type each field once, in order, and leave failures, cancels and switches to the
  // shortest paths: otherwise every proof set times every switch explodes.
  simplePathFilter: (snapshot, event) =>
    !event.type.startsWith('xstate.error.') && !['dialog.cancel', 'retry', 'proof.password', 'proof.passkey', 'proof.code', 'proof.email'].includes(event.type) && fills(snapshot, event),
});
