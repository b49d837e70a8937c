import { assertEvent, assign, setup } from 'xstate';
import type { LoginInfo, ThirdPartyProvider } from '../../contract/schemas/third-party.ts';
import * as thirdParty from '../../contract/calls/third-party.ts';
import { actorOutput, callActors, calling, childrenOf, errorCodeActions, failTo, flowTypes, formGuards, hasCode, type FailureCode } from '../form.ts';

/**
 * /profile/login-info (SPEC §2 Login information): the linked third-party accounts by their
 * icons; link one (the page runs thirdPartySignIn with purpose `link` and says `link.done`), or
 * unlink one after a confirmation. A full member with associated old student accounts chooses
 * which account the Google sign-in opens (change → saving → saved or failed).
 */
export type LoginInfoInput = Record<string, never>;

export interface LoginInfoContext {
  info: LoginInfo | null;
  /** The provider the confirmation dialog asks about. */
  provider: ThirdPartyProvider | null;
  errorCode: FailureCode | null;
  /** The account being saved as the one the Google sign-in opens. */
  chosenUserId: string | null;
}

export type LoginInfoEvent =
  | { type: 'retry' }
  | { type: 'unlink.ask'; provider: ThirdPartyProvider }
  | { type: 'dialog.cancel' }
  | { type: 'dialog.confirm' }
  /** A link finished in the popup: read the links again. */
  | { type: 'link.done' }
  /** The account the Google sign-in opens, picked among `info.choices`. */
  | { type: 'choice.change'; userId: string };

const actors = callActors('loginInfo', { load: thirdParty.loginInfo, unlink: thirdParty.unlink, choose: thirdParty.chooseAccount });

export const loginInfoMachine = setup({
  types: { ...flowTypes<LoginInfoContext, LoginInfoEvent, LoginInfoInput>(), children: childrenOf(actors) },
  actors,
  guards: {
    ...formGuards,
    /** One of the offered accounts, other than the one opened now. */
    isNewChoice: ({ context, event }) => {
      assertEvent(event, 'choice.change');
      return event.userId !== context.info?.opensUserId && Boolean(context.info?.choices.some((choice) => choice.userId === event.userId));
    },
  },
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
    assignChoice: assign({
      chosenUserId: ({ event }) => {
        assertEvent(event, 'choice.change');
        return event.userId;
      },
      errorCode: null,
    }),
    assignChosen: assign({ info: ({ event }) => actorOutput<LoginInfo>(event, 'choose'), chosenUserId: null }),
    ...errorCodeActions<LoginInfoContext, LoginInfoEvent>(),
  },
}).createMachine({
  id: 'loginInfo',
  context: () => ({ info: null, provider: null, errorCode: null, chosenUserId: null }),
  initial: 'loading',
  states: {
    loading: calling('load', { onDone: { target: 'ready', actions: 'assignLoaded' }, onError: failTo('loadFailed') }),
    loadFailed: { tags: ['error'], on: { retry: { target: 'loading', actions: 'clearError' } } },
    ready: {
      tags: ['ready'],
      initial: 'idle',
      on: {
        'unlink.ask': { target: 'confirmUnlink', actions: 'assignProvider' },
        'link.done': { target: 'loading', actions: 'clearError' },
        'choice.change': { guard: 'isNewChoice', target: 'saving', actions: 'assignChoice' },
      },
      states: {
        idle: {},
        /** The identity was unlinked: said once, beside the list. */
        unlinked: {},
        /** It was the only way left to sign in (SPEC: refused with a message). */
        lastSignInMethod: { tags: ['error'] },
        failed: { tags: ['error'] },
        /** The account the Google sign-in opens was saved: said once, beside the choice. */
        saved: {},
      },
    },
    confirmUnlink: {
      tags: ['ready'],
      on: { 'dialog.cancel': 'ready.idle', 'dialog.confirm': 'unlinking' },
    },
    unlinking: calling('unlink', {
      input: ({ context }: { context: LoginInfoContext }) => ({ provider: context.provider ?? 'google' }),
      onDone: { target: 'ready.unlinked', actions: 'assignUnlinked' },
      onError: [
        { guard: hasCode('lastSignInMethod'), target: 'ready.lastSignInMethod', actions: 'assignErrorCode' },
        failTo('ready.failed'),
      ],
    }),
    saving: calling('choose', {
      input: ({ context }: { context: LoginInfoContext }) => ({ provider: 'google' as const, userId: context.chosenUserId ?? '' }),
      onDone: { target: 'ready.saved', actions: 'assignChosen' },
      onError: failTo('ready.failed'),
    }),
  },
});
