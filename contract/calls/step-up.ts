import { declareCall } from '../call.ts';
import { PASSKEY_ASSERTION_BODY, PasskeyAssertionRequestSchema, PasskeyRequestOptionsSchema } from '../schemas/passkeys.ts';
import { StepUpCodeRequestSchema, StepUpPasswordRequestSchema, StepUpProofSchema, StepUpProofsSchema } from '../schemas/step-up.ts';

/** Step-up: a fresh proof before sensitive actions (issue 23, docs/decisions/step-up.md). */

export const proofs = declareCall({
  name: 'stepUp.proofs',
  method: 'get',
  path: 'profile/step-up/proofs',
  session: true,
  response: StepUpProofsSchema,
  summary: 'Which proofs the step-up dialog may offer the signed-in account: its password, a passkey, the authenticator app (school administrators).',
});

export const password = declareCall({
  name: 'stepUp.password',
  method: 'post',
  path: 'profile/step-up/password',
  session: true,
  request: StepUpPasswordRequestSchema,
  response: StepUpProofSchema,
  codes: ['currentPasswordIncorrect', 'stepUpThrottled', 'stepUpNoPassword'],
  summary: "Proves the signed-in user again with the account's password: this session may make sensitive actions for the next 10 minutes. Wrong passwords are throttled as at login.",
});

export const passkeyOptions = declareCall({
  name: 'stepUp.passkeyOptions',
  method: 'post',
  path: 'profile/step-up/passkey-options',
  session: true,
  response: PasskeyRequestOptionsSchema,
  codes: ['passkeyNotFound'],
  summary: "Starts a proof with one of the account's passkeys: the options for the browser, with a single-use challenge (5 minutes) bound to this session. Refused when the account has no passkey.",
});

export const passkey = declareCall({
  name: 'stepUp.passkey',
  method: 'post',
  path: 'profile/step-up/passkey',
  session: true,
  request: PasskeyAssertionRequestSchema,
  bodyLimit: PASSKEY_ASSERTION_BODY,
  response: StepUpProofSchema,
  codes: ['passkeyChallengeInvalid', 'passkeyInvalid', 'passkeyUnknown', 'passkeyCounterRegressed'],
  summary: 'Proves the signed-in user again with one of the account\'s passkeys (user verification required): this session may make sensitive actions for the next 10 minutes.',
});

export const authenticatorCode = declareCall({
  name: 'stepUp.authenticatorCode',
  method: 'post',
  path: 'profile/step-up/authenticator-code',
  session: true,
  request: StepUpCodeRequestSchema,
  response: StepUpProofSchema,
  codes: ['authenticatorCodeWrong', 'authenticatorCodeUsed', 'stepUpCodeHeld', 'authenticatorNotSetUp'],
  summary:
    "Proves a school administrator again with the authenticator app's current code: this session may make sensitive actions for the next 10 minutes. A code works once; wrong codes count toward the codes' hold of the two-factor login (more than 5 in 24 hours).",
});
