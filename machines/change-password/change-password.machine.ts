import { assign, setup } from 'xstate';
import type { FieldIssue } from '../../contract/errors.ts';
import type { PasswordPolicy } from '../../contract/password-policy.ts';
import * as account from '../../contract/calls/account.ts';
import { ChangePasswordRequestSchema, type ChangePasswordRequest } from '../../contract/schemas/account.ts';
import { callActors, childrenOf, flowTypes, formEditing, newPasswordPiece, submitting, type FailureCode } from '../form.ts';

export interface ChangePasswordInput {
  policy: PasswordPolicy;
}

export interface ChangePasswordValues {
  currentPassword: string;
  newPassword: string;
  confirmNewPassword: string;
}

export interface ChangePasswordContext {
  policy: PasswordPolicy;
  values: ChangePasswordValues;
  /** Includes the server's refusals: current password incorrect, same as old, too short/simple/common. */
  fieldErrors: FieldIssue[];
  errorCode: FailureCode | null;
}

export type ChangePasswordEvent =
  | { type: 'form.change'; field: keyof ChangePasswordValues; value: string }
  | { type: 'form.submit' }
  | { type: 'form.restart' };

const EMPTY_VALUES: ChangePasswordValues = { currentPassword: '', newPassword: '', confirmNewPassword: '' };

function initialContext({ input }: { input: ChangePasswordInput }): ChangePasswordContext {
  return { policy: input.policy, values: EMPTY_VALUES, fieldErrors: [], errorCode: null };
}

function changeInput({ context }: { context: ChangePasswordContext }): ChangePasswordRequest {
  return { ...context.values };
}

const form = newPasswordPiece<ChangePasswordContext, ChangePasswordEvent>(ChangePasswordRequestSchema, (context) => changeInput({ context }));

const actors = callActors('changePassword', { changePassword: account.changePassword });

export const changePasswordMachine = setup({
  types: { ...flowTypes<ChangePasswordContext, ChangePasswordEvent, ChangePasswordInput>(), children: childrenOf(actors) },
  actors,
  guards: form.guards,
  actions: {
    ...form.actions,
    clearForm: assign({ values: EMPTY_VALUES, fieldErrors: [], errorCode: null }),
  },
}).createMachine({
  id: 'changePassword',
  context: initialContext,
  initial: 'editing',
  states: {
    editing: formEditing(),
    submitting: submitting('changePassword', { input: changeInput, onDone: { target: 'done', actions: 'clearForm' } }),
    /** Not final: the page stays and offers to change the password again. */
    done: {
      tags: ['done'],
      on: { 'form.restart': { target: 'editing.idle', actions: 'clearForm' } },
    },
  },
});
