import { and, assign, setup } from 'xstate';
import type { ErrorCode, FieldIssue } from '../../contract/errors.ts';
import type { Language } from '../../contract/languages.ts';
import {
  FAMILY_JOIN_LINK_PARAMS,
  JoinFamilyRequestSchema,
  type FamilyJoinLink,
  type FamilyOwnRequest,
  type FamilyRole,
  type HandleRequest,
  type JoinFamilyRequest,
} from '../../contract/schemas/family.ts';
import * as family from '../../contract/calls/family.ts';
import { actorOutput, answerIgnored, callActors, calling, childrenOf, FAILED_ROUTE, failTo, failureHoldUntil, FIELD_ERRORS_ROUTE, flowTypes, formEditing, hasCode, RECAPTCHA_FAILED_ROUTE, recaptchaFormPiece, refusal, REFUSED, spendingRecaptcha, unprovided, validate, type FailureCode, type RecaptchaEvent } from '../form.ts';
import { ACCOUNT_REFUSAL_ROUTES, ACCOUNT_REFUSED_STATES, FAMILY_FORM_ON, familyDraft, familyRequest } from './family-form.ts';
import { delayUntil } from '../time.ts';

export interface FamilyJoinInput {
  /** The language of the notification emails the request causes. */
  lang: Language;
  /** The values of the join link the page was opened with, if any: they prefill the form. */
  link: Partial<FamilyJoinLink> | null;
  /** The clock, so that tests and stories see a fixed time; `Date.now` when left out. */
  now?: () => number;
  /** What the user typed before going back from the form: shown again instead of the link's values (issue 13). */
  values?: FamilyJoinValues | null;
  /** The nickname a new form starts with: the account's display name (issue 13). */
  nickname?: string;
  /** A join link opened while a request is under way: the pending screen says it cannot be used. */
  unusedLink?: Partial<FamilyJoinLink> | null;
}

export interface FamilyJoinValues {
  adminEmail: string;
  familyRef: string;
  code: string;
  nickname: string;
  /** Empty until a role is chosen. */
  role: FamilyRole | '';
}

export interface FamilyJoinContext {
  lang: Language;
  now: () => number;
  values: FamilyJoinValues;
  /** The join link's values; while the form still holds them, a refused code means a bad link. */
  link: Partial<FamilyJoinLink> | null;
  /** The reCAPTCHA token; empty until solved, and again once spent or expired. */
  recaptcha: string;
  /** Counts spent tokens thrown away: the view resets the widget when it changes. */
  recaptchaRound: number;
  fieldErrors: FieldIssue[];
  errorCode: FailureCode | null;
  /** ISO time until which join requests are refused (state `held`). */
  holdUntil: string | null;
  /** The user's own request as last read; its ids are what withdraw and acknowledge send. */
  ownRequest: FamilyOwnRequest | null;
  /** A join link that could not be used because a request was already under way. */
  unusedLink: Partial<FamilyJoinLink> | null;
}

export type FamilyJoinEvent =
  | { type: 'form.change'; field: 'adminEmail' | 'familyRef' | 'code' | 'nickname'; value: string }
  | { type: 'form.change'; field: 'role'; value: FamilyRole | '' }
  | RecaptchaEvent
  | { type: 'form.submit' }
  | { type: 'form.cancel' }
  | { type: 'retry' }
  | { type: 'request.refresh' }
  | { type: 'request.withdraw' }
  | { type: 'notice.acknowledge' }
  | { type: 'dialog.confirm' }
  | { type: 'dialog.cancel' };

/** Cancelled with what was typed, so that going back does not lose it. */
export type FamilyJoinOutput = { outcome: 'accepted' } | { outcome: 'cancelled'; values?: FamilyJoinValues };

/** What `fetchOwnRequest` is given (`GET /family/request?lang=`); it answers the `ownRequest` part. */
export interface OwnRequestQuery {
  lang: Language;
}

/** Largest delay a timer can hold (about 24.8 days); holds end within a day. */
/** Codes about the family, the admin or the code: when the link's values were sent untouched, the link is what is wrong. */
const LINK_CODES = ['familyCodeExpired', 'familyCodeMismatch', 'familyNotFound', 'familyAdminEmailNotFound'] as const satisfies readonly ErrorCode[];

function initialContext({ input }: { input: FamilyJoinInput }): FamilyJoinContext {
  const link = input.link;
  return {
    lang: input.lang,
    now: input.now ?? Date.now,
    values: input.values ?? {
      adminEmail: link?.adminEmail ?? '',
      familyRef: link?.familyRef ?? '',
      code: link?.code ?? '',
      nickname: input.nickname ?? '',
      role: '',
    },
    link,
    recaptcha: '',
    recaptchaRound: 0,
    fieldErrors: [],
    errorCode: null,
    holdUntil: null,
    ownRequest: null,
    unusedLink: input.unusedLink ?? null,
  };
}

function joinInput({ context }: { context: FamilyJoinContext }): JoinFamilyRequest {
  return familyRequest('familyJoin', context);
}

function ownRequestQuery({ context }: { context: FamilyJoinContext }): OwnRequestQuery {
  return { lang: context.lang };
}

function ownRequestOf(context: FamilyJoinContext): FamilyOwnRequest {
  if (!context.ownRequest) throw new Error('familyJoin: no request to handle');
  return context.ownRequest;
}

function withdrawInput({ context }: { context: FamilyJoinContext }): HandleRequest {
  const { familyId, memberId } = ownRequestOf(context);
  return { familyId, memberId, actions: 'WITHDRAW', lang: context.lang };
}

function acknowledgeInput({ context }: { context: FamilyJoinContext }): HandleRequest {
  const { familyId, memberId } = ownRequestOf(context);
  return { familyId, memberId, actions: 'ACKNOWLEDGE', lang: context.lang };
}

function joinOutput({ context }: { context: FamilyJoinContext }): FamilyJoinOutput {
  return context.ownRequest?.status === 'active' ? { outcome: 'accepted' } : { outcome: 'cancelled', values: context.values };
}

function isUntouchedLink(context: FamilyJoinContext): boolean {
  const link = context.link;
  return link !== null && FAMILY_JOIN_LINK_PARAMS.every((param) => link[param] !== undefined && link[param] === context.values[param]);
}

function readOwnRequest(event: { type: string }): FamilyOwnRequest | null {
  return actorOutput<FamilyOwnRequest | null>(event, 'fetchOwnRequest');
}

function ownStatusIs(status: FamilyOwnRequest['status']) {
  return ({ event }: { event: { type: string } }) => readOwnRequest(event)?.status === status;
}

/** Where a read of the own request leads, from the first load and from every refresh. */
const ownRequestRoutes = [
  { guard: 'hasNoRequest', target: '#familyJoin.editing', actions: 'assignOwnRequest' },
  { guard: 'isRequestPending', target: '#familyJoin.pending.waiting', actions: 'assignOwnRequest' },
  { guard: 'isRequestDeclined', target: '#familyJoin.pending.declined', actions: 'assignOwnRequest' },
  { guard: 'isRequestKicked', target: '#familyJoin.pending.kicked', actions: 'assignOwnRequest' },
  { guard: 'isRequestDismissed', target: '#familyJoin.pending.dismissed', actions: 'assignOwnRequest' },
  /** Accepted: the user is a member now, and the home shows the family. */
  { target: '#familyJoin.accepted', actions: 'assignOwnRequest' },
] as const;

const form = recaptchaFormPiece<FamilyJoinContext, FamilyJoinEvent>((context) => validate(JoinFamilyRequestSchema, familyDraft(context)));

/** Reads the own request (first load and every refresh); a failure goes to `failedTarget`. */
function readingOwnRequest<const TFailed extends string>(failedTarget: TFailed) {
  return {
    tags: ['busy'],
    invoke: {
      id: 'fetchOwnRequest',
      src: 'fetchOwnRequest',
      input: ownRequestQuery,
      onDone: [...ownRequestRoutes],
      onError: { target: failedTarget, actions: 'assignErrorCode' },
    },
  } as const;
}

const actors = {
  ...callActors('familyJoin', { joinFamily: answerIgnored(family.join), handleRequest: answerIgnored(family.handleRequest) }),
  fetchOwnRequest: unprovided<FamilyOwnRequest | null, OwnRequestQuery>('familyJoin', 'fetchOwnRequest'),
};

export const familyJoinMachine = setup({
  types: { ...flowTypes<FamilyJoinContext, FamilyJoinEvent, FamilyJoinInput>(), output: {} as FamilyJoinOutput, children: childrenOf(actors) },
  actors,
  delays: {
    /** The hold ends at `holdUntil`; the form is offered again then. */
    holdExpiry: ({ context }) => delayUntil(context.holdUntil, context.now()),
  },
  guards: {
    ...form.guards,
    hasNoRequest: ({ event }) => readOwnRequest(event) === null,
    isRequestPending: ownStatusIs('pending'),
    isRequestDeclined: ownStatusIs('declined'),
    isRequestKicked: ownStatusIs('kicked'),
    isRequestDismissed: ownStatusIs('dismissed'),
    /** The form still holds the join link's values as the page was opened with them. */
    isUntouchedLink: ({ context }) => isUntouchedLink(context),
  },
  actions: {
    ...form.actions,
    assignHoldUntil: assign({ holdUntil: ({ event }) => failureHoldUntil(event) }),
    clearHold: assign({ holdUntil: null }),
    assignOwnRequest: assign({ ownRequest: ({ event }) => readOwnRequest(event) }),
    /** Withdrawn or acknowledged: there is no request any more. */
    forgetOwnRequest: assign({ ownRequest: null }),
  },
}).createMachine({
  id: 'familyJoin',
  context: initialContext,
  output: joinOutput,
  initial: 'loading',
  states: {
    /** The server knows whether a request is already under way; the form only shows without one. */
    loading: readingOwnRequest('loadFailed'),
    loadFailed: {
      tags: ['error'],
      on: { retry: 'loading', 'form.cancel': 'cancelled' },
    },
    editing: formEditing({
      on: FAMILY_FORM_ON,
      states: {
        /** The server refused words in the nickname without saying which field. */
        indecent: REFUSED,
        recaptchaFailed: REFUSED,
        full: REFUSED,
        /** Ask the admin to regenerate the code. */
        codeExpired: REFUSED,
        adminEmailNotFound: REFUSED,
        codeMismatch: REFUSED,
        notFound: REFUSED,
        /** `familyCannotCreateOrJoin`: one family per account. */
        cannotJoin: REFUSED,
        /** The join link is expired or invalid: ask the admin for a new one. */
        joinLinkInvalid: REFUSED,
        ...ACCOUNT_REFUSED_STATES,
      },
    }),
    submitting: calling('joinFamily', {
      input: joinInput,
      onDone: { target: 'pending.refreshing', actions: 'discardSpentRecaptcha' },
      onError: spendingRecaptcha([
        FIELD_ERRORS_ROUTE,
        { guard: hasCode('held'), target: 'held', actions: 'assignHoldUntil' },
        { guard: and(['isUntouchedLink', hasCode(...LINK_CODES)]), target: 'editing.joinLinkInvalid' },
        refusal('editing.full', 'familyFull'),
        refusal('editing.codeExpired', 'familyCodeExpired'),
        refusal('editing.adminEmailNotFound', 'familyAdminEmailNotFound'),
        refusal('editing.codeMismatch', 'familyCodeMismatch'),
        refusal('editing.notFound', 'familyNotFound'),
        refusal('editing.cannotJoin', 'familyCannotCreateOrJoin'),
        refusal('editing.indecent', 'indecentLanguage'),
        RECAPTCHA_FAILED_ROUTE,
        ...ACCOUNT_REFUSAL_ROUTES,
        FAILED_ROUTE,
      ]),
    }),
    /** More than 5 incorrect requests in 24 hours: refused until `holdUntil`. */
    held: {
      tags: ['error'],
      after: { holdExpiry: { target: 'editing', actions: 'clearHold' } },
      on: { 'form.cancel': 'cancelled' },
    },
    /** The pending-request screen: waiting, or the declined, kicked or dismissed notice. */
    pending: {
      initial: 'refreshing',
      states: {
        refreshing: readingOwnRequest('refreshFailed'),
        refreshFailed: {
          tags: ['error'],
          on: { 'request.refresh': 'refreshing' },
        },
        waiting: {
          tags: ['ready'],
          initial: 'idle',
          on: { 'request.refresh': 'refreshing' },
          states: {
            idle: {
              on: { 'request.withdraw': 'confirmingWithdraw' },
            },
            confirmingWithdraw: {
              on: { 'dialog.confirm': '#familyJoin.pending.withdrawing', 'dialog.cancel': 'idle' },
            },
          },
        },
        /** A declined request may still be withdrawn, or the notice acknowledged. */
        declined: {
          tags: ['ready'],
          initial: 'notice',
          states: {
            notice: {
              on: { 'request.withdraw': 'confirmingWithdraw', 'notice.acknowledge': '#familyJoin.pending.acknowledging' },
            },
            confirmingWithdraw: {
              on: { 'dialog.confirm': '#familyJoin.pending.withdrawing', 'dialog.cancel': 'notice' },
            },
          },
        },
        kicked: {
          tags: ['ready'],
          on: { 'notice.acknowledge': 'acknowledging' },
        },
        /** The family was dismissed by its admin. */
        dismissed: {
          tags: ['ready'],
          on: { 'notice.acknowledge': 'acknowledging' },
        },
        withdrawing: calling('handleRequest', {
          input: withdrawInput,
          onDone: { target: '#familyJoin.editing', actions: 'forgetOwnRequest' },
          onError: [
            { guard: hasCode('familyCannotWithdrawProcessed'), target: 'cannotWithdraw' },
            failTo('actionFailed'),
          ],
        }),
        acknowledging: calling('handleRequest', {
          input: acknowledgeInput,
          onDone: { target: '#familyJoin.editing', actions: 'forgetOwnRequest' },
          onError: failTo('actionFailed'),
        }),
        /** `familyCannotWithdrawProcessed`: the request was handled meanwhile; a refresh shows how. */
        cannotWithdraw: {
          tags: ['error'],
          on: { 'request.refresh': 'refreshing' },
        },
        actionFailed: {
          tags: ['error'],
          on: { 'request.refresh': 'refreshing' },
        },
      },
    },
    accepted: { type: 'final', tags: ['done'] },
    cancelled: { type: 'final' },
  },
});
