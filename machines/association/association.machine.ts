import { assertEvent, assign, setup } from 'xstate';
import type { FieldIssue } from '../../contract/errors.ts';
import {
  AssociationCheckRequestSchema,
  type AssociateRequest,
  type AssociatedAccount,
  type AssociationChange,
  type AssociationCheckRequest,
  type AssociationList,
  type AssociationTicket,
  type RemoveAssociationRequest,
} from '../../contract/schemas/association.ts';
import * as association from '../../contract/calls/association.ts';
import { actorOutput, callActors, calling, childrenOf, FAILED_ROUTE, failTo, failureCode, failureHoldUntil, FIELD_ERRORS_ROUTE, flowTypes, formEditing, formPiece, hasCode, refusal, REFUSED, validate, type FailureCode, type RecaptchaEvent } from '../form.ts';
import { CHALLENGE_ON, CHALLENGE_ROUTE, CHALLENGE_STATES, challengeActions, challengeGuards, challengeIssues, challengeToken, NO_CHALLENGE, type PasswordChallengeContext } from '../login/index.ts';

export type AssociationInput = Record<string, never>;

export interface AssociationValues {
  /** The student account's login ID (SPEC's cityId). */
  cityId: string;
  password: string;
}

export interface AssociationContext extends PasswordChallengeContext {
  /** The member's associated student accounts as the server last listed them. */
  associations: AssociatedAccount[];
  values: AssociationValues;
  /** Field problems found by the contract schema or answered by the server. */
  fieldErrors: FieldIssue[];
  /** The code of the refusal shown now (each has a state of its own, or `editing.failed`). */
  errorCode: FailureCode | null;
  /** ISO time from which the student account's password may be tried again from here (`editing.throttled`). */
  holdUntil: string | null;
  /** The server's check of the account to associate: its login ID and category, which the confirmation names, and the ticket the association spends (`confirmingAssociate`, `associating`). */
  ticket: AssociationTicket | null;
  /** The association the user asked to remove (`confirmingRemove`, `removing`). */
  selected: AssociatedAccount | null;
  /** The account just associated or removed, named by the confirmation. */
  changed: AssociatedAccount | null;
}

export type AssociationEvent =
  | { type: 'form.change'; field: keyof AssociationValues; value: string }
  | { type: 'form.submit' }
  | { type: 'association.remove'; id: string }
  | { type: 'dialog.confirm' }
  | { type: 'dialog.cancel' }
  | { type: 'retry' }
  | RecaptchaEvent;

const EMPTY_VALUES: AssociationValues = { cityId: '', password: '' };

/** The student account's login ID and password, and once the server asked for the challenge, its token (as the password login sends it). */
function checkInput({ context }: { context: AssociationContext }): AssociationCheckRequest {
  return { cityId: context.values.cityId, password: context.values.password, ...challengeToken(context) };
}

/** The association spends the check's ticket: the password is not sent again. */
function associateInput({ context }: { context: AssociationContext }): AssociateRequest {
  if (!context.ticket) throw new Error('association: associating without a checked account');
  return { ticket: context.ticket.ticket };
}

function removeInput({ context }: { context: AssociationContext }): RemoveAssociationRequest {
  if (!context.selected) throw new Error('association: removing without a selected association');
  return { id: context.selected.id };
}

const form = formPiece<AssociationContext, AssociationEvent>((context) => [...validate(AssociationCheckRequestSchema, checkInput({ context })), ...challengeIssues(context)]);

/** Only full members may associate (SPEC §6); an account that stopped being one is told so. */
const NOT_FULL_MEMBER = { guard: hasCode('non_full_member'), target: '#association.forbidden', actions: 'assignErrorCode' } as const;

const actors = callActors('association', {
  listAssociations: association.list,
  checkAssociation: association.check,
  associate: association.associate,
  removeAssociation: association.remove,
});

/** What the password check may refuse, each to its state; the password is forgotten whatever the answer. */
const CHECK_REFUSED = [
  { ...NOT_FULL_MEMBER, actions: ['forgetPassword', 'assignErrorCode'] },
  { ...refusal('editing.wrongPassword', 'wrongPasswordOrUserNotFound'), actions: ['forgetPassword', 'assignErrorCode'] },
  { ...refusal('editing.notStudent', 'notStudent'), actions: ['forgetPassword', 'assignErrorCode'] },
  { ...refusal('editing.alreadyAssociated', 'alreadyHasActiveAssociation'), actions: ['forgetPassword', 'assignErrorCode'] },
  { ...refusal('editing.duplicated', 'duplicated_relationship_nature'), actions: ['forgetPassword', 'assignErrorCode'] },
  { ...refusal('editing.invalidNature', 'invalid_relationship_nature'), actions: ['forgetPassword', 'assignErrorCode'] },
  { ...refusal('editing.throttled', 'loginThrottled'), actions: ['forgetPassword', 'assignErrorCode', 'assignHoldUntil'] },
  { ...CHALLENGE_ROUTE, actions: ['forgetPassword', ...CHALLENGE_ROUTE.actions] },
  { ...FIELD_ERRORS_ROUTE, actions: ['forgetPassword', 'assignServerFieldErrors'] },
  { ...FAILED_ROUTE, actions: ['forgetPassword', 'assignErrorCode'] },
] as const;

export const associationMachine = setup({
  types: { ...flowTypes<AssociationContext, AssociationEvent, AssociationInput>(), children: childrenOf(actors) },
  actors,
  guards: {
    ...form.guards,
    ...challengeGuards,
    isListed: ({ context, event }) => {
      assertEvent(event, 'association.remove');
      return context.associations.some((association) => association.id === event.id);
    },
  },
  actions: {
    ...form.actions,
    ...challengeActions<AssociationContext, AssociationEvent>(),
    clearErrors: assign({ fieldErrors: [], errorCode: null, holdUntil: null, changed: null }),
    assignHoldUntil: assign({ holdUntil: ({ event }) => failureHoldUntil(event) }),
    assignList: assign({ associations: ({ event }) => actorOutput<AssociationList>(event, 'listAssociations').associations }),
    /** The server checked the account: the confirmation names it, and the password is not kept. */
    assignTicket: assign(({ context, event }) => ({ ticket: actorOutput<AssociationTicket>(event, 'checkAssociation'), values: { ...context.values, password: '' } })),
    clearTicket: assign({ ticket: null }),
    assignAssociated: assign(({ event }) => {
      const change = actorOutput<AssociationChange>(event, 'associate');
      return { associations: change.associations, changed: change.account, values: EMPTY_VALUES, ticket: null };
    }),
    assignRemoved: assign(({ event }) => {
      const change = actorOutput<AssociationChange>(event, 'removeAssociation');
      return { associations: change.associations, changed: change.account, selected: null };
    }),
    assignSelected: assign(({ context, event }) => {
      assertEvent(event, 'association.remove');
      return { selected: context.associations.find((association) => association.id === event.id) ?? null };
    }),
    clearSelected: assign({ selected: null }),
    /** The server has seen the password, whatever it answered: it does not stay in memory. */
    forgetPassword: assign(({ context }) => ({ values: { ...context.values, password: '' } })),
    /** Removal refused (already removed, or not the member's): it is not an active association of theirs any more. */
    dropSelected: assign(({ context, event }) => ({
      associations: context.associations.filter((association) => association.id !== context.selected?.id),
      changed: context.selected,
      selected: null,
      errorCode: failureCode(event),
    })),
  },
}).createMachine({
  id: 'association',
  context: { associations: [], values: EMPTY_VALUES, fieldErrors: [], errorCode: null, holdUntil: null, ticket: null, selected: null, changed: null, ...NO_CHALLENGE },
  initial: 'loading',
  states: {
    loading: calling('listAssociations', {
      onDone: { target: 'editing', actions: 'assignList' },
      onError: [NOT_FULL_MEMBER, failTo('loadFailed')],
    }),
    /** The list could not be read (network, server): offer to read it again. */
    loadFailed: { tags: ['error'], on: { retry: { target: 'loading', actions: 'clearErrors' } } },
    /** SPEC §6: not a full member. */
    forbidden: { type: 'final', tags: ['error'] },
    /** The list and the form to associate another account. */
    editing: formEditing({
      submitTo: 'checking',
      on: {
        'association.remove': { guard: 'isListed', target: 'confirmingRemove', actions: ['clearErrors', 'assignSelected'] },
        ...CHALLENGE_ON,
      },
      states: {
        /** Confirmations of what just happened, beside the action that did it. */
        associated: {},
        removed: {},
        /** Unknown login ID or wrong password: one answer for both (no account probing). */
        wrongPassword: REFUSED,
        notStudent: REFUSED,
        /** The account is associated with another member account. */
        alreadyAssociated: REFUSED,
        /** The account is associated with this member account already. */
        duplicated: REFUSED,
        /** The member's own account. */
        invalidNature: REFUSED,
        /** The confirmation came after the ticket lapsed (5 minutes), or it was spent or is another session's: the password is asked again. */
        ticketInvalid: REFUSED,
        /** Repeated wrong passwords for that account from this address: wait until `holdUntil`, as on the login page. */
        throttled: REFUSED,
        /** Too many wrong passwords for that account from browsers it does not know: the widget, then the association asked again with its token, as on the login page. */
        ...CHALLENGE_STATES,
        /** The association to remove is not the member's (or never was): `not_exist_user_relationship`. */
        removeUnknown: REFUSED,
        /** The association to remove was removed meanwhile (another tab): `inactiveAssociateAccount`. */
        removeInactive: REFUSED,
      },
    }),
    /** The server checks the login ID and password before anything is confirmed (docs/decisions/association.md). */
    checking: {
      ...calling('checkAssociation', {
        input: checkInput,
        onDone: { target: 'confirmingAssociate', actions: 'assignTicket' },
        onError: CHECK_REFUSED,
      }),
      /** A token sent is spent, whatever the answer. */
      exit: 'spendChallengeToken',
    },
    /** The checked account, named by login ID and category: associate it? */
    confirmingAssociate: {
      tags: ['ready'],
      on: { 'dialog.confirm': 'associating', 'dialog.cancel': { target: 'editing.idle', actions: 'clearTicket' } },
    },
    associating: {
      ...calling('associate', {
        input: associateInput,
        onDone: { target: 'editing.associated', actions: 'assignAssociated' },
        onError: [
          NOT_FULL_MEMBER,
          refusal('editing.ticketInvalid', 'associationTicketInvalid'),
          // The account changed in the minutes since the check (associated meanwhile, upgraded).
          refusal('editing.notStudent', 'notStudent'),
          refusal('editing.alreadyAssociated', 'alreadyHasActiveAssociation'),
          refusal('editing.duplicated', 'duplicated_relationship_nature'),
          FAILED_ROUTE,
        ],
      }),
      /** A ticket sent is spent (or refused), whatever the answer. */
      exit: 'clearTicket',
    },
    confirmingRemove: {
      tags: ['ready'],
      on: { 'dialog.confirm': 'removing', 'dialog.cancel': { target: 'editing.idle', actions: 'clearSelected' } },
    },
    removing: calling('removeAssociation', {
      input: removeInput,
      onDone: { target: 'editing.removed', actions: 'assignRemoved' },
      onError: [
        NOT_FULL_MEMBER,
        { guard: hasCode('not_exist_user_relationship'), target: 'editing.removeUnknown', actions: 'dropSelected' },
        { guard: hasCode('inactiveAssociateAccount'), target: 'editing.removeInactive', actions: 'dropSelected' },
        { ...FAILED_ROUTE, actions: ['clearSelected', 'assignErrorCode'] },
      ],
    }),
  },
});
