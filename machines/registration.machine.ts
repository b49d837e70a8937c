import { assertEvent, assign, fromPromise, setup } from 'xstate';
import type { FieldIssue } from '../contract/errors.ts';
import type { Language } from '../contract/languages.ts';
import { RegistrationRequestSchema, type RegistrationRequest, type RegistrationResult } from '../contract/schemas/account.ts';
import { actorOutput, failureCode, failureFields, formGuards, hasCode, validate, withoutField, type FailureCode } from './form.ts';

export interface RegistrationInput {
  lang: Language;
}

export interface RegistrationValues {
  loginId: string;
  email: string;
  displayName: string;
  acceptTerms: boolean;
}

export interface RegistrationContext {
  /** The language of the activation email. */
  lang: Language;
  values: RegistrationValues;
  /** The reCAPTCHA token; empty until solved, and again once spent or expired. */
  recaptcha: string;
  /**
   * Counts the times the spent token was thrown away. Google tokens verify once, so after any
   * answer to a submission the widget must be solved again: the view resets it when this changes.
   */
  recaptchaRound: number;
  fieldErrors: FieldIssue[];
  errorCode: FailureCode | null;
  /** Where the activation link was sent. */
  sentTo: string | null;
}

export type RegistrationEvent =
  | { type: 'form.change'; field: 'loginId' | 'email' | 'displayName'; value: string }
  | { type: 'form.change'; field: 'acceptTerms'; value: boolean }
  | { type: 'form.submit' }
  | { type: 'recaptcha.solve'; token: string }
  | { type: 'recaptcha.expire' };

function initialContext({ input }: { input: RegistrationInput }): RegistrationContext {
  return {
    lang: input.lang,
    values: { loginId: '', email: '', displayName: '', acceptTerms: false },
    recaptcha: '',
    recaptchaRound: 0,
    fieldErrors: [],
    errorCode: null,
    sentTo: null,
  };
}

/** The form as the schema judges it; `acceptTerms` may still be false here. */
function draftOf(context: RegistrationContext) {
  return { ...context.values, recaptcha: context.recaptcha, lang: context.lang };
}

/** Only reached after `isFormInvalid` passed, so the terms are accepted. */
function registerInput({ context }: { context: RegistrationContext }): RegistrationRequest {
  if (context.values.acceptTerms !== true) throw new Error('registration: submitting without accepted terms');
  return { ...draftOf(context), acceptTerms: true };
}

function sentOutput({ context }: { context: RegistrationContext }): RegistrationResult {
  if (context.sentTo === null) throw new Error('registration reached sent without an address');
  return { email: context.sentTo };
}

export const registrationMachine = setup({
  types: {
    context: {} as RegistrationContext,
    events: {} as RegistrationEvent,
    input: {} as RegistrationInput,
    output: {} as RegistrationResult,
    tags: {} as 'busy' | 'error' | 'ready' | 'done',
    children: {} as { register: 'register' },
  },
  actors: {
    register: fromPromise<RegistrationResult, RegistrationRequest>(async () => {
      throw new Error('registration: actor "register" not provided');
    }),
  },
  guards: {
    ...formGuards,
    isFormInvalid: ({ context }) => validate(RegistrationRequestSchema, draftOf(context)).length > 0,
    /** Includes loginIdTaken and emailTaken, which mark their field with the rule `taken`. */
  },
  actions: {
    assignValue: assign({
      values: ({ context, event }) => {
        assertEvent(event, 'form.change');
        return { ...context.values, [event.field]: event.value };
      },
      fieldErrors: ({ context, event }) => {
        assertEvent(event, 'form.change');
        return withoutField(context.fieldErrors, event.field);
      },
    }),
    assignRecaptcha: assign({
      recaptcha: ({ event }) => {
        assertEvent(event, 'recaptcha.solve');
        return event.token;
      },
      fieldErrors: ({ context }) => withoutField(context.fieldErrors, 'recaptcha'),
    }),
    clearRecaptcha: assign({ recaptcha: '' }),
    /** A token is spent once the server has seen it, whatever it answered. */
    discardSpentRecaptcha: assign({ recaptcha: '', recaptchaRound: ({ context }) => context.recaptchaRound + 1 }),
    assignValidationErrors: assign({
      fieldErrors: ({ context }) => validate(RegistrationRequestSchema, draftOf(context)),
    }),
    clearErrors: assign({ fieldErrors: [], errorCode: null }),
    assignServerFieldErrors: assign({ fieldErrors: ({ event }) => failureFields(event) }),
    assignErrorCode: assign({ errorCode: ({ event }) => failureCode(event) }),
    assignSentTo: assign({ sentTo: ({ event }) => actorOutput<RegistrationResult>(event, 'register').email }),
  },
}).createMachine({
  id: 'registration',
  context: initialContext,
  output: sentOutput,
  initial: 'editing',
  states: {
    editing: {
      tags: ['ready'],
      initial: 'idle',
      on: {
        'form.change': { actions: 'assignValue' },
        'recaptcha.solve': { actions: 'assignRecaptcha' },
        'recaptcha.expire': { actions: 'clearRecaptcha' },
        'form.submit': [
          { guard: 'isFormInvalid', target: '.invalid', actions: 'assignValidationErrors' },
          { target: 'submitting', actions: 'clearErrors' },
        ],
      },
      states: {
        idle: {},
        invalid: { tags: ['error'] },
        recaptchaFailed: { tags: ['error'] },
        failed: { tags: ['error'] },
      },
    },
    submitting: {
      tags: ['busy'],
      invoke: {
        id: 'register',
        src: 'register',
        input: registerInput,
        onDone: { target: 'sent', actions: 'assignSentTo' },
        onError: [
          { guard: hasCode('recaptchaFailed'), target: 'editing.recaptchaFailed', actions: 'discardSpentRecaptcha' },
          { guard: 'hasFieldErrors', target: 'editing.invalid', actions: ['discardSpentRecaptcha', 'assignServerFieldErrors'] },
          { target: 'editing.failed', actions: ['discardSpentRecaptcha', 'assignErrorCode'] },
        ],
      },
    },
    sent: { type: 'final', tags: ['done'] },
  },
});
