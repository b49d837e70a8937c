import { declareCall } from '../call.ts';
import { PASSKEY_ASSERTION_BODY, PasskeyAssertionRequestSchema, PasskeyRequestOptionsSchema } from '../schemas/passkeys.ts';
import { StepUpPasswordRequestSchema, StepUpProofSchema } from '../schemas/step-up.ts';

/** Step-up: a fresh proof before sensitive actions (issue 23, docs/decisions/step-up.md). */

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
