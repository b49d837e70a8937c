import { assertEvent, assign, setup } from 'xstate';
import type { User } from '../../contract/schemas/account.ts';
import * as account from '../../contract/calls/account.ts';
import { actorError, actorOutput, callActors, calling, childrenOf, errorCodeActions, failTo, flowTypes, type FailureCode } from '../form.ts';
import { ApiError } from '../../contract/api-error.ts';

export type SessionInput = Record<string, never>;

export interface SessionContext {
  /** The signed-in user; null whenever the state is not `signedIn`. */
  user: User | null;
  /** Why `unavailable`, `signedIn.refreshFailed` or `signedIn.logoutFailed` was entered. */
  errorCode: FailureCode | null;
  /**
   * The session was ended from elsewhere (the server's 401 `sessionSignedOut`: another browser, a
   * password change or reset), not by time: the login page says "You have been signed out". Kept
   * once signed out, until the next sign-in or logout.
   */
  signedOutElsewhere: boolean;
}

export type SessionEvent =
  | { type: 'session.signedIn'; user: User }
  | { type: 'session.refresh' }
  | { type: 'session.logout' }
  | { type: 'session.expire'; signedOut?: boolean }
  | { type: 'expired.acknowledge' }
  | { type: 'retry' };

function initialContext(): SessionContext {
  return { user: null, errorCode: null, signedOutElsewhere: false };
}

const actors = callActors('session', { fetchMe: account.me, logout: account.logout });

/** Asks the server who is signed in: the user, else `unauthorized` (a 401), else `failed` with the code. */
function fetchingMe<const TDone extends string, const TUnauthorized extends object, const TFailed extends string>(done: TDone, unauthorized: TUnauthorized, failed: TFailed) {
  return calling('fetchMe', {
    onDone: { target: done, actions: 'assignFetchedUser' },
    onError: [{ guard: 'isUnauthorized', ...unauthorized }, failTo(failed)],
  });
}

export const sessionMachine = setup({
  types: { ...flowTypes<SessionContext, SessionEvent, SessionInput>(), children: childrenOf(actors) },
  actors,
  guards: {
    isUnauthorized: ({ event }) => {
      const error = actorError(event);
      return error instanceof ApiError && error.status === 401;
    },
  },
  actions: {
    assignFetchedUser: assign({ user: ({ event }) => actorOutput<User>(event, 'fetchMe'), errorCode: null, signedOutElsewhere: false }),
    assignSignedInUser: assign({
      user: ({ event }) => {
        assertEvent(event, 'session.signedIn');
        return event.user;
      },
      errorCode: null,
      signedOutElsewhere: false,
    }),
    /** Why the session ended: from a refused call (its code) or the app's `session.expire`. */
    noteEnding: assign({
      signedOutElsewhere: ({ event }) => {
        if (event.type === 'session.expire') return event.signedOut === true;
        const error = actorError(event);
        return error instanceof ApiError && error.code === 'sessionSignedOut';
      },
    }),
    clearUser: assign({ user: null, errorCode: null }),
    forgetEnding: assign({ signedOutElsewhere: false }),
    ...errorCodeActions<SessionContext, SessionEvent>(),
  },
}).createMachine({
  id: 'session',
  context: initialContext,
  initial: 'loading',
  states: {
    loading: fetchingMe('signedIn', { target: 'signedOut', actions: ['clearUser', 'noteEnding'] }, 'unavailable'),
    /** The server could not say who is signed in (offline, 5xx): nothing can be shown yet. */
    unavailable: {
      tags: ['error'],
      on: { retry: 'loading' },
    },
    signedOut: {
      tags: ['ready'],
      on: {
        'session.signedIn': { target: 'signedIn', actions: 'assignSignedInUser' },
        /** After an activation the server has set the cookie: ask who it is. */
        'session.refresh': 'loading',
      },
    },
    signedIn: {
      tags: ['ready'],
      initial: 'idle',
      on: {
        'session.signedIn': { target: '.idle', actions: 'assignSignedInUser' },
        'session.refresh': '.refreshing',
        'session.logout': 'loggingOut',
        'session.expire': { target: 'expired', actions: 'noteEnding' },
      },
      states: {
        idle: {},
        /** The user stays shown while their data is fetched again. */
        refreshing: fetchingMe('idle', { target: '#session.expired', actions: 'noteEnding' }, 'refreshFailed'),
        refreshFailed: { tags: ['error'] },
        /** The server did not confirm the logout, so the cookie may still be valid. */
        logoutFailed: { tags: ['error'] },
      },
    },
    loggingOut: calling('logout', {
      onDone: { target: 'signedOut', actions: ['clearUser', 'forgetEnding'] },
      onError: [
        { guard: 'isUnauthorized', target: 'signedOut', actions: ['clearUser', 'forgetEnding'] },
        failTo('signedIn.logoutFailed'),
      ],
    }),
    /** A 401 while signed in: the view shows the fatal "session expired" dialog. */
    expired: {
      tags: ['error'],
      on: { 'expired.acknowledge': { target: 'signedOut', actions: 'clearUser' } },
    },
  },
});
