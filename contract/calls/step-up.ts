import { declareCall } from '../call.ts';
import type { ErrorCode } from '../errors.ts';
import { PASSKEY_ASSERTION_BODY, PasskeyAssertionRequestSchema, PasskeyRequestOptionsSchema } from '../schemas/passkeys.ts';
import { StepUpCodeRequestSchema, StepUpCodeSentSchema, StepUpPasswordRequestSchema, StepUpProofSchema, StepUpProofsSchema } from '../schemas/step-up.ts';

/** Step-up: a fresh proof before sensitive actions (issue 23, docs/decisions/step-up.md). */

export const proofs = declareCall({
  name: 'stepUp.proofs',
  method: 'get',
  path: 'profile/step-up/proofs',
  session: true,
  response: StepUpProofsSchema,
  summary: 'Which proofs the step-up dialog may offer the signed-in account: its password, a passkey, the authenticator app (school administrators), a code emailed to the login email (accounts without a password).',
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

/** A code typed in the dialog (the authenticator app's, or the one emailed): the same request and answer. */
function codeProof<const TCode extends ErrorCode>(name: string, path: string, codes: readonly TCode[], summary: string) {
  return declareCall({ name, method: 'post', path, session: true, request: StepUpCodeRequestSchema, response: StepUpProofSchema, codes, summary });
}

export const authenticatorCode = codeProof(
  'stepUp.authenticatorCode',
  'profile/step-up/authenticator-code',
  ['authenticatorCodeWrong', 'authenticatorCodeUsed', 'stepUpCodeHeld', 'authenticatorNotSetUp'],
  "Proves a school administrator again with the authenticator app's current code: this session may make sensitive actions for the next 10 minutes. A code works once; wrong codes count toward the codes' hold of the two-factor login (more than 5 in 24 hours).",
);

export const sendEmailCode = declareCall({
  name: 'stepUp.sendEmailCode',
  method: 'post',
  path: 'profile/step-up/email-code/send',
  session: true,
  response: StepUpCodeSentSchema,
  codes: ['forbidden', 'codeResendTooSoon', 'stepUpSendLimit'],
  summary:
    'Emails a six-digit code to the login email of an account without a password, for the step-up dialog of this session (10 minutes, single use; at most one a minute and 10 a day). Refused to accounts with a password or without a login email.',
});

export const emailCode = codeProof(
  'stepUp.emailCode',
  'profile/step-up/email-code',
  ['codeWrong', 'codeExpired', 'codeNotFound', 'stepUpCodeHeld'],
  'Proves the signed-in user again with the code emailed for this session: this session may make sensitive actions for the next 10 minutes. More than 5 wrong codes in 24 hours hold the codes.',
);
