import { assign, sendTo, setup } from 'xstate';
import { isErrorCode } from '../../contract/errors.ts';
import type { Language } from '../../contract/languages.ts';
import type { FamilyCurrentPage, FamilyHold, FamilyJoinLink, FamilyPermission } from '../../contract/schemas/family.ts';
import { familyCreateMachine, type FamilyCreateInput, type FamilyCreateOutput, type FamilyCreateValues } from './family-create.machine.ts';
import { familyDetailsMachine, type FamilyDetailsInput } from './family-details.machine.ts';
import { familyJoinMachine, type FamilyJoinInput, type FamilyJoinOutput, type FamilyJoinValues } from './family-join.machine.ts';
import { delayUntil } from '../time.ts';
import * as family from '../../contract/calls/family.ts';
import { actorOutput, callActors, childrenOf, errorCodeActions, failTo, flowTypes, type FailureCode } from '../form.ts';

export interface FamilyHomeInput {
  lang: Language;
  /** The signed-in user's login email (a join link names it as the admin email); null when none. */
  loginEmail: string | null;
  /** The signed-in user's display name: it prefills the nickname of the create and join forms (issue 13). */
  displayName?: string;
  /** The join link's values when the page was opened with one (`FAMILY_JOIN_LINK_PARAMS`). */
  link: Partial<FamilyJoinLink> | null;
  /** The clock, so that tests and stories see a fixed time; `Date.now` when left out. */
  now?: () => number;
}

export interface FamilyHomeContext {
  lang: Language;
  loginEmail: string | null;
  /** Prefills the nickname of a new create or join form; empty when the account has none. */
  displayName: string;
  now: () => number;
  /** The join link's values; they prefill every join form of this visit. */
  link: Partial<FamilyJoinLink> | null;
  /** Whether the link still has to open the join form: only on the first visit to the home. */
  linkToOpen: boolean;
  /** ISO time until which the user may not create or join (state `held`). */
  holdUntil: string | null;
  errorCode: FailureCode | null;
  /**
   * A join link opened while the user is already in a family or has a request under way: it
   * cannot be used, and the family screen says so (issue 13). Null otherwise.
   */
  unusedLink: Partial<FamilyJoinLink> | null;
  /** What was typed in the create form when the user went back from it: going there again shows it (issue 13). */
  createDraft: FamilyCreateValues | null;
  /** The same for the join form. */
  joinDraft: FamilyJoinValues | null;
}

export type FamilyHomeEvent = { type: 'home.create' } | { type: 'home.join' } | { type: 'home.back' } | { type: 'retry' };

function initialContext({ input }: { input: FamilyHomeInput }): FamilyHomeContext {
  const link = input.link;
  return {
    lang: input.lang,
    loginEmail: input.loginEmail,
    displayName: input.displayName ?? '',
    now: input.now ?? Date.now,
    link,
    linkToOpen: link !== null && Object.values(link).some((value) => value !== undefined && value !== ''),
    holdUntil: null,
    errorCode: null,
    unusedLink: null,
    createDraft: null,
    joinDraft: null,
  };
}

function createInput({ context }: { context: FamilyHomeContext }): FamilyCreateInput {
  return context.createDraft ? { values: context.createDraft } : { nickname: context.displayName };
}

function joinInput({ context }: { context: FamilyHomeContext }): FamilyJoinInput {
  return { lang: context.lang, link: context.link, now: context.now, values: context.joinDraft, nickname: context.displayName, unusedLink: context.unusedLink };
}

function detailsInput({ context }: { context: FamilyHomeContext }): FamilyDetailsInput {
  return { lang: context.lang, loginEmail: context.loginEmail ?? '', now: context.now, unusedLink: context.unusedLink };
}

function permissionOf(event: { type: string }): FamilyPermission {
  return actorOutput<FamilyPermission>(event, 'fetchPermission');
}

function refusedFor(reason: string) {
  return ({ event }: { event: { type: string } }) => {
    const permission = permissionOf(event);
    return !permission.allowed && permission.reason === reason;
  };
}

function pageIs(page: FamilyCurrentPage['page']) {
  return ({ event }: { event: { type: string } }) => actorOutput<FamilyCurrentPage>(event, 'fetchCurrentPage').page === page;
}

/** The join child as a state of the home; `home.back` reaches the child, whose pending screen ignores it. */
const JOIN_FLOW = {
  invoke: {
    id: 'familyJoin',
    src: 'familyJoin',
    input: joinInput,
    /** Leaving the join flow reads everything again: it may have ended in a hold. */
    onDone: [
      { guard: 'isAccepted', target: 'details', actions: 'clearJoinDraft' },
      { target: 'loading', actions: 'keepJoinDraft' },
    ],
    onError: failTo('failed'),
  },
  on: { 'home.back': { actions: 'cancelJoin' } },
} as const;

const actors = {
  ...callActors('familyHome', { fetchPermission: family.permission, fetchCurrentPage: family.currentPage, fetchHold: family.hold }),
  // The children run as they are unless the page provides them with their own actors.
  familyCreate: familyCreateMachine,
  familyJoin: familyJoinMachine,
  familyDetails: familyDetailsMachine,
};

export const familyHomeMachine = setup({
  types: { ...flowTypes<FamilyHomeContext, FamilyHomeEvent, FamilyHomeInput>(), children: childrenOf(actors) },
  actors,
  delays: {
    /** The hold ends at `holdUntil`; the home is read again then. */
    holdExpiry: ({ context }) => delayUntil(context.holdUntil, context.now()),
  },
  guards: {
    isAllowed: ({ event }) => permissionOf(event).allowed,
    lacksLoginEmail: refusedFor('familyNoLoginEmail'),
    isFunctionalAccount: refusedFor('familyFunctionalAccount'),
    isStudentOnly: refusedFor('familyStudentOnly'),
    isOtherAccountType: refusedFor('familyAccountType'),
    isDetailsPage: pageIs('details'),
    isPendingPage: pageIs('pending'),
    isHeld: ({ event }) => actorOutput<FamilyHold>(event, 'fetchHold').held,
    opensJoinLink: ({ context }) => context.linkToOpen,
    isCreated: ({ event }) => actorOutput<FamilyCreateOutput>(event, 'familyCreate').outcome === 'created',
    isAccepted: ({ event }) => actorOutput<FamilyJoinOutput>(event, 'familyJoin').outcome === 'accepted',
  },
  actions: {
    /** A refusal the home has no state for: its reason is kept as the code shown. */
    assignRefusal: assign({
      errorCode: ({ event }) => {
        const reason = permissionOf(event).reason;
        return isErrorCode(reason) ? reason : 'forbidden';
      },
    }),
    ...errorCodeActions<FamilyHomeContext, FamilyHomeEvent>(),
    assignHold: assign({ holdUntil: ({ event }) => actorOutput<FamilyHold>(event, 'fetchHold').holdUntil }),
    clearHold: assign({ holdUntil: null }),
    /** The link is for the first visit to the home; a user already in a family stays there. */
    settleLink: assign({ linkToOpen: false }),
    /** A link that would have opened the join form, but the user is in a family (or asking to join one). */
    keepUnusedLink: assign({ unusedLink: ({ context }) => (context.linkToOpen ? context.link : null) }),
    keepCreateDraft: assign({
      createDraft: ({ event }) => {
        const output = actorOutput<FamilyCreateOutput>(event, 'familyCreate');
        return output.outcome === 'cancelled' ? (output.values ?? null) : null;
      },
    }),
    clearCreateDraft: assign({ createDraft: null }),
    keepJoinDraft: assign({
      joinDraft: ({ event }) => {
        const output = actorOutput<FamilyJoinOutput>(event, 'familyJoin');
        return output.outcome === 'cancelled' ? (output.values ?? null) : null;
      },
    }),
    clearJoinDraft: assign({ joinDraft: null }),
    clearUnusedLink: assign({ unusedLink: null }),
    cancelCreate: sendTo('familyCreate', { type: 'form.cancel' }),
    cancelJoin: sendTo('familyJoin', { type: 'form.cancel' }),
  },
}).createMachine({
  id: 'familyHome',
  context: initialContext,
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      initial: 'permission',
      entry: 'clearError',
      states: {
        permission: {
          invoke: {
            id: 'fetchPermission',
            src: 'fetchPermission',
            onDone: [
              { guard: 'isAllowed', target: 'currentPage' },
              { guard: 'lacksLoginEmail', target: '#familyHome.notAllowed.noLoginEmail' },
              { guard: 'isFunctionalAccount', target: '#familyHome.notAllowed.functionalAccount' },
              { guard: 'isStudentOnly', target: '#familyHome.notAllowed.studentOnly' },
              { guard: 'isOtherAccountType', target: '#familyHome.notAllowed.accountType' },
              { target: '#familyHome.failed', actions: 'assignRefusal' },
            ],
            onError: failTo('#familyHome.failed'),
          },
        },
        currentPage: {
          invoke: {
            id: 'fetchCurrentPage',
            src: 'fetchCurrentPage',
            onDone: [
              { guard: 'isDetailsPage', target: '#familyHome.details', actions: ['keepUnusedLink', 'settleLink'] },
              { guard: 'isPendingPage', target: '#familyHome.pending', actions: ['keepUnusedLink', 'settleLink'] },
              { target: 'hold' },
            ],
            onError: failTo('#familyHome.failed'),
          },
        },
        /** Only the create-or-join home is held; a member's family stays reachable. */
        hold: {
          invoke: {
            id: 'fetchHold',
            src: 'fetchHold',
            onDone: [
              { guard: 'isHeld', target: '#familyHome.held', actions: 'assignHold' },
              { guard: 'opensJoinLink', target: '#familyHome.join', actions: 'settleLink' },
              { target: '#familyHome.home' },
            ],
            onError: failTo('#familyHome.failed'),
          },
        },
      },
    },
    /** Family groups are not for this account; the view says why and links to the fix. */
    notAllowed: {
      tags: ['error'],
      initial: 'noLoginEmail',
      states: {
        noLoginEmail: {},
        functionalAccount: {},
        studentOnly: {},
        /** A teacher, a school administrator or another account type without the permission (issue 13). */
        accountType: {},
      },
    },
    /** More than 5 incorrect join requests in 24 hours: held until `holdUntil`. */
    held: {
      tags: ['error'],
      after: { holdExpiry: { target: 'loading', actions: 'clearHold' } },
    },
    /** Create or join. */
    home: {
      tags: ['ready'],
      on: { 'home.create': 'create', 'home.join': 'join' },
    },
    create: {
      invoke: {
        id: 'familyCreate',
        src: 'familyCreate',
        input: createInput,
        onDone: [
          { guard: 'isCreated', target: 'details', actions: 'clearCreateDraft' },
          { target: 'home', actions: 'keepCreateDraft' },
        ],
        onError: failTo('failed'),
      },
      /** The form decides: it ends as cancelled unless it is busy. */
      on: { 'home.back': { actions: 'cancelCreate' } },
    },
    /**
     * The join form, then (in the same child) the request it sent. `join` and `pending` run the
     * same child and differ only in how the user arrived: choosing to join, or a request already
     * under way (the child then opens on its pending screen).
     */
    join: JOIN_FLOW,
    pending: JOIN_FLOW,
    details: {
      invoke: {
        id: 'familyDetails',
        src: 'familyDetails',
        input: detailsInput,
        /** Left, dismissed or removed: where the user stands now is the server's to say. */
        onDone: { target: 'loading', actions: 'clearUnusedLink' },
        onError: failTo('failed'),
      },
    },
    failed: {
      tags: ['error'],
      on: { retry: 'loading' },
    },
  },
});
