import { assertEvent, assign, setup } from 'xstate';
import type { LoginInfo, ThirdPartyProvider, UnlinkRequest } from '../../contract/schemas/sso.ts';
import { actorOutput, failureCode, formGuards, hasCode, unprovided, type FailureCode, type FlowTag } from '../form.ts';

/**
 * /profile/login-info (SPEC §2 Login information): the linked third-party accounts by their
 * icons; link one (the page runs thirdPartySignIn with purpose `link` and says `link.done`), or
 * unlink one after a confirmation.
 */
export type LoginInfoInput = Record<string, never>;

export interface LoginInfoContext {
  info: LoginInfo | null;
  /** The provider the confirmation dialog asks about. */
  provider: ThirdPartyProvider | null;
  errorCode: FailureCode | null;
}

export type LoginInfoEvent =
  | { type: 'retry' }
  | { type: 'unlink.ask'; provider: ThirdPartyProvider }
  | { type: 'dialog.cancel' }
  | { type: 'dialog.confirm' }
  /** A link finished in the popup: read the links again. */
  | { type: 'link.done' };

export const loginInfoMachine = setup({
  types: {
    context: {} as LoginInfoContext,
    events: {} as LoginInfoEvent,
    input: {} as LoginInfoInput,
    tags: {} as FlowTag,
    children: {} as { load: 'load'; unlink: 'unlink' },
  },
  actors: {
    load: unprovided<LoginInfo, void>('loginInfo', 'load'),
    unlink: unprovided<LoginInfo, UnlinkRequest>('loginInfo', 'unlink'),
  },
  guards: { ...formGuards },
  actions: {
    assignLoaded: assign({ info: ({ event }) => actorOutput<LoginInfo>(event, 'load') }),
    assignUnlinked: assign({ info: ({ event }) => actorOutput<LoginInfo>(event, 'unlink'), provider: null }),
    assignProvider: assign({
      provider: ({ event }) => {
        assertEvent(event, 'unlink.ask');
        return event.provider;
      },
      errorCode: null,
    }),
    assignErrorCode: assign({ errorCode: ({ event }) => failureCode(event) }),
    clearError: assign({ errorCode: null }),
  },
}).createMachine({
  id: 'loginInfo',
  context: () => ({ info: null, provider: null, errorCode: null }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'load',
        src: 'load',
        onDone: { target: 'ready', actions: 'assignLoaded' },
        onError: { target: 'loadFailed', actions: 'assignErrorCode' },
      },
    },
    loadFailed: { tags: ['error'], on: { retry: { target: 'loading', actions: 'clearError' } } },
    ready: {
      tags: ['ready'],
      initial: 'idle',
      on: {
        'unlink.ask': { target: 'confirmUnlink', actions: 'assignProvider' },
        'link.done': { target: 'loading', actions: 'clearError' },
      },
      states: {
        idle: {},
        /** The identity was unlinked: said once, beside the list. */
        unlinked: {},
        /** It was the only way left to sign in (SPEC: refused with a message). */
        lastSignInMethod: { tags: ['error'] },
        failed: { tags: ['error'] },
      },
    },
    confirmUnlink: {
      tags: ['ready'],
      on: { 'dialog.cancel': 'ready.idle', 'dialog.confirm': 'unlinking' },
    },
    unlinking: {
      tags: ['busy'],
      invoke: {
        id: 'unlink',
        src: 'unlink',
        input: ({ context }) => ({ provider: context.provider ?? 'google' }),
        onDone: { target: 'ready.unlinked', actions: 'assignUnlinked' },
        onError: [
          { guard: hasCode('lastSignInMethod'), target: 'ready.lastSignInMethod', actions: 'assignErrorCode' },
          { target: 'ready.failed', actions: 'assignErrorCode' },
        ],
      },
    },
  },
});
