import { assign, setup } from 'xstate';
import type { FieldIssue } from '../../contract/errors.ts';
import type { LoginAnswer } from '../../contract/schemas/account.ts';
import { SsoAttachRequestSchema, type SsoAttachRequest } from '../../contract/schemas/sso.ts';
import { actorOutput, FAILED_ROUTE, failureHoldUntil, FIELD_ERRORS_ROUTE, formEditing, formPiece, hasCode, refusal, REFUSED, unprovided, validate, type FailureCode, type FlowTag, type RecaptchaEvent } from '../form.ts';
import { CHALLENGE_ON, CHALLENGE_ROUTE, CHALLENGE_STATES, challengeActions, challengeGuards, challengeIssues, challengeToken, NO_CHALLENGE, type PasswordChallengeContext } from '../login/index.ts';

/**
 * /third-party-link (SPEC §2 "Third-party account registration onto an existing account", §8
 * Third-party link): the identity that opened no account is attached to an existing one with its
 * login name and password, then signs in (school administrators: the second factor first).
 */
export type ThirdPartyLinkInput = Record<string, never>;

export interface ThirdPartyLinkValues {
  loginId: string;
  password: string;
}

export interface ThirdPartyLinkContext extends PasswordChallengeContext {
  values: ThirdPartyLinkValues;
  fieldErrors: FieldIssue[];
  errorCode: FailureCode | null;
  /** ISO time from which a password may be tried again (state `editing.throttled`). */
  holdUntil: string | null;
  answer: LoginAnswer | null;
}

export type ThirdPartyLinkEvent = { type: 'form.change'; field: keyof ThirdPartyLinkValues; value: string } | { type: 'form.submit' } | RecaptchaEvent;

function attachInput({ context }: { context: ThirdPartyLinkContext }): SsoAttachRequest {
  return { loginId: context.values.loginId, password: context.values.password, ...challengeToken(context) };
}

function answerOutput({ context }: { context: ThirdPartyLinkContext }): LoginAnswer {
  if (!context.answer) throw new Error('thirdPartyLink ended without an answer');
  return context.answer;
}

const form = formPiece<ThirdPartyLinkContext, ThirdPartyLinkEvent>((context) => [...validate(SsoAttachRequestSchema, attachInput({ context })), ...challengeIssues(context)]);

export const thirdPartyLinkMachine = setup({
  types: {
    context: {} as ThirdPartyLinkContext,
    events: {} as ThirdPartyLinkEvent,
    input: {} as ThirdPartyLinkInput,
    output: {} as LoginAnswer,
    tags: {} as FlowTag,
    children: {} as { attach: 'attach' },
  },
  actors: {
    attach: unprovided<LoginAnswer, SsoAttachRequest>('thirdPartyLink', 'attach'),
  },
  guards: {
    ...form.guards,
    ...challengeGuards,
    needsSecondFactor: ({ event }) => actorOutput<LoginAnswer>(event, 'attach').status === 'secondFactor',
  },
  actions: {
    ...form.actions,
    ...challengeActions<ThirdPartyLinkContext, ThirdPartyLinkEvent>(),
    assignHoldUntil: assign({ holdUntil: ({ event }) => failureHoldUntil(event) }),
    assignAnswer: assign({ answer: ({ event }) => actorOutput<LoginAnswer>(event, 'attach') }),
  },
}).createMachine({
  id: 'thirdPartyLink',
  context: () => ({ values: { loginId: '', password: '' }, fieldErrors: [], errorCode: null, holdUntil: null, answer: null, ...NO_CHALLENGE }),
  output: answerOutput,
  initial: 'editing',
  states: {
    editing: formEditing({
      on: CHALLENGE_ON,
      states: {
        /** Too many wrong passwords for the account from browsers it does not know (login-throttling.md). */
        ...CHALLENGE_STATES,
        /** Incorrect login name or password (SPEC §8). */
        loginFailed: REFUSED,
        accountInactive: REFUSED,
        throttled: REFUSED,
        /** The identity already opens another account (SPEC §8 identifierUsed). */
        identifierUsed: REFUSED,
        /** Unknown failure (or the identity's ten minutes ran out): sign in with Google again. */
        thirdPartyFailed: REFUSED,
      },
    }),
    submitting: {
      tags: ['busy'],
      /** A token sent is spent, whatever the answer. */
      exit: 'spendChallengeToken',
      invoke: {
        id: 'attach',
        src: 'attach',
        input: attachInput,
        onDone: [
          { guard: 'needsSecondFactor', target: 'secondFactor', actions: 'assignAnswer' },
          { target: 'done', actions: 'assignAnswer' },
        ],
        onError: [
          FIELD_ERRORS_ROUTE,
          refusal('editing.loginFailed', 'loginFailed'),
          refusal('editing.accountInactive', 'accountInactive'),
          refusal('editing.identifierUsed', 'identifierUsed'),
          refusal('editing.thirdPartyFailed', 'thirdPartyFailed'),
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
