import { assign, setup } from 'xstate';
import type { FieldIssue } from '../../contract/errors.ts';
import type { Language } from '../../contract/languages.ts';
import { RegistrationRequestSchema, type RegistrationRequest, type RegistrationResult } from '../../contract/schemas/account.ts';
import * as account from '../../contract/calls/account.ts';
import { actorOutput, callActors, childrenOf, flowTypes, holdActions, RECAPTCHA_DISCOVERY_FAILED_ROUTES, recaptchaFormEditing, recaptchaFormPiece, recaptchaFormStart, REFUSED, submitting, validate, type FailureCode, type RecaptchaEvent } from '../form.ts';

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
  /** When requests may be made again (state `editing.tooManyRequests`, the account-discovery limits). */
  holdUntil: string | null;
  /** Where the activation link was sent. */
  sentTo: string | null;
}

export type RegistrationEvent =
  | { type: 'form.change'; field: 'loginId' | 'email' | 'displayName'; value: string }
  | { type: 'form.change'; field: 'acceptTerms'; value: boolean }
  | { type: 'form.submit' }
  | RecaptchaEvent;

function initialContext({ input }: { input: RegistrationInput }): RegistrationContext {
  return {
    lang: input.lang,
    ...recaptchaFormStart({ loginId: '', email: '', displayName: '', acceptTerms: false }),
    holdUntil: null,
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

const form = recaptchaFormPiece<RegistrationContext, RegistrationEvent>((context) => validate(RegistrationRequestSchema, draftOf(context)));

const actors = callActors('registration', { register: account.register });

export const registrationMachine = setup({
  types: { ...flowTypes<RegistrationContext, RegistrationEvent, RegistrationInput>(), output: {} as RegistrationResult, children: childrenOf(actors) },
  actors,
  guards: form.guards,
  actions: {
    ...form.actions,
    ...holdActions<RegistrationContext, RegistrationEvent>(),
    assignSentTo: assign({ sentTo: ({ event }) => actorOutput<RegistrationResult>(event, 'register').email }),
  },
}).createMachine({
  id: 'registration',
  context: initialContext,
  output: sentOutput,
  initial: 'editing',
  states: {
    editing: recaptchaFormEditing({
      states: {
        /** Too many requests from this network or for this login or email (decisions/holds.md): try again after `holdUntil`. */
        tooManyRequests: REFUSED,
      },
    }),
    /** Includes loginIdTaken and emailTaken, which mark their field with the rule `taken`. */
    submitting: submitting('register', { input: registerInput, onDone: { target: 'sent', actions: 'assignSentTo' }, onError: RECAPTCHA_DISCOVERY_FAILED_ROUTES }),
    sent: { type: 'final', tags: ['done'] },
  },
});
