import { assign, setup } from 'xstate';
import type { FieldIssue } from '../../contract/errors.ts';
import { LoginRequestSchema, type LoginAnswer, type LoginRequest } from '../../contract/schemas/account.ts';
import { actorOutput, FAILED_ROUTE, failureHoldUntil, FIELD_ERRORS_ROUTE, formEditing, formPiece, hasCode, refusal, REFUSED, unprovided, validate, type FailureCode, type FlowTag, type RecaptchaEvent } from '../form.ts';
import { CHALLENGE_ON, CHALLENGE_ROUTE, CHALLENGE_STATES, challengeActions, challengeGuards, challengeIssues, challengeToken, NO_CHALLENGE, type PasswordChallengeContext } from './password-challenge.ts';

export type PasswordLoginInput = Record<string, never>;

export interface PasswordLoginValues {
  loginId: string;
  password: string;
}

export interface PasswordLoginContext extends PasswordChallengeContext {
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
  | { type: 'form.submit' }
  | RecaptchaEvent;

function initialContext(): PasswordLoginContext {
  return { values: { loginId: '', password: '' }, fieldErrors: [], errorCode: null, holdUntil: null, answer: null, ...NO_CHALLENGE };
}

function loginInput({ context }: { context: PasswordLoginContext }): LoginRequest {
  return { loginId: context.values.loginId, password: context.values.password, ...challengeToken(context) };
}

function answerOutput({ context }: { context: PasswordLoginContext }): LoginAnswer {
  if (!context.answer) throw new Error('passwordLogin ended without an answer');
  return context.answer;
}

const form = formPiece<PasswordLoginContext, PasswordLoginEvent>((context) => [...validate(LoginRequestSchema, loginInput({ context })), ...challengeIssues(context)]);

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
    ...challengeGuards,
    needsSecondFactor: ({ event }) => actorOutput<LoginAnswer>(event, 'login').status === 'secondFactor',
  },
  actions: {
    ...form.actions,
    ...challengeActions<PasswordLoginContext, PasswordLoginEvent>(),
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
      on: CHALLENGE_ON,
      states: {
        /** Too many wrong passwords for this account from browsers it does not know: the widget, then the attempt again with its token. */
        ...CHALLENGE_STATES,
        /** Unknown login or wrong password: one message for both, so logins cannot be probed. */
        loginFailed: REFUSED,
        accountInactive: REFUSED,
        /** Repeated wrong passwords for this account from this address: wait until `holdUntil`. */
        throttled: REFUSED,
      },
    }),
    submitting: {
      tags: ['busy'],
      /** A token sent is spent, whatever the answer. */
      exit: 'spendChallengeToken',
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
          CHALLENGE_ROUTE,
          FAILED_ROUTE,
        ],
      },
    },
    done: { type: 'final', tags: ['done'] },
    secondFactor: { type: 'final', tags: ['done'] },
  },
});
