import { assertEvent, assign, setup } from 'xstate';
import type { FieldIssue } from '../../contract/errors.ts';
import type { Language } from '../../contract/languages.ts';
import * as account from '../../contract/calls/account.ts';
import { ForgotPasswordRequestSchema, type ForgotPasswordRequest, type ForgotPasswordResult } from '../../contract/schemas/account.ts';
import { actorOutput, callActors, childrenOf, FAILED_ROUTE, FIELD_ERRORS_ROUTE, flowTypes, formEditing, formPiece, heldRoute, holdActions, NO_HOLD, refusal, REFUSED, submitting, tooManyRequestsRoute, validate, type FailureCode } from '../form.ts';

export type ForgotPasswordMethod = 'email' | 'loginId';

export interface ForgotPasswordInput {
  /** The language of the emailed link. */
  lang: Language;
}

export interface ForgotPasswordValues {
  /** Whether the account is named by its login email or its login ID. */
  by: ForgotPasswordMethod;
  email: string;
  loginId: string;
}

export interface ForgotPasswordContext {
  lang: Language;
  values: ForgotPasswordValues;
  fieldErrors: FieldIssue[];
  errorCode: FailureCode | null;
  /** ISO time until which further requests are refused (state `editing.held`). */
  holdUntil: string | null;
  /** Where the link went, masked by the server (`p•••1@demo.test`). */
  maskedEmail: string | null;
}

export type ForgotPasswordEvent =
  | { type: 'method.choose'; by: ForgotPasswordMethod }
  | { type: 'form.change'; field: 'email' | 'loginId'; value: string }
  | { type: 'form.submit' };

function initialContext({ input }: { input: ForgotPasswordInput }): ForgotPasswordContext {
  return {
    lang: input.lang,
    values: { by: 'email', email: '', loginId: '' },
    ...NO_HOLD,
    maskedEmail: null,
  };
}

/** Only the chosen field is sent; the other keeps what was typed in case the user switches back. */
function requestInput({ context }: { context: ForgotPasswordContext }): ForgotPasswordRequest {
  const { by, email, loginId } = context.values;
  return by === 'email' ? { by, email, lang: context.lang } : { by, loginId, lang: context.lang };
}

function sentOutput({ context }: { context: ForgotPasswordContext }): ForgotPasswordResult {
  if (context.maskedEmail === null) throw new Error('forgotPassword reached sent without an address');
  return { maskedEmail: context.maskedEmail };
}

const form = formPiece<ForgotPasswordContext, ForgotPasswordEvent>((context) => validate(ForgotPasswordRequestSchema, requestInput({ context })));

const actors = callActors('forgotPassword', { requestReset: account.forgotPassword });

export const forgotPasswordMachine = setup({
  types: { ...flowTypes<ForgotPasswordContext, ForgotPasswordEvent, ForgotPasswordInput>(), output: {} as ForgotPasswordResult, children: childrenOf(actors) },
  actors,
  guards: form.guards,
  actions: {
    ...form.actions,
    assignMethod: assign({
      values: ({ context, event }) => {
        assertEvent(event, 'method.choose');
        return { ...context.values, by: event.by };
      },
      fieldErrors: [],
      errorCode: null,
    }),
    ...holdActions<ForgotPasswordContext, ForgotPasswordEvent>(),
    assignMaskedEmail: assign({
      maskedEmail: ({ event }) => actorOutput<ForgotPasswordResult>(event, 'requestReset').maskedEmail,
    }),
  },
}).createMachine({
  id: 'forgotPassword',
  context: initialContext,
  output: sentOutput,
  initial: 'editing',
  states: {
    editing: formEditing({
      on: {
        /** A refusal about one way of naming the account says nothing about the other. */
        'method.choose': { target: '.idle', actions: 'assignMethod' },
      },
      states: {
        emailNotFound: REFUSED,
        loginIdNotFound: REFUSED,
        /** The account exists but has no email to send the link to: ask the school administrator. */
        noEmail: REFUSED,
        held: REFUSED,
        /** Too many requests from this network or for this login or email (decisions/holds.md): try again after `holdUntil`. */
        tooManyRequests: REFUSED,
      },
    }),
    submitting: submitting('requestReset', {
      input: requestInput,
      onDone: { target: 'sent', actions: 'assignMaskedEmail' },
      onError: [
        FIELD_ERRORS_ROUTE,
        refusal('editing.emailNotFound', 'emailNotFound'),
        refusal('editing.loginIdNotFound', 'loginIdNotFound'),
        refusal('editing.noEmail', 'accountHasNoEmail'),
        heldRoute(),
        tooManyRequestsRoute(),
        FAILED_ROUTE,
      ],
    }),
    sent: { type: 'final', tags: ['done'] },
  },
});
