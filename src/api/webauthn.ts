import { fromPromise } from 'xstate';
import type { PasskeyAuthenticationResponse, PasskeyRequestOptions } from '../../contract/schemas/passkeys.ts';

type RequestOptionsJSON = Parameters<(typeof import('@simplewebauthn/browser'))['startAuthentication']>[0]['optionsJSON'];

/**
 * The browser's passkey ceremony (navigator.credentials.get) through @simplewebauthn/browser,
 * imported only when it starts, so no page's first chunk carries it (docs/decisions/passkeys.md).
 * The login page's "Sign in with a passkey" and the step-up dialog's "Use a passkey" share it.
 */
export const getPasskey = fromPromise<PasskeyAuthenticationResponse, PasskeyRequestOptions>(async ({ input }) => {
  const { startAuthentication } = await import('@simplewebauthn/browser');
  return (await startAuthentication({ optionsJSON: input as unknown as RequestOptionsJSON })) as PasskeyAuthenticationResponse;
});

/** Whether this browser can use a passkey at all (without loading the library). */
export function browserSupportsPasskeys(): boolean {
  return typeof window !== 'undefined' && typeof window.PublicKeyCredential === 'function' && typeof navigator.credentials?.get === 'function';
}
