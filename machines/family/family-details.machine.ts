import { assertEvent, assign, setup } from 'xstate';
import type { FieldIssue } from '../../contract/errors.ts';
import type { Language } from '../../contract/languages.ts';
import {
  FAMILY_CAPACITY,
  FAMILY_REQUESTS_PAGE_SIZE,
  InviteRequestSchema,
  UpdateFamilyInfoRequestSchema,
  type FamilyAction,
  type FamilyDetails,
  type FamilyIdRequest,
  type FamilyJoinLink,
  type FamilyMember,
  type FamilyRequestRow,
  type FamilyRequests,
  type FamilyRole,
  type HandleRequest,
  type InviteRequest,
  type UpdateFamilyInfoRequest,
} from '../../contract/schemas/family.ts';
import * as family from '../../contract/calls/family.ts';
import { actorOutput, answerIgnored, callActors, calling, childrenOf, failTo, flowTypes, formGuards, hasCode, refusalActions, refusedAs, unprovided, validate, type FailureCode } from '../form.ts';

export interface FamilyDetailsInput {
  /** The language of the lists and of the emails the actions cause. */
  lang: Language;
  /** The signed-in user's login email: join links name it as the admin email. */
  loginEmail: string;
  /** The clock, so that tests and stories see a fixed time; `Date.now` when left out. */
  now?: () => number;
  /** A join link opened while the user is in this family: the page says it cannot be used (issue 13). */
  unusedLink?: Partial<FamilyJoinLink> | null;
}

/** What an admin does to one member or request with `POST /family/handle-request`. */
export type MemberAction = Exclude<FamilyAction, 'WITHDRAW' | 'ACKNOWLEDGE'>;

/** The action waiting for its confirmation dialog, with what the user chose. */
export type PendingFamilyAction =
  | { kind: 'member'; action: MemberAction; memberId: string }
  | { kind: 'rename'; familyName: string }
  | { kind: 'updateSelf'; nickname: string; familyRole: FamilyRole }
  | { kind: 'invite'; email: string }
  | { kind: 'regenerateCode' }
  | { kind: 'copyLink' }
  | { kind: 'shareWhatsApp' }
  | { kind: 'dismiss' }
  | { kind: 'leave' };

export type FamilyDetailsEnding = 'left' | 'dismissed' | 'removed';

export interface FamilyDetailsContext {
  lang: Language;
  loginEmail: string;
  now: () => number;
  /** The family as last read; null until the first read. */
  family: FamilyDetails | null;
  /** Join requests, for admins; empty for other members. */
  requests: FamilyRequestRow[];
  /** Zero-based page of `requests` shown, `FAMILY_REQUESTS_PAGE_SIZE` rows a page. */
  requestsPage: number;
  /**
   * The action a confirmation dialog is asking about, then the one being sent; afterwards the last
   * one sent (the address shown in `open.invited`), until the next action replaces it.
   */
  pending: PendingFamilyAction | null;
  fieldErrors: FieldIssue[];
  errorCode: FailureCode | null;
  /** How the machine ended: the user left, dismissed the family, or was no longer a member. */
  ending: FamilyDetailsEnding | null;
  /** A join link the page was opened with, unusable because the user is in a family already. */
  unusedLink: Partial<FamilyJoinLink> | null;
}

type MemberEvent<T extends string> = { type: T; memberId: string };

export type FamilyDetailsEvent =
  | { type: 'retry' }
  | { type: 'family.refresh' }
  | { type: 'requests.next' }
  | { type: 'requests.previous' }
  | MemberEvent<'member.accept'>
  | MemberEvent<'member.decline'>
  | MemberEvent<'member.acceptAndGrantAdmin'>
  | MemberEvent<'member.kick'>
  | MemberEvent<'member.grantAdmin'>
  | MemberEvent<'member.removeAdmin'>
  | { type: 'family.rename'; familyName: string }
  | { type: 'self.update'; nickname: string; familyRole: FamilyRole | '' }
  | { type: 'invite.send'; email: string }
  | { type: 'invite.whatsapp' }
  | { type: 'link.copy' }
  | { type: 'code.regenerate' }
  | { type: 'family.dismiss' }
  | { type: 'family.leave' }
  | { type: 'dialog.confirm' }
  | { type: 'dialog.cancel' }
  | { type: 'error.dismiss' };

export interface FamilyDetailsOutput {
  ending: FamilyDetailsEnding;
}

/** What `fetchFamily` and `fetchRequests` are given (`?lang=`). */
export interface FamilyQuery {
  lang: Language;
}

/** What `copyLink` and `shareWhatsApp` (view-layer actors: clipboard, `https://wa.me/?text=…`) are given. */
export interface FamilyLinkShare {
  link: FamilyJoinLink;
  familyName: string;
  lang: Language;
}

function initialContext({ input }: { input: FamilyDetailsInput }): FamilyDetailsContext {
  return {
    lang: input.lang,
    loginEmail: input.loginEmail,
    now: input.now ?? Date.now,
    family: null,
    requests: [],
    requestsPage: 0,
    pending: null,
    fieldErrors: [],
    errorCode: null,
    ending: null,
    unusedLink: input.unusedLink ?? null,
  };
}

// ---- Reading the family --------------------------------------------------------------------

function familyOf(context: FamilyDetailsContext): FamilyDetails {
  if (!context.family) throw new Error('familyDetails: the family is not loaded');
  return context.family;
}

function activeMembers(family: FamilyDetails): FamilyMember[] {
  return family.members.filter((member) => member.status === 'active');
}

function admins(family: FamilyDetails): FamilyMember[] {
  return activeMembers(family).filter((member) => member.isAdmin);
}

/** The signed-in user's own member row. */
export function currentMember(context: Pick<FamilyDetailsContext, 'family'>): FamilyMember | null {
  return context.family?.members.find((member) => member.isCurrentUser) ?? null;
}

function memberById(context: FamilyDetailsContext, memberId: string): FamilyMember | undefined {
  return familyOf(context).members.find((member) => member.memberId === memberId);
}

/** Whether the admin's code has passed its expiry, by the machine's clock; null when no code is shown. */
export function codeStatus(context: Pick<FamilyDetailsContext, 'family' | 'now'>): 'valid' | 'expired' | null {
  const expiresAt = context.family?.codeExpiresAt;
  if (!context.family?.code || !expiresAt) return null;
  return Date.parse(expiresAt) <= context.now() ? 'expired' : 'valid';
}

function pageCount(requests: readonly FamilyRequestRow[]): number {
  return Math.max(1, Math.ceil(requests.length / FAMILY_REQUESTS_PAGE_SIZE));
}

/** The requests on the page shown, with the paging the view offers. */
export function requestsPageOf(context: Pick<FamilyDetailsContext, 'requests' | 'requestsPage'>) {
  const start = context.requestsPage * FAMILY_REQUESTS_PAGE_SIZE;
  return {
    rows: context.requests.slice(start, start + FAMILY_REQUESTS_PAGE_SIZE),
    page: context.requestsPage,
    pageCount: pageCount(context.requests),
  };
}

function familyQuery({ context }: { context: FamilyDetailsContext }): FamilyQuery {
  return { lang: context.lang };
}

// ---- What the actions send -----------------------------------------------------------------

function pendingOf(context: FamilyDetailsContext): PendingFamilyAction {
  if (!context.pending) throw new Error('familyDetails: no action is pending');
  return context.pending;
}

function handleRequestInput({ context }: { context: FamilyDetailsContext }): HandleRequest {
  const pending = pendingOf(context);
  if (pending.kind !== 'member') throw new Error(`familyDetails: ${pending.kind} is not a member action`);
  return { familyId: familyOf(context).familyId, memberId: pending.memberId, actions: pending.action, lang: context.lang };
}

function familyIdInput({ context }: { context: FamilyDetailsContext }): FamilyIdRequest {
  return { familyId: familyOf(context).familyId };
}

/** The update call always carries the own nickname and role; a rename adds the family name. */
function updateDraft(context: FamilyDetailsContext, change: { nickname?: string; familyRole?: FamilyRole | ''; familyName?: string }) {
  const self = currentMember(context);
  return {
    familyId: familyOf(context).familyId,
    nickname: change.nickname ?? self?.nickname ?? '',
    familyRole: change.familyRole ?? self?.familyRole ?? '',
    lang: context.lang,
    ...(change.familyName === undefined ? {} : { familyName: change.familyName }),
  };
}

function updateInfoInput({ context }: { context: FamilyDetailsContext }): UpdateFamilyInfoRequest {
  const pending = pendingOf(context);
  if (pending.kind === 'rename') return updateDraft(context, { familyName: pending.familyName }) as UpdateFamilyInfoRequest;
  if (pending.kind === 'updateSelf') return updateDraft(context, pending) as UpdateFamilyInfoRequest;
  throw new Error(`familyDetails: ${pending.kind} is not an update`);
}

function inviteInput({ context }: { context: FamilyDetailsContext }): InviteRequest {
  const pending = pendingOf(context);
  if (pending.kind !== 'invite') throw new Error(`familyDetails: ${pending.kind} is not an invitation`);
  return { familyId: familyOf(context).familyId, email: pending.email, lang: context.lang };
}

function shareInput({ context }: { context: FamilyDetailsContext }): FamilyLinkShare {
  const family = familyOf(context);
  if (!family.code) throw new Error('familyDetails: only admins see the code to share');
  return { link: { adminEmail: context.loginEmail, familyRef: family.familyRef, code: family.code }, familyName: family.familyName, lang: context.lang };
}

function detailsOutput({ context }: { context: FamilyDetailsContext }): FamilyDetailsOutput {
  if (!context.ending) throw new Error('familyDetails ended without an ending');
  return { ending: context.ending };
}

// ---- Client-side checks (the server decides; these spare a call that must fail) -----------

function onlyField(issues: FieldIssue[], fields: readonly string[]): FieldIssue[] {
  return issues.filter((issue) => fields.includes(issue.field));
}

function renameIssues(context: FamilyDetailsContext, familyName: string): FieldIssue[] {
  return onlyField(validate(UpdateFamilyInfoRequestSchema, updateDraft(context, { familyName })), ['familyName']);
}

function selfIssues(context: FamilyDetailsContext, nickname: string, familyRole: FamilyRole | ''): FieldIssue[] {
  return onlyField(validate(UpdateFamilyInfoRequestSchema, updateDraft(context, { nickname, familyRole })), ['nickname', 'familyRole']);
}

function inviteIssues(context: FamilyDetailsContext, email: string): FieldIssue[] {
  return onlyField(validate(InviteRequestSchema, { familyId: familyOf(context).familyId, email, lang: context.lang }), ['email']);
}

type AnyDetailsEvent = { type: string; memberId?: unknown };

function eventMemberId(event: AnyDetailsEvent): string {
  if (typeof event.memberId !== 'string') throw new Error(`familyDetails: ${event.type} names no member`);
  return event.memberId;
}

// ---- Routes shared by several states -------------------------------------------------------

const FAILED = failTo('#familyDetails.ready.failed');

/** The user is no longer in a family they can act on. */
const MEMBERSHIP_ROUTES = [
  { guard: hasCode('familyDismissed'), target: '#familyDetails.dismissedNotice' },
  { guard: hasCode('familyKicked'), target: '#familyDetails.ready.kicked' },
  { guard: hasCode('familyNotMember'), target: '#familyDetails.ready.notMember' },
  { guard: hasCode('familyLeft'), target: '#familyDetails.ready.alreadyLeft' },
] as const;

const ADMIN_ROUTES = [
  { guard: hasCode('familyNotAdmin'), target: '#familyDetails.ready.notAdmin' },
  { guard: hasCode('familyNoLongerAdmin'), target: '#familyDetails.ready.noLongerAdmin' },
] as const;

/**
 * The first read: a family lost meanwhile ends the machine at once, and the home's next read of
 * the page shows why (the kicked or dismissed notice of the own request).
 */
const LOAD_ERRORS = [
  { guard: hasCode('familyDismissed', 'familyKicked', 'familyNotMember', 'familyLeft'), target: '#familyDetails.removed', actions: { type: 'assignEnding', params: { ending: 'removed' } } },
  failTo('#familyDetails.loadFailed'),
] as const;

/** A read after an action: the family stays on screen behind the message. */
const REFRESH_ERRORS = [...MEMBERSHIP_ROUTES, FAILED] as const;

const READ_FAMILY_DONE = [
  { guard: 'readsAsAdmin', target: 'requests', actions: 'assignFamily' },
  { target: '#familyDetails.ready', actions: ['assignFamily', 'clearRequests'] },
] as const;

const ERROR_DISMISS_TO_REFRESH = { on: { 'error.dismiss': '#familyDetails.ready.refreshing' }, tags: ['error'] } as const;
const ERROR_DISMISS_TO_REMOVED = {
  on: { 'error.dismiss': { target: '#familyDetails.removed', actions: { type: 'assignEnding', params: { ending: 'removed' } } } },
  tags: ['error'],
} as const;

const actors = {
  ...callActors('familyDetails', {
    handleRequest: answerIgnored(family.handleRequest),
    updateInfo: answerIgnored(family.updateInfo),
    regenerateCode: answerIgnored(family.regenerateCode),
    inviteByEmail: answerIgnored(family.invite),
    dismissFamily: answerIgnored(family.dismiss),
    leaveFamily: answerIgnored(family.leave),
  }),
  /** Read with the page's language (src/api/family.ts); the browser's own: copying and sharing the link. */
  fetchFamily: unprovided<FamilyDetails, FamilyQuery>('familyDetails', 'fetchFamily'),
  fetchRequests: unprovided<FamilyRequests, FamilyQuery>('familyDetails', 'fetchRequests'),
  copyLink: unprovided<unknown, FamilyLinkShare>('familyDetails', 'copyLink'),
  shareWhatsApp: unprovided<unknown, FamilyLinkShare>('familyDetails', 'shareWhatsApp'),
};

export const familyDetailsMachine = setup({
  types: { ...flowTypes<FamilyDetailsContext, FamilyDetailsEvent, FamilyDetailsInput>(), output: {} as FamilyDetailsOutput, children: childrenOf(actors) },
  actors,
  guards: {
    ...formGuards,
    // Answers of the server
    readsAsAdmin: ({ event }) => currentMember({ family: actorOutput<FamilyDetails>(event, 'fetchFamily') })?.isAdmin === true,
    // The user's own choices, checked against the family as last read
    userNotAdmin: ({ context }) => currentMember(context)?.isAdmin !== true,
    requestUnknown: ({ context, event }) => !context.requests.some((request) => request.memberId === eventMemberId(event)),
    memberUnknown: ({ context, event }) => memberById(context, eventMemberId(event)) === undefined,
    familyAtCapacity: ({ context }) => activeMembers(familyOf(context)).length >= FAMILY_CAPACITY,
    memberAlreadyAdmin: ({ context, event }) => memberById(context, eventMemberId(event))?.isAdmin === true,
    memberIsLastAdmin: ({ context, event }) => memberById(context, eventMemberId(event))?.isAdmin === true && admins(familyOf(context)).length === 1,
    userIsLastAdminWithMembers: ({ context }) => {
      const family = familyOf(context);
      return currentMember(context)?.isAdmin === true && admins(family).length === 1 && activeMembers(family).length > 1;
    },
    otherAdminExists: ({ context }) => admins(familyOf(context)).some((member) => !member.isCurrentUser),
    codeHasExpired: ({ context }) => codeStatus(context) === 'expired',
    /** Saving what is already saved changes nothing: no dialog, no call (issue 13). */
    renameUnchanged: ({ context, event }) => {
      assertEvent(event, 'family.rename');
      return event.familyName.trim() === familyOf(context).familyName;
    },
    selfUnchanged: ({ context, event }) => {
      assertEvent(event, 'self.update');
      const self = currentMember(context);
      return self !== null && event.nickname.trim() === self.nickname && event.familyRole === self.familyRole;
    },
    renameInvalid: ({ context, event }) => {
      assertEvent(event, 'family.rename');
      return renameIssues(context, event.familyName).length > 0;
    },
    selfUpdateInvalid: ({ context, event }) => {
      assertEvent(event, 'self.update');
      return selfIssues(context, event.nickname, event.familyRole).length > 0;
    },
    inviteInvalid: ({ context, event }) => {
      assertEvent(event, 'invite.send');
      return inviteIssues(context, event.email).length > 0;
    },
    hasNextPage: ({ context }) => context.requestsPage + 1 < pageCount(context.requests),
    hasPreviousPage: ({ context }) => context.requestsPage > 0,
  },
  actions: {
    ...refusalActions<FamilyDetailsContext, FamilyDetailsEvent>(),
    assignFamily: assign({ family: ({ event }) => actorOutput<FamilyDetails>(event, 'fetchFamily') }),
    /** Keeps the page shown unless the list got shorter than it. */
    assignRequests: assign(({ context, event }) => {
      const requests = actorOutput<FamilyRequests>(event, 'fetchRequests').requests;
      return { requests, requestsPage: Math.min(context.requestsPage, pageCount(requests) - 1) };
    }),
    clearRequests: assign({ requests: [], requestsPage: 0 }),
    nextPage: assign({ requestsPage: ({ context }) => context.requestsPage + 1 }),
    previousPage: assign({ requestsPage: ({ context }) => context.requestsPage - 1 }),
    assignMemberAction: assign({
      pending: ({ event }, params: { action: MemberAction }) => ({ kind: 'member' as const, action: params.action, memberId: eventMemberId(event) }),
      fieldErrors: [],
      errorCode: null,
    }),
    assignRename: assign({
      pending: ({ event }) => {
        assertEvent(event, 'family.rename');
        return { kind: 'rename' as const, familyName: event.familyName.trim() };
      },
      fieldErrors: [],
      errorCode: null,
    }),
    assignSelfUpdate: assign({
      pending: ({ event }) => {
        assertEvent(event, 'self.update');
        if (event.familyRole === '') throw new Error('familyDetails: self.update without a role passed validation');
        return { kind: 'updateSelf' as const, nickname: event.nickname.trim(), familyRole: event.familyRole };
      },
      fieldErrors: [],
      errorCode: null,
    }),
    assignInvite: assign({
      pending: ({ event }) => {
        assertEvent(event, 'invite.send');
        return { kind: 'invite' as const, email: event.email.trim() };
      },
      fieldErrors: [],
      errorCode: null,
    }),
    assignPlainAction: assign({
      pending: (_, params: { kind: 'regenerateCode' | 'copyLink' | 'shareWhatsApp' | 'dismiss' | 'leave' }) => ({ kind: params.kind }),
      fieldErrors: [],
      errorCode: null,
    }),
    clearPending: assign({ pending: null }),
    assignRenameErrors: assign({
      fieldErrors: ({ context, event }) => {
        assertEvent(event, 'family.rename');
        return renameIssues(context, event.familyName);
      },
    }),
    assignSelfUpdateErrors: assign({
      fieldErrors: ({ context, event }) => {
        assertEvent(event, 'self.update');
        return selfIssues(context, event.nickname, event.familyRole);
      },
    }),
    assignInviteErrors: assign({
      fieldErrors: ({ context, event }) => {
        assertEvent(event, 'invite.send');
        return inviteIssues(context, event.email);
      },
    }),
    /** `indecentLanguage` without `fields`: the field is the one the pending update changed. */
    assignIndecentField: assign({
      fieldErrors: ({ context }) => [{ field: context.pending?.kind === 'rename' ? 'familyName' : 'nickname', rule: 'indecent' as const }],
    }),
    assignEnding: assign({ ending: (_, params: { ending: FamilyDetailsEnding }) => params.ending }),
  },
}).createMachine({
  id: 'familyDetails',
  context: initialContext,
  output: detailsOutput,
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      initial: 'family',
      states: {
        family: {
          invoke: { id: 'fetchFamily', src: 'fetchFamily', input: familyQuery, onDone: [...READ_FAMILY_DONE], onError: [...LOAD_ERRORS] },
        },
        /** Only admins see the requests. */
        requests: {
          invoke: {
            id: 'fetchRequests',
            src: 'fetchRequests',
            input: familyQuery,
            onDone: { target: '#familyDetails.ready', actions: 'assignRequests' },
            onError: [...LOAD_ERRORS],
          },
        },
      },
    },
    loadFailed: {
      tags: ['error'],
      on: { retry: 'loading' },
    },
    ready: {
      tags: ['ready'],
      initial: 'open',
      states: {
        /** The family on screen, every action available. */
        open: {
          initial: 'idle',
          on: {
            'family.refresh': '#familyDetails.ready.refreshing',
            'requests.next': { guard: 'hasNextPage', actions: 'nextPage' },
            'requests.previous': { guard: 'hasPreviousPage', actions: 'previousPage' },
            'member.accept': [
              { guard: 'userNotAdmin', target: '#familyDetails.ready.notAdmin' },
              { guard: 'requestUnknown', target: '#familyDetails.ready.requestNotFound' },
              { guard: 'familyAtCapacity', target: '#familyDetails.ready.full' },
              { target: '#familyDetails.ready.confirming.accept', actions: { type: 'assignMemberAction', params: { action: 'ACCEPT' } } },
            ],
            'member.decline': [
              { guard: 'userNotAdmin', target: '#familyDetails.ready.notAdmin' },
              { guard: 'requestUnknown', target: '#familyDetails.ready.requestNotFound' },
              { target: '#familyDetails.ready.confirming.decline', actions: { type: 'assignMemberAction', params: { action: 'DECLINE' } } },
            ],
            'member.acceptAndGrantAdmin': [
              { guard: 'userNotAdmin', target: '#familyDetails.ready.notAdmin' },
              { guard: 'requestUnknown', target: '#familyDetails.ready.requestNotFound' },
              { guard: 'familyAtCapacity', target: '#familyDetails.ready.full' },
              {
                target: '#familyDetails.ready.confirming.acceptAndGrantAdmin',
                actions: { type: 'assignMemberAction', params: { action: 'ACCEPT_AND_GRANT_ADMIN' } },
              },
            ],
            'member.kick': [
              { guard: 'userNotAdmin', target: '#familyDetails.ready.notAdmin' },
              { guard: 'memberUnknown', target: '#familyDetails.ready.memberNotFound' },
              { target: '#familyDetails.ready.confirming.kick', actions: { type: 'assignMemberAction', params: { action: 'KICK' } } },
            ],
            'member.grantAdmin': [
              { guard: 'userNotAdmin', target: '#familyDetails.ready.notAdmin' },
              { guard: 'memberUnknown', target: '#familyDetails.ready.memberNotFound' },
              { guard: 'memberAlreadyAdmin', target: '#familyDetails.ready.alreadyAdmin' },
              { target: '#familyDetails.ready.confirming.grantAdmin', actions: { type: 'assignMemberAction', params: { action: 'GRANT_ADMIN' } } },
            ],
            /** Every family keeps at least one admin. */
            'member.removeAdmin': [
              { guard: 'userNotAdmin', target: '#familyDetails.ready.notAdmin' },
              { guard: 'memberUnknown', target: '#familyDetails.ready.memberNotFound' },
              { guard: 'memberIsLastAdmin', target: '#familyDetails.ready.singleAdmin' },
              { target: '#familyDetails.ready.confirming.removeAdmin', actions: { type: 'assignMemberAction', params: { action: 'REMOVE_ADMIN' } } },
            ],
            'family.rename': [
              { guard: 'userNotAdmin', target: '#familyDetails.ready.notAdmin' },
              { guard: 'renameUnchanged', target: '.unchanged', actions: 'assignRename' },
              { guard: 'renameInvalid', target: '.invalid', actions: 'assignRenameErrors' },
              { target: '#familyDetails.ready.confirming.rename', actions: 'assignRename' },
            ],
            'self.update': [
              { guard: 'selfUnchanged', target: '.unchanged', actions: 'assignSelfUpdate' },
              { guard: 'selfUpdateInvalid', target: '.invalid', actions: 'assignSelfUpdateErrors' },
              { target: '#familyDetails.ready.confirming.updateSelf', actions: 'assignSelfUpdate' },
            ],
            'code.regenerate': [
              { guard: 'userNotAdmin', target: '#familyDetails.ready.notAdmin' },
              { target: '#familyDetails.ready.confirming.regenerateCode', actions: { type: 'assignPlainAction', params: { kind: 'regenerateCode' } } },
            ],
            /** An expired code must be regenerated before inviting or sharing the link. */
            'invite.send': [
              { guard: 'userNotAdmin', target: '#familyDetails.ready.notAdmin' },
              { guard: 'inviteInvalid', target: '.invalid', actions: 'assignInviteErrors' },
              { guard: 'codeHasExpired', target: '#familyDetails.ready.codeExpired' },
              { target: '#familyDetails.ready.confirming.invite', actions: 'assignInvite' },
            ],
            'invite.whatsapp': [
              { guard: 'userNotAdmin', target: '#familyDetails.ready.notAdmin' },
              { guard: 'codeHasExpired', target: '#familyDetails.ready.codeExpired' },
              { target: '#familyDetails.ready.confirming.shareWhatsApp', actions: { type: 'assignPlainAction', params: { kind: 'shareWhatsApp' } } },
            ],
            'link.copy': [
              { guard: 'userNotAdmin', target: '#familyDetails.ready.notAdmin' },
              { guard: 'codeHasExpired', target: '#familyDetails.ready.codeExpired' },
              { target: '#familyDetails.ready.confirming.copyLink', actions: { type: 'assignPlainAction', params: { kind: 'copyLink' } } },
            ],
            /** A family may only be dismissed when no other admin exists. */
            'family.dismiss': [
              { guard: 'userNotAdmin', target: '#familyDetails.ready.notAdmin' },
              { guard: 'otherAdminExists', target: '#familyDetails.ready.multipleAdmin' },
              { target: '#familyDetails.ready.confirming.dismiss', actions: { type: 'assignPlainAction', params: { kind: 'dismiss' } } },
            ],
            /** The only admin cannot leave while other members remain. */
            'family.leave': [
              { guard: 'userIsLastAdminWithMembers', target: '#familyDetails.ready.singleAdmin' },
              { target: '#familyDetails.ready.confirming.leave', actions: { type: 'assignPlainAction', params: { kind: 'leave' } } },
            ],
          },
          states: {
            idle: {},
            /** A rename, own update or invitation with field problems (`fieldErrors`). */
            invalid: { tags: ['error'] },
            copied: { tags: ['done'] },
            shared: { tags: ['done'] },
            invited: { tags: ['done'] },
            /** A rename or own update that would change nothing: the page says so beside the form, without a dialog. */
            unchanged: {},
          },
        },
        /** The confirmation dialog of the action in `pending`. */
        confirming: {
          initial: 'accept',
          on: { 'dialog.cancel': { target: 'open', actions: 'clearPending' } },
          states: {
            accept: { on: { 'dialog.confirm': '#familyDetails.ready.submitting.handleRequest' } },
            decline: { on: { 'dialog.confirm': '#familyDetails.ready.submitting.handleRequest' } },
            acceptAndGrantAdmin: { on: { 'dialog.confirm': '#familyDetails.ready.submitting.handleRequest' } },
            kick: { on: { 'dialog.confirm': '#familyDetails.ready.submitting.handleRequest' } },
            grantAdmin: { on: { 'dialog.confirm': '#familyDetails.ready.submitting.handleRequest' } },
            removeAdmin: { on: { 'dialog.confirm': '#familyDetails.ready.submitting.handleRequest' } },
            rename: { on: { 'dialog.confirm': '#familyDetails.ready.submitting.updateInfo' } },
            updateSelf: { on: { 'dialog.confirm': '#familyDetails.ready.submitting.updateInfo' } },
            regenerateCode: { on: { 'dialog.confirm': '#familyDetails.ready.submitting.regenerateCode' } },
            invite: { on: { 'dialog.confirm': '#familyDetails.ready.submitting.inviteByEmail' } },
            copyLink: { on: { 'dialog.confirm': '#familyDetails.ready.submitting.copyLink' } },
            shareWhatsApp: { on: { 'dialog.confirm': '#familyDetails.ready.submitting.shareWhatsApp' } },
            dismiss: { on: { 'dialog.confirm': '#familyDetails.ready.submitting.dismissFamily' } },
            leave: { on: { 'dialog.confirm': '#familyDetails.ready.submitting.leaveFamily' } },
          },
        },
        submitting: {
          tags: ['busy'],
          initial: 'handleRequest',
          states: {
            handleRequest: {
              invoke: {
                id: 'handleRequest',
                src: 'handleRequest',
                input: handleRequestInput,
                onDone: '#familyDetails.ready.refreshing',
                onError: [
                  ...ADMIN_ROUTES,
                  { guard: hasCode('familySingleAdmin'), target: '#familyDetails.ready.singleAdmin' },
                  { guard: hasCode('familyAlreadyAdmin'), target: '#familyDetails.ready.alreadyAdmin' },
                  { guard: hasCode('familyAlreadyProcessed'), target: '#familyDetails.ready.alreadyProcessed' },
                  { guard: hasCode('familyMemberNotFound'), target: '#familyDetails.ready.memberNotFound' },
                  { guard: hasCode('familyRequestNotFound'), target: '#familyDetails.ready.requestNotFound' },
                  { guard: hasCode('familyFull'), target: '#familyDetails.ready.full' },
                  ...MEMBERSHIP_ROUTES,
                  FAILED,
                ],
              },
            },
            updateInfo: {
              invoke: {
                id: 'updateInfo',
                src: 'updateInfo',
                input: updateInfoInput,
                onDone: '#familyDetails.ready.refreshing',
                onError: [
                  { guard: 'hasFieldErrors', target: '#familyDetails.ready.open.invalid', actions: 'assignServerFieldErrors' },
                  { guard: hasCode('indecentLanguage'), target: '#familyDetails.ready.open.invalid', actions: 'assignIndecentField' },
                  ...ADMIN_ROUTES,
                  ...MEMBERSHIP_ROUTES,
                  FAILED,
                ],
              },
            },
            regenerateCode: {
              invoke: {
                id: 'regenerateCode',
                src: 'regenerateCode',
                input: familyIdInput,
                onDone: '#familyDetails.ready.refreshing',
                onError: [...ADMIN_ROUTES, ...MEMBERSHIP_ROUTES, FAILED],
              },
            },
            inviteByEmail: {
              invoke: {
                id: 'inviteByEmail',
                src: 'inviteByEmail',
                input: inviteInput,
                onDone: '#familyDetails.ready.open.invited',
                onError: [
                  { guard: 'hasFieldErrors', target: '#familyDetails.ready.open.invalid', actions: 'assignServerFieldErrors' },
                  ...ADMIN_ROUTES,
                  { guard: hasCode('familyCodeExpired'), target: '#familyDetails.ready.codeExpired' },
                  { guard: hasCode('familyFull'), target: '#familyDetails.ready.full' },
                  ...MEMBERSHIP_ROUTES,
                  FAILED,
                ],
              },
            },
            copyLink: {
              invoke: { id: 'copyLink', src: 'copyLink', input: shareInput, onDone: '#familyDetails.ready.open.copied', onError: FAILED },
            },
            shareWhatsApp: {
              invoke: { id: 'shareWhatsApp', src: 'shareWhatsApp', input: shareInput, onDone: '#familyDetails.ready.open.shared', onError: FAILED },
            },
            dismissFamily: {
              invoke: {
                id: 'dismissFamily',
                src: 'dismissFamily',
                input: familyIdInput,
                onDone: { target: '#familyDetails.dismissed', actions: { type: 'assignEnding', params: { ending: 'dismissed' } } },
                onError: [...ADMIN_ROUTES, { guard: hasCode('familyMultipleAdmin'), target: '#familyDetails.ready.multipleAdmin' }, ...MEMBERSHIP_ROUTES, FAILED],
              },
            },
            leaveFamily: {
              invoke: {
                id: 'leaveFamily',
                src: 'leaveFamily',
                input: familyIdInput,
                onDone: { target: '#familyDetails.left', actions: { type: 'assignEnding', params: { ending: 'left' } } },
                onError: [{ guard: hasCode('familySingleAdmin'), target: '#familyDetails.ready.singleAdmin' }, ...MEMBERSHIP_ROUTES, FAILED],
              },
            },
          },
        },
        /** The family is read again after a change; it stays on screen meanwhile. */
        refreshing: {
          tags: ['busy'],
          initial: 'family',
          states: {
            family: {
              invoke: {
                id: 'fetchFamily',
                src: 'fetchFamily',
                input: familyQuery,
                onDone: [
                  { guard: 'readsAsAdmin', target: 'requests', actions: 'assignFamily' },
                  { target: '#familyDetails.ready.open', actions: ['assignFamily', 'clearRequests'] },
                ],
                onError: [...REFRESH_ERRORS],
              },
            },
            requests: {
              invoke: {
                id: 'fetchRequests',
                src: 'fetchRequests',
                input: familyQuery,
                onDone: { target: '#familyDetails.ready.open', actions: 'assignRequests' },
                onError: [...REFRESH_ERRORS],
              },
            },
          },
        },
        codeExpired: {
          tags: ['error'],
          on: {
            'code.regenerate': { target: 'confirming.regenerateCode', actions: { type: 'assignPlainAction', params: { kind: 'regenerateCode' } } },
            'error.dismiss': 'open',
          },
        },
        // Refusals that mean the family on screen is out of date: dismissing reads it again.
        notAdmin: refusedAs('familyNotAdmin', ERROR_DISMISS_TO_REFRESH),
        noLongerAdmin: refusedAs('familyNoLongerAdmin', ERROR_DISMISS_TO_REFRESH),
        singleAdmin: refusedAs('familySingleAdmin', ERROR_DISMISS_TO_REFRESH),
        multipleAdmin: refusedAs('familyMultipleAdmin', ERROR_DISMISS_TO_REFRESH),
        alreadyAdmin: refusedAs('familyAlreadyAdmin', ERROR_DISMISS_TO_REFRESH),
        alreadyProcessed: refusedAs('familyAlreadyProcessed', ERROR_DISMISS_TO_REFRESH),
        memberNotFound: refusedAs('familyMemberNotFound', ERROR_DISMISS_TO_REFRESH),
        requestNotFound: refusedAs('familyRequestNotFound', ERROR_DISMISS_TO_REFRESH),
        full: refusedAs('familyFull', ERROR_DISMISS_TO_REFRESH),
        // The user is no longer a member: dismissing ends the machine, the home reloads.
        kicked: refusedAs('familyKicked', ERROR_DISMISS_TO_REMOVED),
        notMember: refusedAs('familyNotMember', ERROR_DISMISS_TO_REMOVED),
        alreadyLeft: refusedAs('familyLeft', ERROR_DISMISS_TO_REMOVED),
        failed: {
          tags: ['error'],
          on: { 'error.dismiss': 'open' },
        },
      },
    },
    /**
     * The family on screen was dismissed by its admin (answered to an action or a refresh): the
     * notice stays until the member leaves.
     */
    dismissedNotice: {
      initial: 'notice',
      states: {
        notice: {
          tags: ['ready'],
          on: { 'family.leave': { target: 'confirming', actions: { type: 'assignPlainAction', params: { kind: 'leave' } } } },
        },
        confirming: {
          tags: ['ready'],
          on: { 'dialog.confirm': 'leaving', 'dialog.cancel': { target: 'notice', actions: 'clearPending' } },
        },
        leaving: calling('leaveFamily', {
          input: familyIdInput,
          onDone: { target: '#familyDetails.left', actions: { type: 'assignEnding', params: { ending: 'left' } } },
          onError: failTo('failed'),
        }),
        failed: {
          tags: ['error'],
          on: { 'family.leave': { target: 'confirming', actions: { type: 'assignPlainAction', params: { kind: 'leave' } } } },
        },
      },
    },
    left: { type: 'final', tags: ['done'] },
    dismissed: { type: 'final', tags: ['done'] },
    /** Kicked, or gone from the family elsewhere: the home reads the page again. */
    removed: { type: 'final' },
  },
});
