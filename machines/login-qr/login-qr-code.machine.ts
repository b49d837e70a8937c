import { assign, setup } from 'xstate';
import type { LoginQrCodeState } from '../../contract/schemas/login-qr.ts';
import * as loginQr from '../../contract/calls/login-qr.ts';
import { actorOutput, callActors, childrenOf, errorCodeActions, failTo, flowTypes, formGuards, hasCode, type FailureCode } from '../form.ts';

export type LoginQrCodeInput = Record<string, never>;

export interface LoginQrCodeContext {
  /** The code as the server last answered it (its status decides the state, its dates are shown). */
  code: LoginQrCodeState | null;
  /** The code of a failure with no state of its own (shown in `failed`). */
  errorCode: FailureCode | null;
}

export type LoginQrCodeEvent =
  | { type: 'code.refresh' }
  | { type: 'code.lose' }
  | { type: 'dialog.confirm' }
  | { type: 'dialog.cancel' }
  | { type: 'retry' };

type CodeActor = 'readCode' | 'refreshCode' | 'loseCode';

/** Where an answer leads: the code's status is the state (guards `isActive`, `isExpired`, `isLost`; else `none`). */
function answered(onActive: string) {
  return [
    { guard: 'isActive', target: onActive, actions: 'assignCode' },
    { guard: 'isExpired', target: 'expired', actions: 'assignCode' },
    { guard: 'isLost', target: 'lost', actions: 'assignCode' },
    { target: 'none', actions: 'assignCode' },
  ] as const;
}

/** Without the permission the page says why; any other failure offers to read the code again. */
const FAILED = [
  { guard: hasCode('forbidden'), target: 'forbidden' },
  failTo('failed'),
] as const;

function statusOf(event: { type: string }): LoginQrCodeState['status'] | null {
  if (!event.type.startsWith('xstate.done.actor.')) return null;
  return ((event as unknown as { output?: LoginQrCodeState }).output?.status ?? null) as LoginQrCodeState['status'] | null;
}

const actors = callActors('loginQrCode', { readCode: loginQr.read, refreshCode: loginQr.refresh, loseCode: loginQr.lose });

export const loginQrCodeMachine = setup({
  types: { ...flowTypes<LoginQrCodeContext, LoginQrCodeEvent, LoginQrCodeInput>(), children: childrenOf(actors) },
  actors,
  guards: {
    ...formGuards,
    isActive: ({ event }) => statusOf(event) === 'active',
    isExpired: ({ event }) => statusOf(event) === 'expired',
    isLost: ({ event }) => statusOf(event) === 'lost',
  },
  actions: {
    assignCode: assign({
      code: ({ event }) => {
        const id = event.type.replace('xstate.done.actor.', '') as CodeActor;
        return actorOutput<LoginQrCodeState>(event, id);
      },
    }),
    ...errorCodeActions<LoginQrCodeContext, LoginQrCodeEvent>(),
  },
}).createMachine({
  id: 'loginQrCode',
  context: { code: null, errorCode: null },
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      invoke: { id: 'readCode', src: 'readCode', onDone: answered('showing'), onError: FAILED },
    },
    /** The current code, drawn; it can be downloaded and printed from here. */
    showing: {
      tags: ['ready'],
      initial: 'current',
      states: {
        current: {},
        /** Just made in place of a working code: the page says the previous code no longer works. */
        refreshed: {},
        /** Just made where there was none working (never made, lost, expired): nothing stopped working. */
        made: {},
      },
      on: {
        'code.refresh': 'confirmingRefresh',
        'code.lose': 'confirmingLose',
      },
    },
    /** A new code kills the printed card at once: the user confirms first. */
    confirmingRefresh: {
      tags: ['ready'],
      on: { 'dialog.confirm': 'refreshing', 'dialog.cancel': 'showing.current' },
    },
    confirmingLose: {
      tags: ['ready'],
      on: { 'dialog.confirm': 'losing', 'dialog.cancel': 'showing.current' },
    },
    refreshing: {
      tags: ['busy'],
      invoke: { id: 'refreshCode', src: 'refreshCode', onDone: answered('showing.refreshed'), onError: FAILED },
    },
    /** The first code, or one after a lost or expired one: it replaces nothing that works. */
    making: {
      tags: ['busy'],
      invoke: { id: 'refreshCode', src: 'refreshCode', onDone: answered('showing.made'), onError: FAILED },
    },
    losing: {
      tags: ['busy'],
      invoke: { id: 'loseCode', src: 'loseCode', onDone: answered('showing'), onError: FAILED },
    },
    /** No working code; nothing to kill, so a new one needs no confirmation. */
    lost: { tags: ['ready'], on: { 'code.refresh': 'making' } },
    expired: { tags: ['ready'], on: { 'code.refresh': 'making' } },
    none: { tags: ['ready'], on: { 'code.refresh': 'making' } },
    /** The account has no login QR code permission (not a student, or the school does not allow QR login). */
    forbidden: { type: 'final', tags: ['error'] },
    /** No answer or a server fault: what the code is now is only known by reading it again. */
    failed: { tags: ['error'], on: { retry: { target: 'loading', actions: 'clearError' } } },
  },
});
