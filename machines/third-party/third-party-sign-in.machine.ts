import { assertEvent, assign, setup } from 'xstate';
import type { SsoOutcome, SsoPurpose, SsoStartResult } from '../../contract/schemas/third-party.ts';
import * as thirdParty from '../../contract/calls/third-party.ts';
import { actorOutput, callActors, calling, childrenOf, errorCodeActions, failTo, flowTypes, type FailureCode } from '../form.ts';

/**
 * Sign in with Google (or link it), SPEC §2 `/users/sso/google`, `/third-party-oauth-callback`.
 * The same chart runs in the opening page (popup opened or blocked, waiting for the outcome) and
 * in the callback page (finishing the flow; in a popup it tells the opener, then closes itself
 * after `closeDelay`). docs/decisions/third-party.md records the popup protocol.
 */
export interface ThirdPartySignInInput {
  /** Sign in, or link to the signed-in account (/profile/login-info). */
  purpose?: SsoPurpose;
}

export interface ThirdPartySignInContext {
  purpose: SsoPurpose;
  /** Where the popup (or this page, when popups are blocked) goes: the provider's sign-in. */
  authorizationUrl: string | null;
  /** Whether the flow runs in a popup (the opener waits) or in this window (full-page redirect). */
  inPopup: boolean;
  /** The outcome of the callback, once known. */
  outcome: SsoOutcome | null;
  errorCode: FailureCode | null;
}

export type ThirdPartySignInEvent =
  /** The view opened the popup in the click's own task (browsers block it later). */
  | { type: 'popup.opened' }
  | { type: 'popup.blocked' }
  | { type: 'popup.cancel' }
  /** Blocked popup: the same flow in this window. */
  | { type: 'redirect.continue' }
  /** The callback page's query from the provider. */
  | { type: 'callback.arrived'; search: string }
  /** The opener heard from the popup's callback page. */
  | { type: 'outcome.received'; outcome: SsoOutcome }
  | { type: 'outcome.failed'; code: FailureCode }
  /** The callback page in a popup has told the opener: count down, then close. */
  | { type: 'window.close' };

const actors = callActors('thirdPartySignIn', { start: thirdParty.start, finish: thirdParty.callback });

export const thirdPartySignInMachine = setup({
  types: { ...flowTypes<ThirdPartySignInContext, ThirdPartySignInEvent, ThirdPartySignInInput>(), children: childrenOf(actors) },
  actors,
  delays: {
    /** The callback window closes itself after this (SPEC §2: the seconds are not shown). */
    closeDelay: 3_000,
  },
  guards: {
    inPopup: ({ context }) => context.inPopup,
    isSignedIn: ({ event }) => outcomeOf(event).outcome === 'signedIn',
    isSecondFactor: ({ event }) => outcomeOf(event).outcome === 'secondFactor',
    isLinkNeeded: ({ event }) => outcomeOf(event).outcome === 'linkNeeded',
  },
  actions: {
    usePopup: assign({ inPopup: true, errorCode: null }),
    useThisWindow: assign({ inPopup: false, errorCode: null }),
    assignUrl: assign({ authorizationUrl: ({ event }) => actorOutput<SsoStartResult>(event, 'start').authorizationUrl }),
    assignOutcome: assign({ outcome: ({ event }) => outcomeOf(event) }),
    ...errorCodeActions<ThirdPartySignInContext, ThirdPartySignInEvent>(),
    assignReceivedCode: assign({
      errorCode: ({ event }) => {
        assertEvent(event, 'outcome.failed');
        return event.code;
      },
    }),
  },
}).createMachine({
  id: 'thirdPartySignIn',
  context: ({ input }) => ({ purpose: input.purpose ?? 'signIn', authorizationUrl: null, inPopup: false, outcome: null, errorCode: null }),
  initial: 'idle',
  states: {
    idle: {
      tags: ['ready'],
      on: {
        'popup.opened': { target: 'starting', actions: 'usePopup' },
        'popup.blocked': 'blocked',
        /** `/users/sso/google` opened directly: the flow in this window. */
        'redirect.continue': { target: 'starting', actions: 'useThisWindow' },
        'callback.arrived': 'finishing',
      },
    },
    /** The browser refused the popup: offer the same flow in this window. */
    blocked: {
      tags: ['ready'],
      on: { 'redirect.continue': { target: 'starting', actions: 'useThisWindow' }, 'popup.opened': { target: 'starting', actions: 'usePopup' } },
    },
    starting: calling('start', {
      input: ({ context }: { context: ThirdPartySignInContext }) => ({ purpose: context.purpose, popup: context.inPopup }),
      onDone: [
        { guard: 'inPopup', target: 'waiting', actions: 'assignUrl' },
        { target: 'redirecting', actions: 'assignUrl' },
      ],
      onError: failTo('failed'),
    }),
    /** This window goes to the provider (the page sets its location). */
    redirecting: { type: 'final', tags: ['busy'] },
    /** The popup is at the provider; its callback page will tell this page the outcome. */
    waiting: {
      tags: ['busy'],
      on: {
        'outcome.received': [
          { guard: 'isSignedIn', target: 'signedIn', actions: 'assignOutcome' },
          { guard: 'isSecondFactor', target: 'secondFactor', actions: 'assignOutcome' },
          { guard: 'isLinkNeeded', target: 'linkNeeded', actions: 'assignOutcome' },
          { target: 'linked', actions: 'assignOutcome' },
        ],
        'outcome.failed': { target: 'failed', actions: 'assignReceivedCode' },
        'popup.cancel': 'idle',
      },
    },
    /** The callback page finishes the flow with the provider's answer. */
    finishing: calling('finish', {
      input: ({ event }: { event: ThirdPartySignInEvent }) => {
        assertEvent(event, 'callback.arrived');
        return { search: event.search };
      },
      onDone: [
        { guard: 'isSignedIn', target: 'signedIn', actions: 'assignOutcome' },
        { guard: 'isSecondFactor', target: 'secondFactor', actions: 'assignOutcome' },
        { guard: 'isLinkNeeded', target: 'linkNeeded', actions: 'assignOutcome' },
        { target: 'linked', actions: 'assignOutcome' },
      ],
      onError: failTo('failed'),
    }),
    signedIn: { tags: ['done'], on: { 'window.close': 'closing' } },
    /** A school administrator: the second factor comes next (/mfa-login). */
    secondFactor: { tags: ['done'], on: { 'window.close': 'closing' } },
    /** The identity opens no account yet: /third-party-link attaches it to one. */
    linkNeeded: { tags: ['done'], on: { 'window.close': 'closing' } },
    linked: { tags: ['done'], on: { 'window.close': 'closing' } },
    failed: {
      tags: ['error'],
      on: { 'popup.opened': { target: 'starting', actions: 'usePopup' }, 'popup.blocked': 'blocked', 'window.close': 'closing' },
    },
    /** The popup's callback page: the opener knows; the window closes itself. */
    closing: { after: { closeDelay: 'closed' } },
    /** window.close() was called; shown only if the browser kept the window open. */
    closed: { type: 'final' },
  },
});

function outcomeOf(event: { type: string }): SsoOutcome {
  if (event.type === 'outcome.received') return (event as unknown as { outcome: SsoOutcome }).outcome;
  return actorOutput<SsoOutcome>(event, 'finish');
}
