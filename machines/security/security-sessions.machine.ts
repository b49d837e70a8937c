import { assertEvent, assign, setup } from 'xstate';
import type { SignedInSession, SignInHistoryEntry } from '../../contract/schemas/security.ts';
import * as security from '../../contract/calls/security.ts';
import { actorOutput, callActors, calling, childrenOf, errorCodeActions, failTo, flowTypes, formGuards, hasCode, unprovided, type FailureCode } from '../form.ts';

export type SecuritySessionsInput = Record<string, never>;

/** What the security page reads when it opens: the sessions signed in now and the sign-in history. */
export interface SecurityOverview {
  sessions: SignedInSession[];
  history: SignInHistoryEntry[];
}

export interface SecuritySessionsContext {
  /** The live sessions, the current one first (as the server answered, less those signed out here). */
  sessions: SignedInSession[];
  /** The last 90 days of sign-ins and attempts, newest first. */
  history: SignInHistoryEntry[];
  /** The public id of the session the user asked to sign out (while confirming and signing out). */
  target: string | null;
  /** The code of the last failure (shown in `failed` and `ready.signOutFailed`). */
  errorCode: FailureCode | null;
}

export type SecuritySessionsEvent =
  | { type: 'session.signOut'; sessionId: string }
  | { type: 'others.signOut' }
  | { type: 'dialog.confirm' }
  | { type: 'dialog.cancel' }
  | { type: 'retry' };

const actors = {
  ...callActors('securitySessions', { signOutSession: security.signOutSession, signOutOthers: security.signOutOthers }),
  loadSecurity: unprovided<SecurityOverview, void>('securitySessions', 'loadSecurity'),
};

export const securitySessionsMachine = setup({
  types: { ...flowTypes<SecuritySessionsContext, SecuritySessionsEvent, SecuritySessionsInput>(), children: childrenOf(actors) },
  actors,
  guards: { ...formGuards },
  actions: {
    assignOverview: assign(({ event }) => {
      const overview = actorOutput<SecurityOverview>(event, 'loadSecurity');
      return { sessions: overview.sessions, history: overview.history };
    }),
    assignTarget: assign({
      target: ({ event }) => {
        assertEvent(event, 'session.signOut');
        return event.sessionId;
      },
    }),
    clearTarget: assign({ target: null }),
    /** The session signed out (or found already gone) leaves the list. */
    dropTarget: assign({ sessions: ({ context }) => context.sessions.filter((session) => session.id !== context.target), target: null }),
    keepCurrentOnly: assign({ sessions: ({ context }) => context.sessions.filter((session) => session.current) }),
    ...errorCodeActions<SecuritySessionsContext, SecuritySessionsEvent>(),
  },
}).createMachine({
  id: 'securitySessions',
  context: { sessions: [], history: [], target: null, errorCode: null },
  initial: 'loading',
  states: {
    loading: calling('loadSecurity', { onDone: { target: 'ready', actions: 'assignOverview' }, onError: failTo('failed') }),
    /** The sessions and the history, with what the last sign-out did. */
    ready: {
      tags: ['ready'],
      initial: 'idle',
      states: {
        idle: {},
        signedOutOne: {},
        signedOutOthers: {},
        /** The sign-out was refused or got no answer; the list stays as it was (less a session found gone). */
        signOutFailed: {},
      },
      on: {
        'session.signOut': { target: 'confirmingOne', actions: ['assignTarget', 'clearError'] },
        'others.signOut': { target: 'confirmingOthers', actions: 'clearError' },
      },
    },
    /** Signing out ends that browser's session at once: the user confirms first. */
    confirmingOne: {
      tags: ['ready'],
      on: { 'dialog.confirm': 'signingOutOne', 'dialog.cancel': { target: 'ready.idle', actions: 'clearTarget' } },
    },
    confirmingOthers: {
      tags: ['ready'],
      on: { 'dialog.confirm': 'signingOutOthers', 'dialog.cancel': 'ready.idle' },
    },
    signingOutOne: calling('signOutSession', {
      input: ({ context }: { context: SecuritySessionsContext }) => ({ sessionId: context.target ?? '' }),
      onDone: { target: 'ready.signedOutOne', actions: 'dropTarget' },
      onError: [
        /** Ended already (elsewhere, or it lapsed): the list drops it and says so. */
        { guard: hasCode('sessionNotFound'), target: 'ready.signOutFailed', actions: ['assignErrorCode', 'dropTarget'] },
        { target: 'ready.signOutFailed', actions: ['assignErrorCode', 'clearTarget'] },
      ],
    }),
    signingOutOthers: calling('signOutOthers', {
      onDone: { target: 'ready.signedOutOthers', actions: 'keepCurrentOnly' },
      onError: failTo('ready.signOutFailed'),
    }),
    /** Nothing could be read: only reading again tells what is signed in. */
    failed: { tags: ['error'], on: { retry: { target: 'loading', actions: 'clearError' } } },
  },
});
