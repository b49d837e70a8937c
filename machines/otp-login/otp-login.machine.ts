import { assertEvent, assign, setup } from 'xstate';
import { OTP_RESEND_AFTER_MS, OTP_VALIDITY_MS } from '../../contract/constants.ts';
import type { User } from '../../contract/schemas/account.ts';
import { OtpLoginRequestSchema, OtpSendRequestSchema, type OtpLoginRequest, type OtpSendRequest } from '../../contract/schemas/otp-login.ts';
import { CODE_TYPING, codeEntryPiece, codeEntryStates, noCodeSent, type CodeEntryContext } from '../code-entry.ts';
import * as otpLogin from '../../contract/calls/otp-login.ts';
import { actorOutput, callActors, childrenOf, failureHoldUntil, flowTypes, FAILED_ROUTE, FIELD_ERRORS_ROUTE, formEditing, formPiece, hasCode, refusal, REFUSED, tooManyRequestsRoute, validate, type RecaptchaEvent } from '../form.ts';
import { CHALLENGE_ON, CHALLENGE_ROUTE, CHALLENGE_STATES, challengeActions, challengeGuards, challengeIssues, challengeToken, NO_CHALLENGE, type PasswordChallengeContext } from '../login/index.ts';
import { delayUntil } from '../time.ts';

export interface OtpLoginInput {
  /** The clock, so that tests and stories see a fixed time; `Date.now` when left out. */
  now?: () => number;
}

export interface OtpLoginValues {
  /** A login ID or a login email. */
  loginId: string;
}

/**
 * The code entry's fields (the six digits typed from the email, its times, the hold), the login,
 * and the challenge (machines/login/password-challenge.ts): once the server answers
 * `loginChallengeRequired` (the login is flooded from this network, or this network is held for
 * the account after too many wrong codes: docs/decisions/holds.md), the widget is shown and each
 * later send or code carries a solved token. A code sent forgets it: the code entry asks for its
 * own only when the server does.
 */
export interface OtpLoginContext extends CodeEntryContext, PasswordChallengeContext {
  values: OtpLoginValues;
  /** The signed-in user, once the code was accepted. */
  user: User | null;
}

export type OtpLoginEvent =
  | { type: 'form.change'; field: keyof OtpLoginValues; value: string }
  | { type: 'form.submit' }
  | { type: 'code.change'; value: string }
  | { type: 'code.submit' }
  | { type: 'code.resend' }
  | { type: 'login.edit' }
  /** The page was reloaded while a code was being typed: the login and the sent code's times, kept by the page. */
  | { type: 'code.resume'; loginId: string; expiresAt: string; resendAt: string }
  /** Refused a new code too soon: type the code already emailed. */
  | { type: 'code.enter' }
  | RecaptchaEvent;

function initialContext({ input }: { input: OtpLoginInput }): OtpLoginContext {
  return { ...noCodeSent(input.now), values: { loginId: '' }, user: null, ...NO_CHALLENGE };
}

function sendInput({ context }: { context: OtpLoginContext }): OtpSendRequest {
  return { loginId: context.values.loginId, ...challengeToken(context) };
}

function loginInput({ context }: { context: OtpLoginContext }): OtpLoginRequest {
  return { loginId: context.values.loginId, code: context.code, ...challengeToken(context) };
}

function userOutput({ context }: { context: OtpLoginContext }): User {
  if (!context.user) throw new Error('otpLogin reached done without a user');
  return context.user;
}

/**
 * The times of the code already emailed, from the server's `codeResendTooSoon` (its `holdUntil`
 * is when a new code may be asked for; the code was sent OTP_RESEND_AFTER_MS before and works
 * OTP_VALIDITY_MS from then). Unknown without the time.
 */
function waitingCodeTimes(resendAt: string | null): { resendAt: string | null; expiresAt: string | null } {
  const at = resendAt === null ? Number.NaN : Date.parse(resendAt);
  if (Number.isNaN(at)) return { resendAt: null, expiresAt: null };
  return { resendAt, expiresAt: new Date(at - OTP_RESEND_AFTER_MS + OTP_VALIDITY_MS).toISOString() };
}

const form = formPiece<OtpLoginContext, OtpLoginEvent>((context) => [...validate(OtpSendRequestSchema, sendInput({ context })), ...challengeIssues(context)]);
/** The code half: the login was accepted when the code was sent; the widget, once asked for, must be solved. */
const code = codeEntryPiece<OtpLoginContext, OtpLoginEvent>((context) => [...validate(OtpLoginRequestSchema, loginInput({ context })), ...challengeIssues(context)]);

/**
 * Where a refused send leads: one state per account refusal, so the view can say what to do next,
 * and `editing.tooManyRequests` (too many requests from this network or for this login) with when
 * to try again.
 */
const SEND_REFUSALS = [
  refusal('editing.unknownLogin', 'otpUnknownLogin'),
  refusal('editing.noEmail', 'otpNoEmail'),
  refusal('editing.inactive', 'accountInactive'),
  refusal('editing.sendLimit', 'otpSendLimit'),
  { guard: hasCode('codeResendTooSoon'), target: 'editing.tooSoon', actions: ['assignErrorCode', 'assignWaitingCode'] },
  tooManyRequestsRoute(),
  CHALLENGE_ROUTE,
] as const;

/**
 * Where the code is typed; the right code of a school administrator goes back to the login with the
 * way on. A browser the account does not know, behind a network held for it after too many wrong
 * codes, is asked for the robot check (`codeSent.entry.editing.challenge`, never the hold): the
 * widget is shown and each later code carries a solved token, spent whatever the answer.
 */
const codeEntry = codeEntryStates({
  machineId: 'otpLogin',
  send: 'sending',
  back: ['login.edit', 'editing.idle'],
  expired: 'timedOut',
  refusedExpired: 'expired',
  heldCode: 'otpHeld',
  typing: { ...CODE_TYPING, ...CHALLENGE_ON },
  states: CHALLENGE_STATES,
  verify: {
    id: 'login',
    input: loginInput,
    onDone: { target: '#otpLogin.done', actions: 'assignUser' },
    refusals: [{ guard: hasCode('otpSchoolAdmin'), target: '#otpLogin.editing.schoolAdmin', actions: ['forgetCode', 'assignErrorCode'] }, CHALLENGE_ROUTE],
    exit: ['spendChallengeToken'],
  },
});

const actors = callActors('otpLogin', { sendCode: otpLogin.send, login: otpLogin.login });

export const otpLoginMachine = setup({
  types: { ...flowTypes<OtpLoginContext, OtpLoginEvent, OtpLoginInput>(), output: {} as User, children: childrenOf(actors) },
  actors,
  delays: code.delays,
  guards: {
    ...form.guards,
    ...code.guards,
    ...challengeGuards,
    /** A resumed code is typed only while it still works. */
    isResumable: ({ context, event }) => {
      assertEvent(event, 'code.resume');
      return delayUntil(event.expiresAt, context.now()) > 0;
    },
    /** The code already emailed still works (its time came with the refusal). */
    hasWaitingCode: ({ context }) => delayUntil(context.expiresAt, context.now()) > 0,
  },
  actions: {
    ...form.actions,
    ...code.actions,
    ...challengeActions<OtpLoginContext, OtpLoginEvent>(),
    assignUser: assign({ user: ({ event }) => actorOutput<User>(event, 'login'), code: '' }),
    assignResumed: assign(({ event }) => {
      assertEvent(event, 'code.resume');
      return { values: { loginId: event.loginId }, expiresAt: event.expiresAt, resendAt: event.resendAt, code: '', fieldErrors: [], errorCode: null };
    }),
    assignWaitingCode: assign(({ event }) => waitingCodeTimes(failureHoldUntil(event))),
    /** A code was sent: the code entry shows the widget only once the server asks for it there. */
    forgetChallenge: assign({ challenged: false }),
  },
}).createMachine({
  id: 'otpLogin',
  context: initialContext,
  output: userOutput,
  initial: 'editing',
  states: {
    /** Type the login ID or login email; each refusal of the account has its own state. */
    editing: formEditing({
      submitTo: 'sending',
      on: {
        ...CHALLENGE_ON,
        /** The page came back (a reload) while a code was being typed: the code entry again, with its times. */
        'code.resume': { guard: 'isResumable', target: '#otpLogin.codeSent', actions: 'assignResumed' },
      },
      states: {
        unknownLogin: REFUSED,
        noEmail: REFUSED,
        inactive: REFUSED,
        /**
         * School administrators must use the password login (SPEC §6): the view links to it. The
         * server says so only once the right code proves the account (a code is sent to anyone).
         */
        schoolAdmin: REFUSED,
        sendLimit: REFUSED,
        /**
         * A code was emailed to this login less than a minute ago (another tab, or a reload whose
         * page kept nothing): when a new one may be asked for, and the way to type the one emailed.
         * Changing the login forgets both.
         */
        tooSoon: {
          tags: ['error'],
          on: {
            'code.enter': { guard: 'hasWaitingCode', target: '#otpLogin.codeSent', actions: ['clearErrors', 'forgetChallenge'] },
            'form.change': { target: 'idle', actions: ['assignValue', 'forgetCode'] },
          },
        },
        /** Too many requests from this network or for this login (decisions/holds.md): try again after `holdUntil`. */
        tooManyRequests: REFUSED,
        /** The login is flooded from this network: the widget, then the send again with its token (never a wait). */
        ...CHALLENGE_STATES,
      },
    }),
    sending: {
      tags: ['busy'],
      /** A token sent is spent, whatever the answer. */
      exit: 'spendChallengeToken',
      invoke: {
        id: 'sendCode',
        src: 'sendCode',
        input: sendInput,
        onDone: { target: 'codeSent', actions: ['assignSent', 'forgetChallenge'] },
        onError: [{ guard: hasCode('otpHeld'), target: 'held', actions: 'assignHoldUntil' }, ...SEND_REFUSALS, FIELD_ERRORS_ROUTE, FAILED_ROUTE],
      },
    },
    /** The code entry (machines/code-entry.ts): the countdowns, the code typed and verified. */
    codeSent: codeEntry.entry,
    /** The countdown ran out before the code was used: ask for a new one, or change the login. */
    timedOut: codeEntry.expired,
    /** The server found the code expired (the page's clock ran slow): the same ways on. */
    expired: codeEntry.expired,
    /** More than 5 wrong codes in 24 hours: refused until `holdUntil` (the password still works). */
    held: codeEntry.held,
    done: { type: 'final', tags: ['done'] },
  },
});
