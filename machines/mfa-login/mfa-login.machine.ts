import { assign, setup } from 'xstate';
import type { FieldIssue } from '../../contract/errors.ts';
import type { User } from '../../contract/schemas/account.ts';
import { MfaSetupRequestSchema, type MfaSetupRequest, type MfaStatus } from '../../contract/schemas/mfa-login.ts';
import { delayTo, resendRegion } from '../code-entry.ts';
import { actorOutput, failureCode, failureHoldUntil, FAILED_ROUTE, FIELD_ERRORS_ROUTE, formEditing, formPiece, hasCode, refusal, REFUSED, tooManyRequestsRoute, unprovided, validate, type FailureCode, type FlowTag } from '../form.ts';

/** How often the waiting tab asks whether the link was followed. */
export const MFA_POLL_MS = 3_000;

export interface MfaLoginInput {
  /** The clock, so that tests and stories see a fixed time; `Date.now` when left out. */
  now?: () => number;
  /** How often the waiting tab looks (MFA_POLL_MS when left out); models set it long and send the timer themselves. */
  pollMs?: number;
}

export interface MfaLoginValues {
  email: string;
}

export interface MfaLoginContext {
  now: () => number;
  pollMs: number;
  /** The two-factor address typed during setup. */
  values: MfaLoginValues;
  fieldErrors: FieldIssue[];
  errorCode: FailureCode | null;
  /** The server's last word on the pending sign-in: step, where the link went, time limit, resend time. */
  status: MfaStatus | null;
  /** The address this tab set up, in full (the server answers it masked): a typo shows on the waiting screen. */
  sentEmail: string | null;
  /** ISO time until which two-factor login is held (state `held`). */
  holdUntil: string | null;
  /** The signed-in user, once the sign-in completed. */
  user: User | null;
}

export type MfaLoginEvent =
  | { type: 'form.change'; field: keyof MfaLoginValues; value: string }
  | { type: 'form.submit' }
  | { type: 'link.resend' }
  | { type: 'verification.complete' }
  /** "Use another address": back to the address form while the link is awaited (first setup only). */
  | { type: 'email.change' }
  /** Leaves the address form for the waiting screen again, the link already sent still valid. */
  | { type: 'change.cancel' }
  | { type: 'retry' };

function initialContext({ input }: { input: MfaLoginInput }): MfaLoginContext {
  return { now: input.now ?? Date.now, pollMs: input.pollMs ?? MFA_POLL_MS, values: { email: '' }, fieldErrors: [], errorCode: null, status: null, sentEmail: null, holdUntil: null, user: null };
}

function setupInput({ context }: { context: MfaLoginContext }): MfaSetupRequest {
  return { email: context.values.email };
}

function userOutput({ context }: { context: MfaLoginContext }): User | null {
  return context.user;
}

const form = formPiece<MfaLoginContext, MfaLoginEvent>((context) => validate(MfaSetupRequestSchema, setupInput({ context })));

type StatusActor = 'fetchStatus' | 'poll' | 'setupEmail' | 'resendLink';

function statusOf(event: { type: string }): MfaStatus {
  const actor = event.type.slice('xstate.done.actor.'.length) as StatusActor;
  return actorOutput<MfaStatus>(event, actor);
}

/** The pending sign-in is over: its time limit passed (04), or it was completed elsewhere. */
const EXPIRED_ROUTE = { guard: hasCode('mfaExpired'), target: '#mfaLogin.expired' } as const;
const HELD_ROUTE = { guard: hasCode('held'), target: '#mfaLogin.held', actions: 'assignHoldUntil' } as const;

export const mfaLoginMachine = setup({
  types: {
    context: {} as MfaLoginContext,
    events: {} as MfaLoginEvent,
    input: {} as MfaLoginInput,
    output: {} as User | null,
    tags: {} as FlowTag,
    children: {} as { fetchStatus: 'fetchStatus'; poll: 'fetchStatus'; setupEmail: 'setupEmail'; resendLink: 'resendLink'; complete: 'complete' },
  },
  actors: {
    fetchStatus: unprovided<MfaStatus, void>('mfaLogin', 'fetchStatus'),
    setupEmail: unprovided<MfaStatus, MfaSetupRequest>('mfaLogin', 'setupEmail'),
    resendLink: unprovided<MfaStatus, void>('mfaLogin', 'resendLink'),
    complete: unprovided<{ user: User }, void>('mfaLogin', 'complete'),
  },
  delays: {
    /** The next look at whether the link was followed. */
    pollInterval: ({ context }) => context.pollMs,
    /** The server's `resendAt`: a new email may be asked for then (the code entry's resend wait). */
    resendAfter: delayTo<MfaLoginContext>((context) => context.status?.resendAt),
    /** The server's `expiresAt`: the pending sign-in is over then (log in again). */
    challengeExpiry: delayTo<MfaLoginContext>((context) => context.status?.expiresAt),
  },
  guards: {
    ...form.guards,
    isSetup: ({ event }) => statusOf(event).step === 'setup',
    isConfirmed: ({ event }) => statusOf(event).step === 'confirmed',
    /** The address is not yet the account's, so another may be given (`MfaStatus.changeable`). */
    isChangeable: ({ context }) => context.status?.changeable === true,
    /** A link was sent already: the address form may be left for the waiting screen. */
    isLinkSent: ({ context }) => context.status?.step === 'waiting',
  },
  actions: {
    ...form.actions,
    assignStatus: assign({ status: ({ event }) => statusOf(event) }),
    assignSentEmail: assign({ sentEmail: ({ context }) => context.values.email }),
    assignUser: assign({ user: ({ event }) => actorOutput<{ user: User }>(event, 'complete').user }),
    assignHoldUntil: assign({ holdUntil: ({ event }) => failureHoldUntil(event) }),
    assignFailure: assign({ errorCode: ({ event }) => failureCode(event) }),
  },
}).createMachine({
  id: 'mfaLogin',
  context: initialContext,
  output: userOutput,
  initial: 'loading',
  states: {
    /** Reads the pending sign-in the cookie names (set by the password step). */
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'fetchStatus',
        src: 'fetchStatus',
        onDone: [
          { guard: 'isSetup', target: 'editing', actions: 'assignStatus' },
          { guard: 'isConfirmed', target: 'completing', actions: 'assignStatus' },
          { target: 'waiting', actions: 'assignStatus' },
        ],
        onError: [EXPIRED_ROUTE, HELD_ROUTE, { target: 'loadFailed', actions: 'assignFailure' }],
      },
    },
    /** No answer (network, server): generic, reload or try again. */
    loadFailed: { tags: ['error'], on: { retry: 'loading' } },
    /** First time: the two-factor email to set up, refused with the SPEC §8 Two-factor messages. */
    editing: {
      ...formEditing({
        submitTo: 'sending',
        states: {
          /** Too many requests from this network or for this email (decisions/holds.md): try again after `holdUntil`. */
          tooManyRequests: REFUSED,
          notAcceptable: REFUSED,
          inUse: REFUSED,
          pendingActivation: REFUSED,
          teacherVerified: REFUSED,
          notUsable: REFUSED,
          /** The account's own login email (issue 26): a reset and the second factor would reach one inbox. */
          ownLoginEmail: REFUSED,
        },
        on: { 'change.cancel': { guard: 'isLinkSent', target: '#mfaLogin.waiting', actions: 'clearErrors' } },
      }),
      after: { challengeExpiry: '#mfaLogin.expired' },
    },
    sending: {
      tags: ['busy'],
      invoke: {
        id: 'setupEmail',
        src: 'setupEmail',
        input: setupInput,
        onDone: { target: 'waiting', actions: ['assignStatus', 'assignSentEmail'] },
        onError: [
          EXPIRED_ROUTE,
          HELD_ROUTE,
          tooManyRequestsRoute(),
          refusal('editing.notAcceptable', 'mfaEmailNotAcceptable'),
          refusal('editing.inUse', 'mfaEmailInUse'),
          refusal('editing.pendingActivation', 'mfaEmailPending'),
          refusal('editing.teacherVerified', 'mfaEmailTeacherVerified'),
          refusal('editing.notUsable', 'mfaEmailNotUsable'),
          refusal('editing.ownLoginEmail', 'mfaEmailIsLoginEmail'),
          FIELD_ERRORS_ROUTE,
          FAILED_ROUTE,
        ],
      },
    },
    /**
     * The link is on its way: the tab looks every few seconds and completes by itself once it was
     * followed; 'Completed verification' completes too, and a new email can be asked for after
     * the resend wait.
     */
    waiting: {
      type: 'parallel',
      after: { challengeExpiry: '#mfaLogin.expired' },
      /** A mistyped first address: type another (the earlier link stops when the new one is sent). */
      on: { 'email.change': { guard: 'isChangeable', target: 'editing', actions: 'clearErrors' } },
      states: {
        poll: {
          initial: 'idle',
          states: {
            idle: { after: { pollInterval: 'checking' } },
            checking: {
              invoke: {
                id: 'poll',
                src: 'fetchStatus',
                onDone: [{ guard: 'isConfirmed', target: '#mfaLogin.completing', actions: 'assignStatus' }, { target: 'idle', actions: 'assignStatus' }],
                /** A lost poll is tried again at the next interval; only the end of the sign-in stops it. */
                onError: [EXPIRED_ROUTE, HELD_ROUTE, { target: 'idle' }],
              },
            },
          },
        },
        /** The code entry's resend wait (machines/code-entry.ts), for the link. */
        resend: resendRegion('#mfaLogin.resending', 'link.resend'),
        /** What the last action said; 'Completed verification' leaves for `completing` (below). */
        notice: {
          initial: 'none',
          states: {
            none: { tags: ['ready'], on: { 'verification.complete': '#mfaLogin.completing' } },
            /** Pressed before the link was followed: SPEC's "two-factor step not done", not yet; the tab keeps waiting (not counted). */
            notCompleted: { tags: ['error'], on: { 'verification.complete': '#mfaLogin.completing' } },
            resent: { tags: ['ready'], on: { 'verification.complete': '#mfaLogin.completing' } },
            failed: { tags: ['error'], on: { 'verification.complete': '#mfaLogin.completing' } },
          },
        },
      },
    },
    resending: {
      tags: ['busy'],
      invoke: {
        id: 'resendLink',
        src: 'resendLink',
        onDone: { target: 'waiting.notice.resent', actions: 'assignStatus' },
        onError: [EXPIRED_ROUTE, HELD_ROUTE, { target: 'waiting.notice.failed', actions: 'assignFailure' }],
      },
    },
    completing: {
      tags: ['busy'],
      invoke: {
        id: 'complete',
        src: 'complete',
        onDone: { target: 'done', actions: 'assignUser' },
        onError: [
          EXPIRED_ROUTE,
          /** Two-factor login held (too many addresses tried within 24 hours). */
          HELD_ROUTE,
          { guard: hasCode('mfaNotCompleted'), target: 'waiting.notice.notCompleted', actions: 'assignFailure' },
          { target: 'waiting.notice.failed', actions: 'assignFailure' },
        ],
      },
    },
    /** Past the time limit (04), or no pending sign-in: log in again. */
    expired: { type: 'final', tags: ['error'] },
    /** Two-factor login is held until `holdUntil`. */
    held: { type: 'final', tags: ['error'] },
    done: { type: 'final', tags: ['done'] },
  },
});
