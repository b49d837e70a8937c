import { assertEvent, setup } from 'xstate';

export type FatalReason = 'sessionExpired' | 'server';

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
  },
}).createMachine({
  id: 'fatalError',
  initial: 'closed',
  states: {
    closed: {
      on: {
        'fatal.raise': [{ guard: 'isSessionExpiredReason', target: 'sessionExpired' }, { target: 'serverError' }],
      },
    },
    /** Takes over from a server error: logging in again is the one thing that helps. */
    sessionExpired: {
      tags: ['error'],
      on: { 'fatal.dismiss': 'closed' },
    },
    serverError: {
      tags: ['error'],
      on: {
        'fatal.raise': { guard: 'isSessionExpiredReason', target: 'sessionExpired' },
        'fatal.dismiss': 'closed',
      },
    },
  },
});
