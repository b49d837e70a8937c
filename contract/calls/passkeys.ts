import * as v from 'valibot';
import { declareCall } from '../call.ts';
import { UserSchema } from '../schemas/account.ts';
import {
  PASSKEY_ASSERTION_BODY,
  PasskeyAssertionRequestSchema,
  PasskeyCreationOptionsSchema,
  PasskeyListSchema,
  PasskeyRegisterRequestSchema,
  PasskeyRemoveRequestSchema,
  PasskeyRenameRequestSchema,
  PasskeyRequestOptionsSchema,
} from '../schemas/passkeys.ts';

/**
 * Passkeys (WebAuthn; issue 23, docs/decisions/passkeys.md): the signed-in account's passkeys on
 * the login-information page, and signing in with one (under /auth, bound to a pre-sign-in cookie).
 */

export const registrationOptions = declareCall({
  name: 'passkeys.registrationOptions',
  method: 'post',
  path: 'profile/passkeys/registration-options',
  session: true,
  response: PasskeyCreationOptionsSchema,
  codes: ['stepUpRequired'],
  summary: 'Starts adding a passkey: the options for the browser, with a single-use challenge (5 minutes) bound to this session. Needs a proof of this session within the last 10 minutes.',
});

export const register = declareCall({
  name: 'passkeys.register',
  method: 'post',
  path: 'profile/passkeys',
  session: true,
  request: PasskeyRegisterRequestSchema,
  // The browser's attestation (its object and client data as base64url, at their schema's length caps).
  bodyLimit: { bytes: 72 * 1024 },
  response: PasskeyListSchema,
  codes: ['stepUpRequired', 'passkeyChallengeInvalid', 'passkeyInvalid', 'passkeyExists'],
  summary: "Adds the passkey the browser made (user verification required), under the name given; answers the account's passkeys. Sends a security email.",
});

export const list = declareCall({
  name: 'passkeys.list',
  method: 'get',
  path: 'profile/passkeys',
  session: true,
  response: PasskeyListSchema,
  codes: [],
  summary: "The account's passkeys: name, when added and when last used (never the keys).",
});

export const rename = declareCall({
  name: 'passkeys.rename',
  method: 'post',
  path: 'profile/passkeys/rename',
  session: true,
  request: PasskeyRenameRequestSchema,
  response: PasskeyListSchema,
  codes: ['passkeyNotFound'],
  summary: 'Renames one of the account\'s passkeys.',
});

export const remove = declareCall({
  name: 'passkeys.remove',
  method: 'post',
  path: 'profile/passkeys/remove',
  session: true,
  request: PasskeyRemoveRequestSchema,
  response: PasskeyListSchema,
  codes: ['passkeyNotFound'],
  summary: 'Removes one of the account\'s passkeys. Sends a security email.',
});

export const signInOptions = declareCall({
  name: 'passkeys.signInOptions',
  method: 'post',
  base: 'auth',
  path: 'passkeys/options',
  response: PasskeyRequestOptionsSchema,
  codes: [],
  summary: 'Starts a passkey sign-in: the options for the browser (any passkey of this site, user verification required), with a single-use challenge (5 minutes) bound to a pre-sign-in cookie set here.',
});

export const signIn = declareCall({
  name: 'passkeys.signIn',
  method: 'post',
  base: 'auth',
  path: 'passkeys/sign-in',
  request: PasskeyAssertionRequestSchema,
  bodyLimit: PASSKEY_ASSERTION_BODY,
  response: v.object({ user: UserSchema }),
  codes: ['passkeyChallengeInvalid', 'passkeyInvalid', 'passkeyUnknown', 'passkeyCounterRegressed', 'accountInactive', 'loginThrottled'],
  summary: "Signs in with a passkey (user verification required; both factors for a school administrator): a new session cookie. Refused for an unknown passkey, a counter gone backwards or an account that is not active; failures are throttled per network as wrong passwords are.",
});
