import { assertEvent, setup } from 'xstate';

/** `signedOut`: the session was ended from elsewhere (the server's `sessionSignedOut`), not by time. */
export type FatalReason = 'sessionExpired' | 'signedOut' | 'server';

export type FatalErrorInput = Record<string, never>;

export type FatalErrorEvent = { type: 'fatal.raise'; reason: FatalReason } | { type: 'fatal.dismiss' };

export const fatalErrorMachine = setup({
  types: {
    events: {} as FatalErrorEvent,
    input: {} as FatalErrorInput,
    tags: {} as 'error',
  },
  guards: {
    isSessionExpiredReason: ({ event }) => {
      assertEvent(event, 'fatal.raise');
      return event.reason === 'sessionExpired';
    },
    isSignedOutReason: ({ event }) => {
      assertEvent(event, 'fatal.raise');
      return event.reason === 'signedOut';
    },
  },
}).createMachine({
  id: 'fatalError',
  initial: 'closed',
  states: {
    closed: {
      on: {
        'fatal.raise': [{ guard: 'isSessionExpiredReason', target: 'sessionExpired' }, { guard: 'isSignedOutReason', target: 'signedOut' }, { target: 'serverError' }],
      },
    },
    /** Takes over from a server error: logging in again is the one thing that helps. */
    sessionExpired: {
      tags: ['error'],
      on: { 'fatal.dismiss': 'closed' },
    },
    /** Like `sessionExpired`, but someone signed this browser out (another browser, a password change). */
    signedOut: {
      tags: ['error'],
      on: { 'fatal.dismiss': 'closed' },
    },
    serverError: {
      tags: ['error'],
      on: {
        'fatal.raise': [
          { guard: 'isSessionExpiredReason', target: 'sessionExpired' },
          { guard: 'isSignedOutReason', target: 'signedOut' },
        ],
        'fatal.dismiss': 'closed',
      },
    },
  },
});
