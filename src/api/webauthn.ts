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

/** Resolves once the page is idle after its first paint, so the autofill's request and library come after it. */
export const pageIdle = fromPromise<void, void>(
  () =>
    new Promise<void>((resolve) => {
      if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(() => resolve(), { timeout: 3_000 });
      else window.setTimeout(resolve, 1_000);
    }),
);

/** Whether the browser offers passkeys in a field's suggestions (conditional mediation), without the library. */
export const autofillAvailable = fromPromise<boolean, void>(async () => {
  if (!browserSupportsPasskeys()) return false;
  const check = (window.PublicKeyCredential as { isConditionalMediationAvailable?: () => Promise<boolean> }).isConditionalMediationAvailable;
  return typeof check === 'function' ? await check.call(window.PublicKeyCredential).catch(() => false) : false;
});

/**
 * The conditional request (`mediation: 'conditional'` through `useBrowserAutofill`): it waits until
 * the user picks a passkey in the login field's suggestions. Stopping the actor (the user signs in
 * another way, or leaves) aborts it, so the button's own ceremony can start.
 */
export const getPasskeyAutofill = fromPromise<PasskeyAuthenticationResponse, PasskeyRequestOptions>(async ({ input, signal }) => {
  const { startAuthentication, WebAuthnAbortService } = await import('@simplewebauthn/browser');
  if (signal.aborted) throw new DOMException('Stopped before it started', 'AbortError');
  const answer = startAuthentication({ optionsJSON: input as unknown as RequestOptionsJSON, useBrowserAutofill: true });
  signal.addEventListener('abort', () => WebAuthnAbortService.cancelCeremony(), { once: true });
  return (await answer) as PasskeyAuthenticationResponse;
});
