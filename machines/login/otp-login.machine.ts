import { assign, setup } from 'xstate';
import type { FieldIssue } from '../../contract/errors.ts';
import type { User } from '../../contract/schemas/account.ts';
import { OtpLoginRequestSchema, OtpSendRequestSchema, type OtpLoginRequest, type OtpSendRequest, type OtpSendResult } from '../../contract/schemas/otp.ts';
import { actorOutput, editingStates, FAILED_ROUTE, FIELD_ERRORS_ROUTE, formEditing, formPiece, hasCode, refusal, REFUSED, unprovided, validate, type FailureCode, type FlowTag } from '../form.ts';
import { sentCodePiece } from '../sent-code.ts';

export interface OtpLoginInput {
  /** The clock, so that tests and stories see a fixed time; `Date.now` when left out. */
  now?: () => number;
}

export interface OtpLoginValues {
  /** A login ID or a login email. */
  loginId: string;
}

export interface OtpLoginContext {
  now: () => number;
  values: OtpLoginValues;
  /** The six digits typed from the email. */
  code: string;
  /** ISO time the sent code stops being accepted (delay `codeExpiry`). */
  expiresAt: string | null;
  /** ISO time a new code may be asked for (delay `resendAfter`). */
  resendAt: string | null;
  fieldErrors: FieldIssue[];
  errorCode: FailureCode | null;
  /** ISO time until which OTP login is refused (state `held`). */
  holdUntil: string | null;
  /** The signed-in user, once the code was accepted. */
  user: User | null;
}

export type OtpLoginEvent =
  | { type: 'form.change'; field: keyof OtpLoginValues; value: string }
  | { type: 'form.submit' }
  | { type: 'code.change'; value: string }
  | { type: 'code.submit' }
  | { type: 'code.resend' }
  | { type: 'login.edit' };

function initialContext({ input }: { input: OtpLoginInput }): OtpLoginContext {
  return {
    now: input.now ?? Date.now,
    values: { loginId: '' },
    code: '',
    expiresAt: null,
    resendAt: null,
    fieldErrors: [],
    errorCode: null,
    holdUntil: null,
    user: null,
  };
}

function sendInput({ context }: { context: OtpLoginContext }): OtpSendRequest {
  return { loginId: context.values.loginId };
}

function loginInput({ context }: { context: OtpLoginContext }): OtpLoginRequest {
  return { loginId: context.values.loginId, code: context.code };
}

function userOutput({ context }: { context: OtpLoginContext }): User {
  if (!context.user) throw new Error('otpLogin reached done without a user');
  return context.user;
}

const form = formPiece<OtpLoginContext, OtpLoginEvent>((context) => validate(OtpSendRequestSchema, sendInput({ context })));
/** The code half: the login was accepted when the code was sent. */
const code = sentCodePiece<OtpLoginContext, OtpLoginEvent>((context) => validate(OtpLoginRequestSchema, loginInput({ context })));

/**
 * Where a refused send leads: one state per account refusal, so the view can say what to do next.
 * Any other refusal (`tooManyRequests`: too many requests from this network or for this login) is
 * the generic `editing.failed`.
 */
const SEND_REFUSALS = [
  refusal('editing.unknownLogin', 'otpUnknownLogin'),
  refusal('editing.noEmail', 'otpNoEmail'),
  refusal('editing.inactive', 'accountInactive'),
  refusal('editing.sendLimit', 'otpSendLimit'),
  refusal('editing.tooSoon', 'codeResendTooSoon'),
] as const;

export const otpLoginMachine = setup({
  types: {
    context: {} as OtpLoginContext,
    events: {} as OtpLoginEvent,
    input: {} as OtpLoginInput,
    output: {} as User,
    tags: {} as FlowTag,
    children: {} as { sendCode: 'sendCode'; login: 'login' },
  },
  actors: {
    sendCode: unprovided<OtpSendResult, OtpSendRequest>('otpLogin', 'sendCode'),
    login: unprovided<User, OtpLoginRequest>('otpLogin', 'login'),
  },
  delays: code.delays,
  guards: { ...form.guards, ...code.guards },
  actions: {
    ...form.actions,
    ...code.actions,
    assignUser: assign({ user: ({ event }) => actorOutput<User>(event, 'login'), code: '' }),
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
        tooSoon: REFUSED,
      },
    }),
    sending: {
      tags: ['busy'],
      invoke: {
        id: 'sendCode',
        src: 'sendCode',
        input: sendInput,
        onDone: { target: 'codeSent', actions: 'assignSent' },
        onError: [{ guard: hasCode('otpHeld'), target: 'held', actions: 'assignHoldUntil' }, ...SEND_REFUSALS, FIELD_ERRORS_ROUTE, FAILED_ROUTE],
      },
    },
    /**
     * Two regions: when a new code may be asked for, and the code entry. Verifying stays inside,
     * so a refused code does not restart the countdowns.
     */
    codeSent: {
      type: 'parallel',
      after: { codeExpiry: { target: 'timedOut', actions: 'forgetCode' } },
      on: { 'login.edit': { target: 'editing.idle', actions: 'forgetCode' } },
      states: {
        resend: {
          initial: 'locked',
          states: {
            locked: { after: { resendAfter: 'available' } },
            available: { on: { 'code.resend': '#otpLogin.sending' } },
          },
        },
        entry: {
          initial: 'editing',
          states: {
            editing: {
              tags: ['ready'],
              initial: 'idle',
              on: {
                'code.change': { actions: 'assignCode' },
                'code.submit': [
                  { guard: 'isCodeInvalid', target: '.invalid', actions: 'assignCodeErrors' },
                  { target: 'verifying', actions: 'clearErrors' },
                ],
              },
              states: editingStates({ wrong: REFUSED, notFound: REFUSED }),
            },
            verifying: {
              tags: ['busy'],
              invoke: {
                id: 'login',
                src: 'login',
                input: loginInput,
                onDone: { target: '#otpLogin.done', actions: 'assignUser' },
                onError: [
                  /** The 6th wrong code within 24 hours, whichever code was sent last. */
                  { guard: hasCode('otpHeld'), target: '#otpLogin.held', actions: 'assignHoldUntil' },
                  { guard: hasCode('codeExpired'), target: '#otpLogin.expired', actions: 'forgetCode' },
                  /** The right code of a school administrator: spent, no session; back to the login with the way on. */
                  { guard: hasCode('otpSchoolAdmin'), target: '#otpLogin.editing.schoolAdmin', actions: ['forgetCode', 'assignErrorCode'] },
                  refusal('editing.wrong', 'codeWrong'),
                  refusal('editing.notFound', 'codeNotFound'),
                  FIELD_ERRORS_ROUTE,
                  FAILED_ROUTE,
                ],
              },
            },
          },
        },
      },
    },
    /** The countdown ran out before the code was used: ask for a new one, or change the login. */
    timedOut: {
      tags: ['error'],
      on: { 'code.resend': 'sending', 'login.edit': 'editing.idle' },
    },
    /** The server found the code expired (the page's clock ran slow): the same ways on. */
    expired: {
      tags: ['error'],
      on: { 'code.resend': 'sending', 'login.edit': 'editing.idle' },
    },
    /** More than 5 wrong codes in 24 hours: refused until `holdUntil` (the password still works). */
    held: {
      tags: ['error'],
      after: { holdExpiry: { target: 'editing.idle', actions: 'clearHold' } },
    },
    done: { type: 'final', tags: ['done'] },
  },
});
