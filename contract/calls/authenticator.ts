import * as v from 'valibot';
import { declareCall } from '../call.ts';
import { UserSchema } from '../schemas/account.ts';
import {
  AuthenticatorConfirmRequestSchema,
  AuthenticatorSetupSchema,
  AuthenticatorStatusSchema,
  MfaCodeRequestSchema,
  MfaFactorsSchema,
  RecoveryCodesSchema,
} from '../schemas/authenticator.ts';

/**
 * An authenticator app (TOTP) and recovery codes as a school administrator's second factor
 * (issue 23, docs/decisions/authenticator.md). The sign-in calls read the pending sign-in from the
 * `portal_mfa` cookie like the emailed link's (contract/calls/mfa-login.ts); the others are the
 * signed-in administrator's.
 */

export const mfaFactors = declareCall({
  name: 'mfaLogin.factors',
  method: 'get',
  base: 'auth',
  path: 'mfa/factors',
  response: MfaFactorsSchema,
  codes: ['mfaExpired'],
  summary: 'The second factors the pending sign-in can use: authenticator app, recovery codes left, two-factor email.',
});

export const mfaCode = declareCall({
  name: 'mfaLogin.code',
  method: 'post',
  base: 'auth',
  path: 'mfa/code',
  request: MfaCodeRequestSchema,
  response: v.object({ user: UserSchema }),
  codes: ['mfaExpired', 'mfaCodeHeld', 'authenticatorNotSetUp', 'authenticatorCodeWrong', 'authenticatorCodeUsed', 'recoveryCodeWrong', 'tooManyRequests'],
  summary: 'Completes the sign-in with a code of the authenticator app (once per code) or one unused recovery code: a new session cookie, the pending one cleared.',
});

export const status = declareCall({
  name: 'authenticator.status',
  method: 'get',
  path: 'profile/authenticator',
  session: true,
  response: AuthenticatorStatusSchema,
  codes: ['forbidden'],
  summary: "The administrator's authenticator app (when it was set up) and how many recovery codes are left.",
});

export const begin = declareCall({
  name: 'authenticator.begin',
  method: 'post',
  path: 'profile/authenticator/begin',
  session: true,
  response: AuthenticatorSetupSchema,
  codes: ['forbidden', 'stepUpRequired', 'authenticatorExists'],
  summary: 'Starts setting up an authenticator app: a new secret and its otpauth:// URI (replacing a set-up not yet confirmed).',
});

export const confirm = declareCall({
  name: 'authenticator.confirm',
  method: 'post',
  path: 'profile/authenticator/confirm',
  session: true,
  request: AuthenticatorConfirmRequestSchema,
  response: RecoveryCodesSchema,
  codes: ['forbidden', 'stepUpRequired', 'authenticatorNotSetUp', 'authenticatorExists', 'authenticatorCodeWrong'],
  summary: 'Confirms the set-up with the app\'s first code; answers ten recovery codes, shown once. Sends a security email.',
});

export const remove = declareCall({
  name: 'authenticator.remove',
  method: 'post',
  path: 'profile/authenticator/remove',
  session: true,
  response: AuthenticatorStatusSchema,
  codes: ['forbidden', 'stepUpRequired', 'authenticatorNotSetUp'],
  summary: 'Removes the authenticator app and its recovery codes (the emailed link stays). Sends a security email.',
});

export const regenerateRecoveryCodes = declareCall({
  name: 'authenticator.regenerateRecoveryCodes',
  method: 'post',
  path: 'profile/authenticator/recovery-codes',
  session: true,
  response: RecoveryCodesSchema,
  codes: ['forbidden', 'stepUpRequired', 'authenticatorNotSetUp'],
  summary: 'Replaces the recovery codes with ten new ones, shown once (the old ones stop working). Sends a security email.',
});
