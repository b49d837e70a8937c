import { assign, setup } from 'xstate';
import type { FieldIssue } from '../../contract/errors.ts';
import { LoginRequestSchema, type LoginAnswer, type LoginRequest } from '../../contract/schemas/account.ts';
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
  /** The server's answer once the password was right: signed in, or a second factor to give (school administrators). */
  answer: LoginAnswer | null;
}

export type PasswordLoginEvent =
  | { type: 'form.change'; field: keyof PasswordLoginValues; value: string }
  | { type: 'form.submit' };

function initialContext(): PasswordLoginContext {
  return { values: { loginId: '', password: '' }, fieldErrors: [], errorCode: null, holdUntil: null, answer: null };
}

function loginInput({ context }: { context: PasswordLoginContext }): LoginRequest {
  return { loginId: context.values.loginId, password: context.values.password };
}

function answerOutput({ context }: { context: PasswordLoginContext }): LoginAnswer {
  if (!context.answer) throw new Error('passwordLogin ended without an answer');
  return context.answer;
}

const form = formPiece<PasswordLoginContext, PasswordLoginEvent>((context) => validate(LoginRequestSchema, loginInput({ context })));

export const passwordLoginMachine = setup({
  types: {
    context: {} as PasswordLoginContext,
    events: {} as PasswordLoginEvent,
    input: {} as PasswordLoginInput,
    output: {} as LoginAnswer,
    tags: {} as FlowTag,
    children: {} as { login: 'login' },
  },
  actors: {
    login: unprovided<LoginAnswer, LoginRequest>('passwordLogin', 'login'),
  },
  guards: {
    ...form.guards,
    needsSecondFactor: ({ event }) => actorOutput<LoginAnswer>(event, 'login').status === 'secondFactor',
  },
  actions: {
    ...form.actions,
    clearErrors: assign({ fieldErrors: [], errorCode: null, holdUntil: null }),
    assignHoldUntil: assign({ holdUntil: ({ event }) => failureHoldUntil(event) }),
    assignAnswer: assign({ answer: ({ event }) => actorOutput<LoginAnswer>(event, 'login') }),
  },
}).createMachine({
  id: 'passwordLogin',
  context: initialContext,
  output: answerOutput,
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
        onDone: [
          /** A school administrator: no session yet; the page goes on to /mfa-login. */
          { guard: 'needsSecondFactor', target: 'secondFactor', actions: 'assignAnswer' },
          { target: 'done', actions: 'assignAnswer' },
        ],
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
    secondFactor: { type: 'final', tags: ['done'] },
  },
});
