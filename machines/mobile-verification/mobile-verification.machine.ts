import { setup } from 'xstate';
import type { FieldIssue } from '../../contract/errors.ts';
import type { Language } from '../../contract/languages.ts';
import {
  MobileSendCodeRequestSchema,
  MobileVerifyRequestSchema,
  type MobileSendCodeRequest,
  type MobileSendCodeResult,
  type MobileVerifyRequest,
  type MobileVerifyResult,
} from '../../contract/schemas/profile.ts';
import { editingStates, FAILED_ROUTE, FIELD_ERRORS_ROUTE, formEditing, formPiece, hasCode, refusal, REFUSED, unprovided, validate, type FailureCode, type FlowTag } from '../form.ts';
import { sentCodePiece } from '../sent-code.ts';

/** The calling code offered first (Hong Kong). */
export const DEFAULT_COUNTRY_CODE = '852';

export interface MobileVerificationInput {
  /** The language of the SMS. */
  lang: Language;
  /** The number on the profile, if any, to prefill the form. */
  countryCode?: string;
  mobile?: string;
  /** The clock, so that tests and stories see a fixed time; `Date.now` when left out. */
  now?: () => number;
}

export interface MobileVerificationValues {
  /** ITU calling code without the plus. */
  countryCode: string;
  mobile: string;
}

export interface MobileVerificationContext {
  lang: Language;
  now: () => number;
  values: MobileVerificationValues;
  /** The six digits typed from the SMS. */
  code: string;
  /** ISO time the sent code stops being accepted (delay `codeExpiry`). */
  expiresAt: string | null;
  /** ISO time a new code may be asked for (delay `resendAfter`). */
  resendAt: string | null;
  fieldErrors: FieldIssue[];
  errorCode: FailureCode | null;
  /** ISO time until which codes are refused (state `held`). */
  holdUntil: string | null;
}

export type MobileVerificationEvent =
  | { type: 'form.change'; field: keyof MobileVerificationValues; value: string }
  | { type: 'form.submit' }
  | { type: 'code.change'; value: string }
  | { type: 'code.submit' }
  | { type: 'code.resend' }
  | { type: 'number.edit' };

function initialContext({ input }: { input: MobileVerificationInput }): MobileVerificationContext {
  return {
    lang: input.lang,
    now: input.now ?? Date.now,
    values: { countryCode: input.countryCode ?? DEFAULT_COUNTRY_CODE, mobile: input.mobile ?? '' },
    code: '',
    expiresAt: null,
    resendAt: null,
    fieldErrors: [],
    errorCode: null,
    holdUntil: null,
  };
}

function sendInput({ context }: { context: MobileVerificationContext }): MobileSendCodeRequest {
  return { ...context.values, lang: context.lang };
}

function verifyInput({ context }: { context: MobileVerificationContext }): MobileVerifyRequest {
  return { ...context.values, code: context.code };
}

/** The number form; the page adds the mobile-number rule (`withMobileNumberCheck`). */
const form = formPiece<MobileVerificationContext, MobileVerificationEvent>((context) => validate(MobileSendCodeRequestSchema, sendInput({ context })));
/** The code half: the number was accepted when the code was sent. */
const code = sentCodePiece<MobileVerificationContext, MobileVerificationEvent>((context) => validate(MobileVerifyRequestSchema, verifyInput({ context })));

export const mobileVerificationMachine = setup({
  types: {
    context: {} as MobileVerificationContext,
    events: {} as MobileVerificationEvent,
    input: {} as MobileVerificationInput,
    tags: {} as FlowTag,
    children: {} as { sendCode: 'sendCode'; verifyCode: 'verifyCode' },
  },
  actors: {
    sendCode: unprovided<MobileSendCodeResult, MobileSendCodeRequest>('mobileVerification', 'sendCode'),
    verifyCode: unprovided<MobileVerifyResult, MobileVerifyRequest>('mobileVerification', 'verifyCode'),
  },
  delays: code.delays,
  guards: { ...form.guards, ...code.guards },
  actions: { ...form.actions, ...code.actions },
}).createMachine({
  id: 'mobileVerification',
  context: initialContext,
  initial: 'editing',
  states: {
    /**
     * Not verified: choose the country code and type the number. `invalid` includes the server's
     * `format` on `mobile`: not a mobile number of that country.
     */
    editing: formEditing({ submitTo: 'sending', states: { sendFailed: REFUSED } }),
    sending: {
      tags: ['busy'],
      invoke: {
        id: 'sendCode',
        src: 'sendCode',
        input: sendInput,
        onDone: { target: 'codeSent', actions: 'assignSent' },
        onError: [
          { guard: hasCode('held'), target: 'held', actions: 'assignHoldUntil' },
          { guard: hasCode('smsSendFailed'), target: 'editing.sendFailed', actions: 'assignErrorCode' },
          FIELD_ERRORS_ROUTE,
          FAILED_ROUTE,
        ],
      },
    },
    /**
     * Two regions: when a new code may be asked for, and the code entry. Verifying stays inside,
     * so a refused code does not restart the countdowns.
     */
    codeSent: {
      type: 'parallel',
      after: { codeExpiry: { target: 'codeExpired', actions: 'forgetCode' } },
      on: { 'number.edit': { target: 'editing.idle', actions: 'forgetCode' } },
      states: {
        resend: {
          initial: 'locked',
          states: {
            locked: { after: { resendAfter: 'available' } },
            available: { on: { 'code.resend': '#mobileVerification.sending' } },
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
                id: 'verifyCode',
                src: 'verifyCode',
                input: verifyInput,
                onDone: '#mobileVerification.verified',
                onError: [
                  /** The 6th wrong code within 24 hours. */
                  { guard: hasCode('held'), target: '#mobileVerification.held', actions: 'assignHoldUntil' },
                  { guard: hasCode('codeExpired'), target: '#mobileVerification.codeExpired', actions: 'forgetCode' },
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
    /** The code ran out before it was verified: ask for a new one, or change the number. */
    codeExpired: {
      tags: ['error'],
      on: {
        'code.resend': 'sending',
        'number.edit': 'editing.idle',
      },
    },
    /** More than 5 wrong codes in 24 hours: refused until `holdUntil`. */
    held: {
      tags: ['error'],
      after: { holdExpiry: { target: 'editing.idle', actions: 'clearHold' } },
    },
    verified: { type: 'final', tags: ['done'] },
  },
});
