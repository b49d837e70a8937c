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
};

export const passkeySignInMachine = setup({
  types: { ...flowTypes<PasskeySignInContext, PasskeySignInEvent, PasskeySignInInput>(), output: {} as LoginAnswer, children: childrenOf(actors) },
  actors,
  actions: {
    ...errorCodeActions<PasskeySignInContext, PasskeySignInEvent>(),
    assignOptions: assign({ options: ({ event }) => actorOutput<PasskeyRequestOptions>(event, 'signInOptions') }),
    assignAnswer: assign({ answer: ({ event }) => actorOutput<PasskeyAuthenticationResponse>(event, 'getPasskey') }),
    assignUser: assign({ user: ({ event }) => actorOutput<{ user: User }>(event, 'signIn').user, answer: null }),
    forget: assign({ options: null, answer: null, ...NO_REFUSAL }),
  },
}).createMachine({
  id: 'passkeySignIn',
  context: { ...NO_REFUSAL, options: null, answer: null, user: null },
  output: ({ context }) => ({ status: 'signedIn', user: context.user as User }),
  initial: 'idle',
  states: {
    /** The button "Sign in with a passkey". */
    idle: {
      tags: ['ready'],
      initial: 'start',
      on: { 'passkey.start': { target: 'preparing', actions: 'forget' } },
      states: {
        start: {},
        /** The browser gave no passkey (cancelled, none for this site, or not supported). */
        notUsed: { tags: ['error'] },
        /** The server refused the passkey: the code says why. */
        failed: REFUSED,
      },
    },
    preparing: calling('signInOptions', { onDone: { target: 'choosing', actions: 'assignOptions' }, onError: failTo('idle.failed') }),
    ...passkeyAnswerStates('signIn', { target: 'done', actions: 'assignUser' } as const, 'idle.notUsed', 'idle.failed'),
    /** Signed in: the page goes on. */
    done: { type: 'final', tags: ['done'] },
  },
});
