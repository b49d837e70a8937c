import * as passkeys from '../../contract/calls/passkeys.ts';
import { fromCall } from './from-call.ts';
import { autofillAvailable, getPasskey, getPasskeyAutofill, pageIdle } from './webauthn.ts';

/**
 * The login page's "Sign in with a passkey": its two calls and the browser's ceremony, which
 * imports @simplewebauthn/browser only when it starts, so the login page's first chunk never
 * carries it (docs/decisions/passkeys.md). Apart from src/api/passkeys.ts, whose step-up dialog
 * the login page does not need.
 */
export const passkeySignInActors = {
  signInOptions: fromCall(passkeys.signInOptions),
  signIn: fromCall(passkeys.signIn),
  autofillOptions: fromCall(passkeys.signInOptions),
  getPasskey,
  pageIdle,
  autofillAvailable,
  getPasskeyAutofill,
};
