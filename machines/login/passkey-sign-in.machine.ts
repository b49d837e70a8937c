import { assign, setup } from 'xstate';
import * as passkeys from '../../contract/calls/passkeys.ts';
import type { LoginAnswer, User } from '../../contract/schemas/account.ts';
import type { PasskeyAuthenticationResponse, PasskeyRequestOptions } from '../../contract/schemas/passkeys.ts';
import { actorOutput, callActors, calling, childrenOf, errorCodeActions, failTo, flowTypes, NO_REFUSAL, REFUSED, unprovided, type RefusalContext } from '../form.ts';
import { passkeyAnswerStates } from '../passkey-ceremony.ts';

/**
 * "Sign in with a passkey" on the login page (issue 23, docs/decisions/passkeys.md): options from
 * the server (bound to a pre-sign-in cookie), the browser's ceremony, then the server's check and
 * a session. It ends as the password login does (`LoginAnswer`, `signedIn`), so the page finishes
 * it through the same sign-in completion (`redirect` kept). A passkey with user verification is
 * both factors, so there is never a second step.
 *
 * Autofill (conditional mediation): while the button is at rest, region `autofill` waits for the
 * page to be idle after its first paint, asks whether the browser offers passkeys in the login
 * field's suggestions (`autocomplete="username webauthn"`), and if so starts a conditional request
 * with its own options. A passkey picked there goes on to `verifying`, as the button's does. Leaving
 * `idle` (the button, a password sign-in ending the page) stops the request: its actor aborts the
 * browser's ceremony.
 */
export type PasskeySignInInput = Record<string, never>;

export interface PasskeySignInContext extends RefusalContext {
  options: PasskeyRequestOptions | null;
  /** The browser's answer, until the server has judged it. */
  answer: PasskeyAuthenticationResponse | null;
  user: User | null;
}

export type PasskeySignInEvent = { type: 'passkey.start' };

const calls = callActors('passkeySignIn', { signInOptions: passkeys.signInOptions, signIn: passkeys.signIn });
const actors = {
  ...calls,
  /** The browser's ceremony (navigator.credentials.get), provided by the page (src/api/passkeys.ts). */
  getPasskey: unprovided<PasskeyAuthenticationResponse, PasskeyRequestOptions>('passkeySignIn', 'getPasskey'),
  /** The autofill's own options (the same call: a challenge of its own). */
  autofillOptions: calls.signInOptions,
  /** Resolves once the page is idle after its first paint (requestIdleCallback). */
  pageIdle: unprovided<void, void>('passkeySignIn', 'pageIdle'),
  /** PublicKeyCredential.isConditionalMediationAvailable(), false where there is none. */
  autofillAvailable: unprovided<boolean, void>('passkeySignIn', 'autofillAvailable'),
  /** The conditional request: the browser offers the passkeys in the login field's suggestions; aborted when stopped. */
  getPasskeyAutofill: unprovided<PasskeyAuthenticationResponse, PasskeyRequestOptions>('passkeySignIn', 'getPasskeyAutofill'),
};

export const passkeySignInMachine = setup({
  types: { ...flowTypes<PasskeySignInContext, PasskeySignInEvent, PasskeySignInInput>(), output: {} as LoginAnswer, children: childrenOf(actors) },
  actors,
  guards: {
    isAvailable: ({ event }) => (event as typeof event & { output: boolean }).output === true,
  },
  actions: {
    ...errorCodeActions<PasskeySignInContext, PasskeySignInEvent>(),
    assignOptions: assign({ options: ({ event }) => actorOutput<PasskeyRequestOptions>(event, 'signInOptions') }),
    assignAutofillOptions: assign({ options: ({ event }) => actorOutput<PasskeyRequestOptions>(event, 'autofillOptions') }),
    /** The browser's answer, from the button's ceremony or the login field's suggestions. */
    assignAnswer: assign({ answer: ({ event }) => (event as typeof event & { output: PasskeyAuthenticationResponse }).output }),
    assignUser: assign({ user: ({ event }) => actorOutput<{ user: User }>(event, 'signIn').user, answer: null }),
    forget: assign({ options: null, answer: null, ...NO_REFUSAL }),
  },
}).createMachine({
  id: 'passkeySignIn',
  context: { ...NO_REFUSAL, options: null, answer: null, user: null },
  output: ({ context }) => ({ status: 'signedIn', user: context.user as User }),
  initial: 'idle',
  states: {
    /** At rest: the button "Sign in with a passkey", and the login field's suggestions where the browser has them. */
    idle: {
      type: 'parallel',
      tags: ['ready'],
      on: { 'passkey.start': { target: 'preparing', actions: 'forget' } },
      states: {
        button: {
          initial: 'start',
          states: {
            start: {},
            /** The browser gave no passkey (cancelled, none for this site, or not supported). */
            notUsed: { tags: ['error'] },
            /** The server refused the passkey: the code says why. */
            failed: REFUSED,
          },
        },
        autofill: {
          initial: 'waiting',
          states: {
            /** Until the page is idle after its first paint: nothing of the browser library is fetched before. */
            waiting: { invoke: { id: 'pageIdle', src: 'pageIdle', onDone: 'checking' } },
            checking: { invoke: { id: 'autofillAvailable', src: 'autofillAvailable', onDone: [{ guard: 'isAvailable', target: 'preparing' }, { target: 'off' }] } },
            preparing: { invoke: { id: 'autofillOptions', src: 'autofillOptions', onDone: { target: 'listening', actions: 'assignAutofillOptions' }, onError: 'off' } },
            /** The login field offers the passkeys; one picked goes on as the button's does. */
            listening: {
              invoke: {
                id: 'getPasskeyAutofill',
                src: 'getPasskeyAutofill',
                input: ({ context }: { context: PasskeySignInContext }) => context.options as PasskeyRequestOptions,
                onDone: { target: '#passkeySignIn.verifying', actions: 'assignAnswer' },
                onError: 'off',
              },
            },
            /** Not offered: the browser has no such suggestions, or the request ended (timed out, failed). */
            off: {},
          },
        },
      },
    },
    preparing: calling('signInOptions', { onDone: { target: 'choosing', actions: 'assignOptions' }, onError: failTo('idle.button.failed') }),
    ...passkeyAnswerStates('signIn', { target: 'done', actions: 'assignUser' } as const, 'idle.button.notUsed', 'idle.button.failed'),
    /** Signed in: the page goes on. */
    done: { type: 'final', tags: ['done'] },
  },
});
