import { assign, setup } from 'xstate';
import type { FieldIssue } from '../../contract/errors.ts';
import type { User } from '../../contract/schemas/account.ts';
import { MfaCodeRequestSchema, type MfaCodeRequest, type MfaFactors } from '../../contract/schemas/authenticator.ts';
import type { MfaStatus } from '../../contract/schemas/mfa-login.ts';
import { actorOutput, calling, failTo, failureHoldUntil, formEditing, formPiece, hasCode, refusal, REFUSED, unprovided, validate, type FailureCode, type FlowTag } from '../form.ts';

/**
 * The choice of second factor on /mfa-login (issue 23): an administrator with an authenticator
 * app enters its code, or a recovery code, or has the link emailed (the mfaLogin flow takes over
 * in state `email`). An administrator without one goes to `email` at once.
 */
export type MfaCodeInput = Record<string, never>;

export interface MfaCodeValues {
  code: string;
}

export interface MfaCodeContext {
  values: MfaCodeValues;
  /** Which factor the code field is for: the form's check and the call's `kind` follow it. */
  kind: MfaCodeRequest['kind'];
  fieldErrors: FieldIssue[];
  errorCode: FailureCode | null;
  /** The factors the pending sign-in offers. */
  factors: MfaFactors | null;
  /** ISO time until which the codes are held (state `held`). */
  holdUntil: string | null;
  user: User | null;
}

export type MfaCodeEvent =
  | { type: 'form.change'; field: keyof MfaCodeValues; value: string }
  | { type: 'form.submit' }
  | { type: 'factor.authenticator' }
  | { type: 'factor.recoveryCode' }
  | { type: 'factor.email' }
  | { type: 'retry' };

function initialContext(): MfaCodeContext {
  return { values: { code: '' }, kind: 'authenticator', fieldErrors: [], errorCode: null, factors: null, holdUntil: null, user: null };
}

function codeInput({ context }: { context: MfaCodeContext }): MfaCodeRequest {
  return { kind: context.kind, code: context.values.code } as MfaCodeRequest;
}

const form = formPiece<MfaCodeContext, MfaCodeEvent>((context) => validate(MfaCodeRequestSchema, codeInput({ context })));

const EXPIRED_ROUTE = { guard: hasCode('mfaExpired'), target: '#mfaCode.expired' } as const;
const HELD_ROUTE = { guard: hasCode('mfaCodeHeld'), target: '#mfaCode.held', actions: ['assignHoldUntil', 'assignErrorCode'] } as const;

/** The emailed link chosen: sent to the two-factor email, or (none yet) straight to the mfaLogin flow's set-up. */
const EMAIL_CHOSEN = [{ guard: 'hasNoEmail', target: '#mfaCode.email' }, { target: '#mfaCode.sendingLink' }] as const;

function codeForm<const TSubmitTo extends string, const TStates extends object, const TOn extends object>(submitTo: TSubmitTo, states: TStates, on: TOn) {
  return formEditing({ submitTo, states, on: { 'factor.email': EMAIL_CHOSEN, ...on } });
}

/** Checking the code typed in `form`: signed in; or expired, held, one of the form's `refusals`, its fields, or failed. */
function checkingCode<const TForm extends string, const TRefusals extends readonly object[]>(form: TForm, ...refusals: TRefusals) {
  return calling('submitCode', {
    input: codeInput,
    onDone: { target: 'done', actions: 'assignUser' },
    onError: [EXPIRED_ROUTE, HELD_ROUTE, ...refusals, { guard: 'hasFieldErrors', target: `${form}.invalid`, actions: 'assignServerFieldErrors' }, failTo(`${form}.failed`)],
  });
}

export const mfaCodeMachine = setup({
  types: {
    context: {} as MfaCodeContext,
    events: {} as MfaCodeEvent,
    input: {} as MfaCodeInput,
    output: {} as User | null,
    tags: {} as FlowTag,
    children: {} as { fetchFactors: 'fetchFactors'; submitCode: 'submitCode'; sendLink: 'sendLink' },
  },
  actors: {
    fetchFactors: unprovided<MfaFactors, void>('mfaCode', 'fetchFactors'),
    submitCode: unprovided<{ user: User }, MfaCodeRequest>('mfaCode', 'submitCode'),
    sendLink: unprovided<MfaStatus, void>('mfaCode', 'sendLink'),
  },
  guards: {
    ...form.guards,
    /** An authenticator app (and its recovery codes) to choose from; otherwise the emailed link alone. */
    hasCodeFactors: ({ event }) => actorOutput<MfaFactors>(event, 'fetchFactors').authenticator,
    hasRecoveryCodes: ({ context }) => (context.factors?.recoveryCodes ?? 0) > 0,
    /** No two-factor email yet: the mfaLogin flow starts with its set-up, nothing to send. */
    hasNoEmail: ({ context }) => context.factors?.email !== true,
  },
  actions: {
    ...form.actions,
    assignFactors: assign({ factors: ({ event }) => actorOutput<MfaFactors>(event, 'fetchFactors') }),
    useAuthenticator: assign({ kind: 'authenticator', values: { code: '' }, fieldErrors: [], errorCode: null }),
    useRecoveryCode: assign({ kind: 'recoveryCode', values: { code: '' }, fieldErrors: [], errorCode: null }),
    assignUser: assign({ user: ({ event }) => actorOutput<{ user: User }>(event, 'submitCode').user }),
    assignHoldUntil: assign({ holdUntil: ({ event }) => failureHoldUntil(event) }),
  },
}).createMachine({
  id: 'mfaCode',
  context: initialContext,
  output: ({ context }) => context.user,
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'fetchFactors',
        src: 'fetchFactors',
        onDone: [{ guard: 'hasCodeFactors', target: 'authenticator', actions: 'assignFactors' }, { target: 'email', actions: 'assignFactors' }],
        onError: [EXPIRED_ROUTE, failTo('loadFailed')],
      },
    },
    loadFailed: { tags: ['error'], on: { retry: 'loading' } },
    /** The authenticator app's six digits. */
    authenticator: {
      ...codeForm('checkingAuthenticator', { wrong: REFUSED, used: REFUSED }, { 'factor.recoveryCode': { guard: 'hasRecoveryCodes', target: 'recovery', actions: 'useRecoveryCode' } }),
    },
    checkingAuthenticator: checkingCode('authenticator', refusal('authenticator.wrong', 'authenticatorCodeWrong'), refusal('authenticator.used', 'authenticatorCodeUsed')),
    /** One of the ten recovery codes, for a lost phone. */
    recovery: {
      ...codeForm('checkingRecovery', { wrong: REFUSED }, { 'factor.authenticator': { target: 'authenticator', actions: 'useAuthenticator' } }),
    },
    checkingRecovery: checkingCode('recovery', refusal('recovery.wrong', 'recoveryCodeWrong')),
    /** The emailed link chosen: the first link goes to the two-factor email, then the mfaLogin flow waits for it. */
    sendingLink: {
      tags: ['busy'],
      invoke: {
        id: 'sendLink',
        src: 'sendLink',
        onDone: 'email',
        onError: [
          EXPIRED_ROUTE,
          // Held or sent less than a minute ago: the mfaLogin flow shows that state itself.
          { guard: hasCode('held', 'codeResendTooSoon'), target: 'email' },
          failTo('linkFailed'),
        ],
      },
    },
    linkFailed: { tags: ['error'], on: { retry: 'sendingLink', 'factor.authenticator': { target: 'authenticator', actions: 'useAuthenticator' } } },
    /** The emailed link is the factor now: the page hands over to the mfaLogin flow. */
    email: { type: 'final' },
    expired: { type: 'final', tags: ['error'] },
    /** More than 5 wrong codes in 24 hours: codes held until `holdUntil`; the emailed link still works. */
    held: { tags: ['error'], on: { 'factor.email': EMAIL_CHOSEN } },
    done: { type: 'final', tags: ['done'] },
  },
});
