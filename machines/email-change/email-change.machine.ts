import { assertEvent, assign, setup } from 'xstate';
import type { FieldIssue } from '../../contract/errors.ts';
import type { Language } from '../../contract/languages.ts';
import {
  EmailChangeRequestSchema,
  type EmailChangeKind,
  type EmailChangeRequest,
  type EmailChangeResult,
  type EmailChangeStatus,
} from '../../contract/schemas/verification.ts';
import * as verification from '../../contract/calls/verification.ts';
import { actorOutput, callActors, calling, childrenOf, FAILED_ROUTE, failTo, FIELD_ERRORS_ROUTE, flowTypes, formEditing, formGuards, hasCode, holdActions, refusalActions, REFUSED, tooManyRequestsRoute, validate, withoutField, type FailureCode } from '../form.ts';

export interface EmailChangeInput {
  /** Which address changes: the login email or the contact email. */
  kind: EmailChangeKind;
  /** The address in force, which the new one must differ from. */
  currentEmail: string;
  /** The language of the confirmation email. */
  lang: Language;
}

export interface EmailChangeContext {
  kind: EmailChangeKind;
  currentEmail: string;
  lang: Language;
  /** The new address typed. */
  email: string;
  /** The new address waiting for its link, once requested. */
  pendingEmail: string | null;
  /** ISO time the link expires. */
  expiresAt: string | null;
  fieldErrors: FieldIssue[];
  errorCode: FailureCode | null;
  /** When requests may be made again (state `editing.tooManyRequests`, the account-discovery limits). */
  holdUntil: string | null;
}

export type EmailChangeEvent =
  | { type: 'form.change'; field: 'email'; value: string }
  | { type: 'form.submit' }
  | { type: 'form.restart' }
  | { type: 'status.refresh' };

function initialContext({ input }: { input: EmailChangeInput }): EmailChangeContext {
  return {
    kind: input.kind,
    currentEmail: input.currentEmail,
    lang: input.lang,
    email: '',
    pendingEmail: null,
    expiresAt: null,
    fieldErrors: [],
    errorCode: null,
    holdUntil: null,
  };
}

function requestInput({ context }: { context: EmailChangeContext }): EmailChangeRequest {
  return { kind: context.kind, email: context.email, lang: context.lang };
}

function statusInput({ context }: { context: EmailChangeContext }): { kind: EmailChangeKind } {
  return { kind: context.kind };
}

/** The schema's issues, and the same address as now (rule `sameAsOld`): that would change nothing. */
function formIssues(context: EmailChangeContext): FieldIssue[] {
  const issues = validate(EmailChangeRequestSchema, requestInput({ context }));
  if (issues.length > 0) return issues;
  return context.email.trim().toLowerCase() === context.currentEmail.toLowerCase() ? [{ field: 'email', rule: 'sameAsOld' }] : [];
}

function statusOf(event: { type: string }): EmailChangeStatus {
  return actorOutput<EmailChangeStatus>(event, 'fetchStatus');
}

const actors = callActors('emailChange', { requestChange: verification.emailChange, fetchStatus: verification.emailChangeStatus });

export const emailChangeMachine = setup({
  types: { ...flowTypes<EmailChangeContext, EmailChangeEvent, EmailChangeInput>(), children: childrenOf(actors) },
  actors,
  guards: {
    ...formGuards,
    isFormInvalid: ({ context }) => formIssues(context).length > 0,
    isConfirmed: ({ context, event }) => statusOf(event).email === context.pendingEmail,
    isStillPending: ({ context, event }) => statusOf(event).pendingEmail === context.pendingEmail,
  },
  actions: {
    ...refusalActions<EmailChangeContext, EmailChangeEvent>(),
    ...holdActions<EmailChangeContext, EmailChangeEvent>(),
    assignEmail: assign({
      email: ({ event }) => {
        assertEvent(event, 'form.change');
        return event.value;
      },
      fieldErrors: ({ context }) => withoutField(context.fieldErrors, 'email'),
    }),
    assignValidationErrors: assign({ fieldErrors: ({ context }) => formIssues(context) }),
    assignRequested: assign({
      pendingEmail: ({ event }) => actorOutput<EmailChangeResult>(event, 'requestChange').pendingEmail,
      expiresAt: ({ event }) => actorOutput<EmailChangeResult>(event, 'requestChange').expiresAt,
    }),
    assignConfirmed: assign({ currentEmail: ({ event }) => statusOf(event).email, pendingEmail: null, expiresAt: null }),
    restart: assign({ email: '', pendingEmail: null, expiresAt: null, fieldErrors: [], errorCode: null, holdUntil: null }),
  },
}).createMachine({
  id: 'emailChange',
  context: initialContext,
  initial: 'editing',
  states: {
    editing: formEditing({
      submitTo: 'requesting',
      on: { 'form.change': { actions: 'assignEmail' } },
      states: {
        /** Already another account's login email (or, for a contact email, its address). */
        taken: REFUSED,
        /** Waiting for its link on another account. */
        pending: REFUSED,
        /** The domain policy refuses the address (docs/decisions). */
        domainRefused: REFUSED,
        /** Too many requests from this network or for this address (decisions/holds.md): try again after `holdUntil`. */
        tooManyRequests: REFUSED,
      },
    }),
    requesting: calling('requestChange', {
      input: requestInput,
      onDone: { target: 'awaiting', actions: 'assignRequested' },
      onError: [
        { guard: hasCode('loginEmailTaken', 'emailTaken'), target: 'editing.taken', actions: 'assignErrorCode' },
        { guard: hasCode('loginEmailPending'), target: 'editing.pending', actions: 'assignErrorCode' },
        { guard: hasCode('emailDomainNotAccepted'), target: 'editing.domainRefused', actions: 'assignErrorCode' },
        tooManyRequestsRoute(),
        FIELD_ERRORS_ROUTE,
        FAILED_ROUTE,
      ],
    }),
    /** The link went to `pendingEmail`; the change applies only when it is followed. */
    awaiting: {
      initial: 'idle',
      on: { 'form.restart': { target: 'editing.idle', actions: 'restart' } },
      states: {
        idle: { tags: ['ready'], on: { 'status.refresh': 'checking' } },
        checking: calling('fetchStatus', {
          input: statusInput,
          onDone: [
            { guard: 'isConfirmed', target: '#emailChange.confirmed', actions: 'assignConfirmed' },
            { guard: 'isStillPending', target: 'idle' },
            /** Neither applied nor waiting: the link expired unused or was replaced. */
            { target: '#emailChange.lapsed' },
          ],
          onError: failTo('failed'),
        }),
        failed: { tags: ['ready', 'error'], on: { 'status.refresh': 'checking' } },
      },
    },
    lapsed: {
      tags: ['error'],
      on: { 'form.restart': { target: 'editing.idle', actions: 'restart' } },
    },
    confirmed: { type: 'final', tags: ['done'] },
  },
});
