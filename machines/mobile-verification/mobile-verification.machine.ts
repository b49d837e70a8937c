import { setup } from 'xstate';
import type { Language } from '../../contract/languages.ts';
import {
  MobileSendCodeRequestSchema,
  MobileVerifyRequestSchema,
  type MobileSendCodeRequest,
  type MobileVerifyRequest,
} from '../../contract/schemas/verification.ts';
import { codeEntryPiece, codeEntryStates, noCodeSent, type CodeEntryContext } from '../code-entry.ts';
import * as verification from '../../contract/calls/verification.ts';
import { callActors, childrenOf, flowTypes, FAILED_ROUTE, FIELD_ERRORS_ROUTE, formEditing, formPiece, hasCode, REFUSED, validate } from '../form.ts';

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

/** The code entry's fields (the six digits typed from the SMS, its times, the hold) and the number. */
export interface MobileVerificationContext extends CodeEntryContext {
  lang: Language;
  values: MobileVerificationValues;
}

export type MobileVerificationEvent =
  | { type: 'form.change'; field: keyof MobileVerificationValues; value: string }
  | { type: 'form.submit' }
  | { type: 'code.change'; value: string }
  | { type: 'code.submit' }
  | { type: 'code.resend' }
  | { type: 'number.edit' };

function initialContext({ input }: { input: MobileVerificationInput }): MobileVerificationContext {
  return { ...noCodeSent(input.now), lang: input.lang, values: { countryCode: input.countryCode ?? DEFAULT_COUNTRY_CODE, mobile: input.mobile ?? '' } };
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
const code = codeEntryPiece<MobileVerificationContext, MobileVerificationEvent>((context) => validate(MobileVerifyRequestSchema, verifyInput({ context })));

const codeEntry = codeEntryStates({
  machineId: 'mobileVerification',
  send: 'sending',
  back: ['number.edit', 'editing.idle'],
  expired: 'codeExpired',
  heldCode: 'held',
  verify: { id: 'verifyCode', input: verifyInput, onDone: '#mobileVerification.verified' },
});

const actors = callActors('mobileVerification', { sendCode: verification.mobileSendCode, verifyCode: verification.mobileVerify });

export const mobileVerificationMachine = setup({
  types: { ...flowTypes<MobileVerificationContext, MobileVerificationEvent, MobileVerificationInput>(), children: childrenOf(actors) },
  actors,
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
    /** The code entry (machines/code-entry.ts): the countdowns, the code typed and verified. */
    codeSent: codeEntry.entry,
    /** The code ran out before it was verified: ask for a new one, or change the number. */
    codeExpired: codeEntry.expired,
    /** More than 5 wrong codes in 24 hours: refused until `holdUntil`. */
    held: codeEntry.held,
    verified: { type: 'final', tags: ['done'] },
  },
});
