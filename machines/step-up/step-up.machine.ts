import { assign, setup, type EventObject } from 'xstate';
import * as stepUp from '../../contract/calls/step-up.ts';
import type { PasskeyAuthenticationResponse, PasskeyRequestOptions } from '../../contract/schemas/passkeys.ts';
import { StepUpCodeRequestSchema, StepUpPasswordRequestSchema, type StepUpProofs } from '../../contract/schemas/step-up.ts';
import {
  actorOutput,
  callActors,
  calling,
  childrenOf,
  FIELD_ERRORS_ROUTE,
  FAILED_ROUTE,
  failTo,
  flowTypes,
  formEditing,
  formPiece,
  holdActions,
  NO_HOLD,
  REFUSED,
  refusal,
  submitting,
  unprovided,
  validate,
  type HoldContext,
} from '../form.ts';
import { passkeyAnswerStates } from '../passkey-ceremony.ts';

/**
 * Step-up (issue 23, docs/decisions/step-up.md): the dialog that asks for a fresh proof before a
 * sensitive action, without leaving the page. Another flow invokes it as a child actor when the
 * server refuses its action `stepUpRequired`, and sends the action again once the child's output
 * says `proved` (docs/flows.md "stepUp"; machines/step-up-child.ts).
 *
 * It first reads which proofs the account has (`loadProofs`: its password, a passkey where the
 * browser supports WebAuthn, a school administrator's authenticator app) and starts with the
 * password where there is one; the user may switch to any other proof offered.
 */
export type StepUpInput = Record<string, never>;

export interface StepUpValues {
  currentPassword: string;
  /** The authenticator app's six digits. */
  code: string;
}

/** Which form `form.submit` checks: the password's or the authenticator code's. */
export type StepUpForm = 'password' | 'code';

export interface StepUpContext extends HoldContext {
  values: StepUpValues;
  /** What the dialog may offer, once read (passkey: the account has one and the browser supports WebAuthn). */
  proofs: StepUpProofs | null;
  form: StepUpForm;
  /** The passkey ceremony's options and the browser's answer, until the server has judged it. */
  options: PasskeyRequestOptions | null;
  answer: PasskeyAuthenticationResponse | null;
  /** Until when the proof counts (ISO), once given. */
  provedUntil: string | null;
}

export type StepUpEvent =
  | { type: 'form.change'; field: keyof StepUpValues; value: string }
  | { type: 'form.submit' }
  /** Close the dialog, read the proofs again, or switch to another proof the account has. */
  | { type: 'dialog.cancel' | 'retry' | 'proof.password' | 'proof.passkey' | 'proof.code' | 'proof.email' }
  /** Email a (new) code to the login email. */
  | { type: 'code.send' };

/** What the parent reads when the child ends: a proof, or the user closed the dialog. */
export type StepUpOutcome = { status: 'proved'; provedUntil: string } | { status: 'cancelled' };

const form = formPiece<StepUpContext, StepUpEvent>((context) =>
  context.form === 'code' ? validate(StepUpCodeRequestSchema, { code: context.values.code }) : validate(StepUpPasswordRequestSchema, { currentPassword: context.values.currentPassword }),
);

const calls = callActors('stepUp', {
  loadProofs: stepUp.proofs,
  proveWithPassword: stepUp.password,
  passkeyOptions: stepUp.passkeyOptions,
  proveWithPasskey: stepUp.passkey,
  proveWithCode: stepUp.authenticatorCode,
  sendEmailCode: stepUp.sendEmailCode,
  proveWithEmailCode: stepUp.emailCode,
});
const actors = {
  ...calls,
  /** The browser's ceremony (navigator.credentials.get), provided by the page (src/api/step-up.ts). */
  getPasskey: unprovided<PasskeyAuthenticationResponse, PasskeyRequestOptions>('stepUp', 'getPasskey'),
};

const CANCEL = { 'dialog.cancel': '#stepUp.cancelled' } as const;
/** The switches to the other proofs, where the account has them. */
const TO_PASSWORD = { 'proof.password': { guard: 'hasPassword', target: '#stepUp.editing' } } as const;
const TO_PASSKEY = { 'proof.passkey': { guard: 'hasPasskey', target: '#stepUp.passkey.preparing' } } as const;
const TO_CODE = { 'proof.code': { guard: 'hasAuthenticator', target: '#stepUp.code' } } as const;
const TO_EMAIL = { 'proof.email': { guard: 'hasEmail', target: '#stepUp.emailStart' } } as const;
/** A passkey screen at rest: start (again), switch, or cancel. */
const PASSKEY_AT_REST = { on: { 'proof.passkey': 'preparing', ...TO_PASSWORD, ...TO_CODE, ...TO_EMAIL, ...CANCEL } } as const;

/** Sends the typed `field` to `src`; a right one is the proof, `onError` routes the refusals. */
function proving<const TSrc extends string, const TField extends keyof StepUpValues, const TErrors extends readonly object[]>(src: TSrc, field: TField, onError: TErrors) {
  return submitting(src, {
    input: ({ context }: { context: StepUpContext }) => ({ [field]: context.values[field] }) as Record<TField, string>,
    onDone: { target: 'proved', actions: 'assignProof' },
    onError,
  });
}

function proofOutput(event: EventObject): string {
  return (event as EventObject & { output: { provedUntil: string } }).output.provedUntil;
}

export const stepUpMachine = setup({
  types: { ...flowTypes<StepUpContext, StepUpEvent, StepUpInput>(), output: {} as StepUpOutcome, children: childrenOf(actors) },
  actors,
  guards: {
    ...form.guards,
    hasPassword: ({ context }) => context.proofs?.password === true,
    hasPasskey: ({ context }) => context.proofs?.passkey === true,
    hasAuthenticator: ({ context }) => context.proofs?.authenticator === true,
    hasEmail: ({ context }) => context.proofs?.email === true,
    /** The proofs just read include `proof`. */
    offered: ({ event }, params: { proof: keyof StepUpProofs }) => actorOutput<StepUpProofs>(event, 'loadProofs')[params.proof],
  },
  actions: {
    ...form.actions,
    ...holdActions<StepUpContext, StepUpEvent>(),
    assignProofs: assign({ proofs: ({ event }) => actorOutput<StepUpProofs>(event, 'loadProofs') }),
    passwordForm: assign({ form: 'password' as StepUpForm }),
    codeForm: assign({ form: 'code' as StepUpForm }),
    assignOptions: assign({ options: ({ event }) => actorOutput<PasskeyRequestOptions>(event, 'passkeyOptions') }),
    assignAnswer: assign({ answer: ({ event }) => actorOutput<PasskeyAuthenticationResponse>(event, 'getPasskey') }),
    /** The password, the code and the passkey's answer are not kept once the server has judged them right. */
    assignProof: assign(({ event }) => ({ provedUntil: proofOutput(event), values: { currentPassword: '', code: '' }, options: null, answer: null })),
    noProof: assign({ errorCode: 'stepUpNoPassword' as const }),
  },
}).createMachine({
  id: 'stepUp',
  context: { values: { currentPassword: '', code: '' }, ...NO_HOLD, proofs: null, form: 'password', options: null, answer: null, provedUntil: null },
  output: ({ context }) => (context.provedUntil ? { status: 'proved', provedUntil: context.provedUntil } : { status: 'cancelled' }),
  initial: 'loading',
  states: {
    /** Which proofs the account has: the dialog opens with the first of password, passkey, authenticator code. */
    loading: {
      ...calling('loadProofs', {
        onDone: [
          { guard: { type: 'offered', params: { proof: 'password' } }, target: 'editing', actions: 'assignProofs' },
          { guard: { type: 'offered', params: { proof: 'passkey' } }, target: 'passkey', actions: 'assignProofs' },
          { guard: { type: 'offered', params: { proof: 'authenticator' } }, target: 'code', actions: 'assignProofs' },
          { guard: { type: 'offered', params: { proof: 'email' } }, target: 'emailStart', actions: 'assignProofs' },
          { target: 'noProof', actions: ['assignProofs', 'noProof'] },
        ],
        onError: failTo('loadFailed'),
      }),
      on: CANCEL,
    },
    /** The proofs could not be read (network): try again or cancel. */
    loadFailed: { tags: ['error'], on: { retry: 'loading', ...CANCEL } },
    /** The password form (the first proof of every account that has one). */
    editing: {
      ...formEditing({
        on: { ...TO_PASSKEY, ...TO_CODE, ...CANCEL },
        states: {
          /** Too many wrong passwords from this network: the time to try again is shown (as at login). */
          throttled: REFUSED,
          /** The account signs in only through a third party: the way to set a password is shown. */
          noPassword: REFUSED,
        },
      }),
      entry: 'passwordForm',
    },
    submitting: proving('proveWithPassword', 'currentPassword', [refusal('editing.throttled', 'stepUpThrottled'), refusal('editing.noPassword', 'stepUpNoPassword'), FIELD_ERRORS_ROUTE, FAILED_ROUTE]),
    /** A school administrator's authenticator app: its current code. */
    code: {
      ...formEditing({
        submitTo: 'checkingCode',
        on: { ...TO_PASSWORD, ...TO_PASSKEY, ...CANCEL },
        states: {
          /** Not the app's code now. */
          wrong: REFUSED,
          /** The right code, used already: wait for the next. */
          used: REFUSED,
          /** More than 5 wrong codes in 24 hours: codes are held until the time shown; another proof still works. */
          held: REFUSED,
        },
      }),
      entry: 'codeForm',
    },
    checkingCode: proving('proveWithCode', 'code', [
      refusal('code.wrong', 'authenticatorCodeWrong'),
      refusal('code.used', 'authenticatorCodeUsed'),
      refusal('code.held', 'stepUpCodeHeld'),
      { guard: 'hasFieldErrors', target: 'code.invalid', actions: 'assignServerFieldErrors' },
      failTo('code.failed'),
    ]),
    /** A passkey: the browser's own dialog asks for it and its PIN or biometric. */
    passkey: {
      initial: 'start',
      states: {
        /** "Use a passkey", for an account whose first proof it is (it has no password). */
        start: { tags: ['ready'], on: { 'proof.passkey': 'preparing', ...TO_CODE, ...TO_EMAIL, ...CANCEL } },
        preparing: calling('passkeyOptions', { onDone: { target: 'choosing', actions: 'assignOptions' }, onError: failTo('failed') }),
        ...passkeyAnswerStates('proveWithPasskey', { target: '#stepUp.proved', actions: 'assignProof' } as const, 'notUsed', 'failed'),
        /** The browser gave no passkey (cancelled, timed out, none on this device). */
        notUsed: { tags: ['error'], ...PASSKEY_AT_REST },
        /** The server refused the passkey, or could not be reached: the code says why. */
        failed: { tags: ['error'], ...PASSKEY_AT_REST },
      },
    },
    /** An account without a password: "Email me a code" (to the login email). */
    emailStart: { tags: ['ready'], on: { 'code.send': 'sendingCode', ...TO_PASSKEY, ...CANCEL } },
    sendingCode: calling('sendEmailCode', {
      onDone: 'emailCode',
      onError: [refusal('emailCode.tooSoon', 'codeResendTooSoon'), refusal('emailCode.limited', 'stepUpSendLimit'), failTo('emailCode.failed')],
    }),
    /** The code emailed to the login email (10 minutes, once); a new one may be sent. */
    emailCode: {
      ...formEditing({
        submitTo: 'checkingEmailCode',
        on: { 'code.send': { target: 'sendingCode', actions: 'clearErrors' }, ...TO_PASSKEY, ...CANCEL },
        states: {
          wrong: REFUSED,
          /** Too late, or used already: a new code is needed. */
          expired: REFUSED,
          held: REFUSED,
          /** A code was sent less than a minute ago: the one emailed still works. */
          tooSoon: REFUSED,
          /** As many codes as allowed today were sent. */
          limited: REFUSED,
        },
      }),
      entry: 'codeForm',
    },
    checkingEmailCode: proving('proveWithEmailCode', 'code', [
      refusal('emailCode.wrong', 'codeWrong'),
      refusal('emailCode.expired', 'codeExpired', 'codeNotFound'),
      refusal('emailCode.held', 'stepUpCodeHeld'),
      { guard: 'hasFieldErrors', target: 'emailCode.invalid', actions: 'assignServerFieldErrors' },
      failTo('emailCode.failed'),
    ]),
    /** No password, passkey, authenticator app or login email: the way to set a password is shown. */
    noProof: { tags: ['error'], on: CANCEL },
    /** The proof is given: the parent sends its action again. */
    proved: { type: 'final', tags: ['done'] },
    /** The user closed the dialog: the parent's action is not sent. */
    cancelled: { type: 'final' },
  },
});
