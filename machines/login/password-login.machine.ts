import { assign, setup } from 'xstate';
import type { FieldIssue } from '../../contract/errors.ts';
import { LoginRequestSchema, type LoginRequest, type User } from '../../contract/schemas/account.ts';
import { actorOutput, FAILED_ROUTE, failureHoldUntil, FIELD_ERRORS_ROUTE, formEditing, formPiece, hasCode, refusal, REFUSED, unprovided, validate, type FailureCode, type FlowTag } from '../form.ts';

export type PasswordLoginInput = Record<string, never>;

export interface PasswordLoginValues {
  loginId: string;
  password: string;
}

export interface PasswordLoginContext {
  /** What the user typed; `loginId` is a login ID or a login email. */
  values: PasswordLoginValues;
  /** Field problems found by the contract schema or answered by the server. */
  fieldErrors: FieldIssue[];
  /** The code of a failure with no state of its own (shown in `editing.failed`). */
  errorCode: FailureCode | null;
  /** ISO time from which a password for this account may be tried again here (state `editing.throttled`). */
  holdUntil: string | null;
  /** The signed-in user, once the login succeeded. */
  user: User | null;
}

export type PasswordLoginEvent =
  | { type: 'form.change'; field: keyof PasswordLoginValues; value: string }
  | { type: 'form.submit' };

function initialContext(): PasswordLoginContext {
  return { values: { loginId: '', password: '' }, fieldErrors: [], errorCode: null, holdUntil: null, user: null };
}

function loginInput({ context }: { context: PasswordLoginContext }): LoginRequest {
  return { loginId: context.values.loginId, password: context.values.password };
}

function userOutput({ context }: { context: PasswordLoginContext }): User {
  if (!context.user) throw new Error('passwordLogin reached done without a user');
  return context.user;
}

const form = formPiece<PasswordLoginContext, PasswordLoginEvent>((context) => validate(LoginRequestSchema, loginInput({ context })));

export const passwordLoginMachine = setup({
  types: {
    context: {} as PasswordLoginContext,
    events: {} as PasswordLoginEvent,
    input: {} as PasswordLoginInput,
    output: {} as User,
    tags: {} as FlowTag,
    children: {} as { login: 'login' },
  },
  actors: {
    login: unprovided<User, LoginRequest>('passwordLogin', 'login'),
  },
  guards: form.guards,
  actions: {
    ...form.actions,
    clearErrors: assign({ fieldErrors: [], errorCode: null, holdUntil: null }),
    assignHoldUntil: assign({ holdUntil: ({ event }) => failureHoldUntil(event) }),
    assignUser: assign({ user: ({ event }) => actorOutput<User>(event, 'login') }),
  },
}).createMachine({
  id: 'passwordLogin',
  context: initialContext,
  output: userOutput,
  initial: 'editing',
  states: {
    editing: formEditing({
      states: {
        /** Unknown login or wrong password: one message for both, so logins cannot be probed. */
        loginFailed: REFUSED,
        accountInactive: REFUSED,
        /** Repeated wrong passwords for this account from this address: wait until `holdUntil`. */
        throttled: REFUSED,
      },
    }),
    submitting: {
      tags: ['busy'],
      invoke: {
        id: 'login',
        src: 'login',
        input: loginInput,
        onDone: { target: 'done', actions: 'assignUser' },
        onError: [
          FIELD_ERRORS_ROUTE,
          refusal('editing.loginFailed', 'loginFailed'),
          refusal('editing.accountInactive', 'accountInactive'),
          { guard: hasCode('loginThrottled'), target: 'editing.throttled', actions: ['assignErrorCode', 'assignHoldUntil'] },
          FAILED_ROUTE,
        ],
      },
    },
    done: { type: 'final', tags: ['done'] },
  },
});
