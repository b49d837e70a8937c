import { assign, setup } from 'xstate';
import type { AccountClosure } from '../../contract/schemas/account-closure.ts';
// The shared child piece, not machines/step-up/index.ts, which also carries the dialog's machine.
import { STEP_UP_CHILD, stepUpGuards, stepUpRoute, steppingUp } from '../step-up-child.ts';
import { actorOutput, calling, childrenOf, errorCodeActions, failTo, formGuards, refusal, unprovided, type FailureCode } from '../form.ts';

export type AccountClosureInput = Record<string, never>;

export interface AccountClosureContext {
  /** When the account's personal data will be erased (ISO), once it is closing. */
  eraseAt: string | null;
  /** The code of the last refusal or failure. */
  errorCode: FailureCode | null;
}

export type AccountClosureEvent =
  | { type: 'closure.start' }
  | { type: 'dialog.confirm' }
  | { type: 'dialog.cancel' }
  | { type: 'closure.cancel' }
  | { type: 'retry' };

const actors = {
  ...STEP_UP_CHILD,
  loadClosure: unprovided<AccountClosure, void>('accountClosure', 'loadClosure'),
  closeAccount: unprovided<{ eraseAt: string }, void>('accountClosure', 'closeAccount'),
  cancelClosure: unprovided<void, void>('accountClosure', 'cancelClosure'),
};

/**
 * Closing one's account (issue 23; docs/decisions/account-closure.md): what goes and the 14 days,
 * a confirmation, the step-up dialog when the server asks for a fresh proof, the refusals, and the
 * erasure date once closed. An account already closing shows the erasure date and cancels instead.
 */
export const accountClosureMachine = setup({
  types: {
    context: {} as AccountClosureContext,
    events: {} as AccountClosureEvent,
    input: {} as AccountClosureInput,
    children: childrenOf(actors),
  },
  actors,
  guards: {
    ...formGuards,
    ...stepUpGuards,
    isClosing: ({ event }) => actorOutput<AccountClosure>(event, 'loadClosure').eraseAt !== null,
  },
  actions: {
    ...errorCodeActions<AccountClosureContext, AccountClosureEvent>(),
    assignStatus: assign({ eraseAt: ({ event }) => actorOutput<AccountClosure>(event, 'loadClosure').eraseAt }),
    assignClosed: assign({ eraseAt: ({ event }) => actorOutput<{ eraseAt: string }>(event, 'closeAccount').eraseAt }),
    forgetEraseAt: assign({ eraseAt: null }),
  },
}).createMachine({
  id: 'accountClosure',
  context: { eraseAt: null, errorCode: null },
  initial: 'loading',
  states: {
    /** Whether the account is already closing. */
    loading: calling('loadClosure', {
      onDone: [{ guard: 'isClosing', target: 'closing', actions: 'assignStatus' }, { target: 'open' }],
      onError: failTo('loadFailed'),
    }),
    /** The status was not reached: try again. */
    loadFailed: { tags: ['error'], on: { retry: { target: 'loading', actions: 'clearError' } } },
    /** What goes, the 14 days, and the button that asks to close. */
    open: { tags: ['ready'], on: { 'closure.start': 'confirming' } },
    /** The confirmation dialog: closing ends every session. */
    confirming: { tags: ['ready'], on: { 'dialog.confirm': 'submitting', 'dialog.cancel': 'open' } },
    /** The close call. */
    submitting: calling('closeAccount', {
      onDone: { target: 'closed', actions: 'assignClosed' },
      onError: [
        stepUpRoute('steppingUp'),
        refusal('refused', 'closureSchoolManaged', 'closureNotAllowed', 'closureLastFamilyAdmin', 'closureAlreadyRequested'),
        failTo('failed'),
      ],
    }),
    /** The step-up dialog over the page: a proof sends the close again, Cancel goes back. */
    steppingUp: steppingUp('submitting', 'open'),
    /** The server refuses this account (school-managed, not a member who may, the last family admin). */
    refused: { tags: ['error'] },
    /** Not closed or not reached: trying again asks again (closing twice is refused, not doubled). */
    failed: { tags: ['error'], on: { retry: { target: 'submitting', actions: 'clearError' } } },
    /** Closed and signed out: the erasure date, and that signing in before then can cancel. */
    closed: { tags: ['done'], type: 'final' },
    /** Closing: the erasure date and the Cancel closure button. */
    closing: { tags: ['ready'], on: { 'closure.cancel': 'cancelling' } },
    /** The cancel call. */
    cancelling: calling('cancelClosure', {
      onDone: { target: 'cancelled', actions: 'forgetEraseAt' },
      onError: failTo('cancelFailed'),
    }),
    /** The closure was not cancelled (not reached): try again. */
    cancelFailed: { tags: ['error'], on: { retry: { target: 'cancelling', actions: 'clearError' } } },
    /** Cancelled: the account stays. */
    cancelled: { tags: ['done'], type: 'final' },
  },
});
