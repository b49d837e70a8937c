import { assign } from 'xstate';
import type * as v from 'valibot';
import type { FieldIssue } from '../../contract/errors.ts';
import type { LoginAnswer } from '../../contract/schemas/account.ts';
import { actorOutput, FAILED_ROUTE, failureHoldUntil, FIELD_ERRORS_ROUTE, formPiece, hasCode, refusal, REFUSED, validate, type FailureCode, type RecaptchaEvent } from '../form.ts';
import { CHALLENGE_ROUTE, CHALLENGE_STATES, challengeActions, challengeGuards, challengeIssues, challengeToken, NO_CHALLENGE, type PasswordChallengeContext } from './password-challenge.ts';

/**
 * The throttled password sign-in (docs/decisions/login-throttling.md), written once: a login
 * name and a password, sent by an actor that answers `LoginAnswer`; refused as unknown or
 * inactive, held for a while (`loginThrottled` with `holdUntil`), or asked for the challenge
 * (password-challenge.ts); signed in, or on to the second factor. The password login
 * (`passwordLogin`, actor `login`) and the third-party link (`thirdPartyLink`, actor `attach`)
 * are this piece with their own actor and, for the link, its own refusals.
 */

export interface PasswordSignInValues {
  loginId: string;
  password: string;
}

export interface PasswordSignInContext extends PasswordChallengeContext {
  /** What the user typed; `loginId` is a login ID or a login email. */
  values: PasswordSignInValues;
  /** Field problems found by the contract schema or answered by the server. */
  fieldErrors: FieldIssue[];
  /** The code of a failure with no state of its own (shown in `editing.failed`). */
  errorCode: FailureCode | null;
  /** ISO time from which a password for this account may be tried again here (state `editing.throttled`). */
  holdUntil: string | null;
  /** The server's answer once the password was right: signed in, or a second factor to give (school administrators). */
  answer: LoginAnswer | null;
}

export type PasswordSignInEvent = { type: 'form.change'; field: keyof PasswordSignInValues; value: string } | { type: 'form.submit' } | RecaptchaEvent;

/** What the sign-in's actor is sent: the login request and the attach request alike. */
export interface PasswordSignInRequest extends PasswordSignInValues {
  recaptchaToken?: string;
}

export function signInContext(): PasswordSignInContext {
  return { values: { loginId: '', password: '' }, fieldErrors: [], errorCode: null, holdUntil: null, answer: null, ...NO_CHALLENGE };
}

export function signInRequest({ context }: { context: PasswordSignInContext }): PasswordSignInRequest {
  return { loginId: context.values.loginId, password: context.values.password, ...challengeToken(context) };
}

export function signInAnswer({ context }: { context: PasswordSignInContext }): LoginAnswer {
  if (!context.answer) throw new Error('password sign-in ended without an answer');
  return context.answer;
}

/**
 * The guards and actions of a sign-in whose actor is `actor`: the form's (checked against the
 * request's `schema` and the challenge), the challenge's, and the answer's.
 */
export function passwordSignInPiece(schema: v.GenericSchema, actor: string) {
  const form = formPiece<PasswordSignInContext, PasswordSignInEvent>((context) => [...validate(schema, signInRequest({ context })), ...challengeIssues(context)]);
  return {
    guards: {
      ...form.guards,
      ...challengeGuards,
      needsSecondFactor: ({ event }: { event: PasswordSignInEvent }) => actorOutput<LoginAnswer>(event, actor).status === 'secondFactor',
    },
    actions: {
      ...form.actions,
      ...challengeActions<PasswordSignInContext, PasswordSignInEvent>(),
      clearErrors: assign<PasswordSignInContext, PasswordSignInEvent, undefined, PasswordSignInEvent, never>({ fieldErrors: [], errorCode: null, holdUntil: null }),
      assignHoldUntil: assign<PasswordSignInContext, PasswordSignInEvent, undefined, PasswordSignInEvent, never>({ holdUntil: ({ event }) => failureHoldUntil(event) }),
      assignAnswer: assign<PasswordSignInContext, PasswordSignInEvent, undefined, PasswordSignInEvent, never>({ answer: ({ event }) => actorOutput<LoginAnswer>(event, actor) }),
    },
  };
}

/** The sign-in's refusal states under `editing` (a machine adds its own beside them). */
export const SIGN_IN_REFUSED_STATES = {
  /** Too many wrong passwords for this account from browsers it does not know: the widget, then the attempt again with its token. */
  ...CHALLENGE_STATES,
  /** Unknown login or wrong password: one message for both, so logins cannot be probed. */
  loginFailed: REFUSED,
  accountInactive: REFUSED,
  /** Repeated wrong passwords for this account from this address: wait until `holdUntil`. */
  throttled: REFUSED,
} as const;

/**
 * `submitting`: the attempt sent by `actor`, and where each answer leads; `routes` are the
 * machine's own refusals, tried after unknown and inactive accounts.
 */
export function signInSubmitting<const TActor extends string, const TRoutes extends readonly object[] = []>(actor: TActor, ...routes: TRoutes) {
  return {
    tags: ['busy'],
    /** A token sent is spent, whatever the answer. */
    exit: 'spendChallengeToken',
    invoke: {
      id: actor,
      src: actor,
      input: signInRequest,
      onDone: [
        /** A school administrator: no session yet; the page goes on to /mfa-login. */
        { guard: 'needsSecondFactor', target: 'secondFactor', actions: 'assignAnswer' },
        { target: 'done', actions: 'assignAnswer' },
      ],
      onError: [
        FIELD_ERRORS_ROUTE,
        refusal('editing.loginFailed', 'loginFailed'),
        refusal('editing.accountInactive', 'accountInactive'),
        ...routes,
        { guard: hasCode('loginThrottled'), target: 'editing.throttled', actions: ['assignErrorCode', 'assignHoldUntil'] },
        CHALLENGE_ROUTE,
        FAILED_ROUTE,
      ],
    },
  } as const;
}

/** The ends: signed in, or (school administrators) on to the second factor. */
export const SIGN_IN_ENDS = {
  done: { type: 'final', tags: ['done'] },
  secondFactor: { type: 'final', tags: ['done'] },
} as const;
