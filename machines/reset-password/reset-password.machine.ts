import { assign, setup } from 'xstate';
import type { FieldIssue } from '../../contract/errors.ts';
import type { PasswordPolicy } from '../../contract/password-policy.ts';
import {
  ResetPasswordRequestSchema,
  type ResetCheckRequest,
  type ResetPasswordRequest,
  type ResetRecord,
} from '../../contract/schemas/account.ts';
import * as account from '../../contract/calls/account.ts';
import { actorOutput, callActors, childrenOf, flowTypes, formEditing, LINK_CHECK_FAILED, LINK_REFUSED_STATES, linkChecking, linkRefusalRoutes, newPasswordPiece, NO_REFUSAL, SUBMIT_FAILED_ROUTES, submitting, type FailureCode } from '../form.ts';

export interface ResetPasswordInput {
  /** The token of the emailed link (`?token=`). */
  token: string;
  policy: PasswordPolicy;
}

export interface ResetPasswordValues {
  newPassword: string;
  confirmNewPassword: string;
}

export interface ResetPasswordContext {
  token: string;
  policy: PasswordPolicy;
  /** The account the valid link resets, once checked (its login ID is shown). */
  record: ResetRecord | null;
  values: ResetPasswordValues;
  fieldErrors: FieldIssue[];
  errorCode: FailureCode | null;
}

export type ResetPasswordEvent =
  | { type: 'retry' }
  | { type: 'form.change'; field: keyof ResetPasswordValues; value: string }
  | { type: 'form.submit' };

function initialContext({ input }: { input: ResetPasswordInput }): ResetPasswordContext {
  return {
    token: input.token,
    policy: input.policy,
    record: null,
    values: { newPassword: '', confirmNewPassword: '' },
    ...NO_REFUSAL,
  };
}

function checkInput({ context }: { context: ResetPasswordContext }): ResetCheckRequest {
  return { token: context.token };
}

function resetInput({ context }: { context: ResetPasswordContext }): ResetPasswordRequest {
  return { token: context.token, ...context.values };
}

const form = newPasswordPiece<ResetPasswordContext, ResetPasswordEvent>(ResetPasswordRequestSchema, (context) => resetInput({ context }));

const actors = callActors('resetPassword', { checkResetToken: account.resetCheck, resetPassword: account.resetPassword });

export const resetPasswordMachine = setup({
  types: { ...flowTypes<ResetPasswordContext, ResetPasswordEvent, ResetPasswordInput>(), children: childrenOf(actors) },
  actors,
  guards: form.guards,
  actions: {
    ...form.actions,
    assignRecord: assign({ record: ({ event }) => actorOutput<ResetRecord>(event, 'checkResetToken') }),
  },
}).createMachine({
  id: 'resetPassword',
  context: initialContext,
  initial: 'checking',
  states: {
    checking: linkChecking('resetPassword', 'checkResetToken', checkInput, { target: 'editing', actions: 'assignRecord' }),
    checkFailed: LINK_CHECK_FAILED,
    editing: formEditing(),
    submitting: submitting('resetPassword', {
      input: resetInput,
      onDone: { target: 'done', actions: 'forgetPassword' },
      onError: [...linkRefusalRoutes('resetPassword'), ...SUBMIT_FAILED_ROUTES],
    }),
    done: { type: 'final', tags: ['done'] },
    ...LINK_REFUSED_STATES,
  },
});
