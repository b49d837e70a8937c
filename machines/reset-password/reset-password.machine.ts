import { assign, setup } from 'xstate';
import type { FieldIssue } from '../../contract/errors.ts';
import type { PasswordPolicy } from '../../contract/password-policy.ts';
import {
  ResetPasswordRequestSchema,
  type ResetCheckRequest,
  type ResetPasswordRequest,
  type ResetRecord,
} from '../../contract/schemas/account.ts';
import { actorOutput, FAILED_ROUTE, FIELD_ERRORS_ROUTE, formEditing, LINK_CHECK_FAILED, LINK_REFUSED_STATES, linkChecking, linkRefusalRoutes, newPasswordPiece, unprovided, type FailureCode, type FlowTag } from '../form.ts';

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
    fieldErrors: [],
    errorCode: null,
  };
}

function checkInput({ context }: { context: ResetPasswordContext }): ResetCheckRequest {
  return { token: context.token };
}

function resetInput({ context }: { context: ResetPasswordContext }): ResetPasswordRequest {
  return { token: context.token, ...context.values };
}

const form = newPasswordPiece<ResetPasswordContext, ResetPasswordEvent>(ResetPasswordRequestSchema, (context) => resetInput({ context }));

export const resetPasswordMachine = setup({
  types: {
    context: {} as ResetPasswordContext,
    events: {} as ResetPasswordEvent,
    input: {} as ResetPasswordInput,
    tags: {} as FlowTag,
    children: {} as { checkResetToken: 'checkResetToken'; resetPassword: 'resetPassword' },
  },
  actors: {
    checkResetToken: unprovided<ResetRecord, ResetCheckRequest>('resetPassword', 'checkResetToken'),
    resetPassword: unprovided<void, ResetPasswordRequest>('resetPassword', 'resetPassword'),
  },
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
    submitting: {
      tags: ['busy'],
      invoke: {
        id: 'resetPassword',
        src: 'resetPassword',
        input: resetInput,
        onDone: { target: 'done', actions: 'forgetPassword' },
        onError: [
          ...linkRefusalRoutes('resetPassword'),
          FIELD_ERRORS_ROUTE,
          FAILED_ROUTE,
        ],
      },
    },
    done: { type: 'final', tags: ['done'] },
    ...LINK_REFUSED_STATES,
  },
});
