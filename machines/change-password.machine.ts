import { assertEvent, assign, fromPromise, setup } from 'xstate';
import type { FieldIssue } from '../contract/errors.ts';
import type { PasswordPolicy } from '../contract/password-policy.ts';
import { ChangePasswordRequestSchema, type ChangePasswordRequest } from '../contract/schemas/account.ts';
import { failureCode, failureFields, formGuards, validateNewPassword, withoutField, type FailureCode } from './form.ts';

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

function passwordIssues(context: ChangePasswordContext): FieldIssue[] {
  return validateNewPassword(ChangePasswordRequestSchema, changeInput({ context }), context.values.newPassword, context.policy);
}

export const changePasswordMachine = setup({
  types: {
    context: {} as ChangePasswordContext,
    events: {} as ChangePasswordEvent,
    input: {} as ChangePasswordInput,
    tags: {} as 'busy' | 'error' | 'ready' | 'done',
    children: {} as { changePassword: 'changePassword' },
  },
  actors: {
    changePassword: fromPromise<void, ChangePasswordRequest>(async () => {
      throw new Error('changePassword: actor "changePassword" not provided');
    }),
  },
  guards: {
    ...formGuards,
    isFormInvalid: ({ context }) => passwordIssues(context).length > 0,
  },
  actions: {
    assignValue: assign({
      values: ({ context, event }) => {
        assertEvent(event, 'form.change');
        return { ...context.values, [event.field]: event.value };
      },
      fieldErrors: ({ context, event }) => {
        assertEvent(event, 'form.change');
        return withoutField(context.fieldErrors, event.field);
      },
    }),
    assignValidationErrors: assign({ fieldErrors: ({ context }) => passwordIssues(context) }),
    clearErrors: assign({ fieldErrors: [], errorCode: null }),
    assignServerFieldErrors: assign({ fieldErrors: ({ event }) => failureFields(event) }),
    assignErrorCode: assign({ errorCode: ({ event }) => failureCode(event) }),
    clearForm: assign({ values: EMPTY_VALUES, fieldErrors: [], errorCode: null }),
  },
}).createMachine({
  id: 'changePassword',
  context: initialContext,
  initial: 'editing',
  states: {
    editing: {
      tags: ['ready'],
      initial: 'idle',
      on: {
        'form.change': { actions: 'assignValue' },
        'form.submit': [
          { guard: 'isFormInvalid', target: '.invalid', actions: 'assignValidationErrors' },
          { target: 'submitting', actions: 'clearErrors' },
        ],
      },
      states: {
        idle: {},
        invalid: { tags: ['error'] },
        failed: { tags: ['error'] },
      },
    },
    submitting: {
      tags: ['busy'],
      invoke: {
        id: 'changePassword',
        src: 'changePassword',
        input: changeInput,
        onDone: { target: 'done', actions: 'clearForm' },
        onError: [
          { guard: 'hasFieldErrors', target: 'editing.invalid', actions: 'assignServerFieldErrors' },
          { target: 'editing.failed', actions: 'assignErrorCode' },
        ],
      },
    },
    /** Not final: the page stays and offers to change the password again. */
    done: {
      tags: ['done'],
      on: { 'form.restart': { target: 'editing.idle', actions: 'clearForm' } },
    },
  },
});
