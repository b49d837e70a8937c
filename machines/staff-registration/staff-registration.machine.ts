import { assign, setup } from 'xstate';
import type { FieldIssue } from '../../contract/errors.ts';
import type { Language } from '../../contract/languages.ts';
import { StaffRegistrationRequestSchema, type StaffRegistrationRequest, type StaffRegistrationResult } from '../../contract/schemas/staff-registration.ts';
import * as staffRegistration from '../../contract/calls/staff-registration.ts';
import { actorOutput, callActors, childrenOf, flowTypes, holdActions, RECAPTCHA_DISCOVERY_FAILED_ROUTES, recaptchaFormEditing, recaptchaFormPiece, recaptchaFormStart, REFUSED, submitting, validate, type FailureCode, type RecaptchaEvent } from '../form.ts';

export interface StaffRegistrationInput {
  lang: Language;
}

export interface StaffRegistrationValues {
  loginId: string;
  email: string;
  enFullName: string;
  chFullName: string;
  acceptTerms: boolean;
}

export type StaffRegistrationTextField = 'loginId' | 'email' | 'enFullName' | 'chFullName';

export interface StaffRegistrationContext {
  /** The language of the activation email. */
  lang: Language;
  values: StaffRegistrationValues;
  /** The reCAPTCHA token; empty until solved, and again once spent or expired. */
  recaptcha: string;
  /** Counts spent tokens thrown away: the view resets the widget when it changes. */
  recaptchaRound: number;
  fieldErrors: FieldIssue[];
  errorCode: FailureCode | null;
  /** When requests may be made again (state `editing.tooManyRequests`, the account-discovery limits). */
  holdUntil: string | null;
  /** Where the activation link was sent and the school the account joins, once accepted. */
  sent: StaffRegistrationResult | null;
}

export type StaffRegistrationEvent =
  | { type: 'form.change'; field: StaffRegistrationTextField; value: string }
  | { type: 'form.change'; field: 'acceptTerms'; value: boolean }
  | { type: 'form.submit' }
  | RecaptchaEvent;

function initialContext({ input }: { input: StaffRegistrationInput }): StaffRegistrationContext {
  return {
    lang: input.lang,
    ...recaptchaFormStart({ loginId: '', email: '', enFullName: '', chFullName: '', acceptTerms: false }),
    holdUntil: null,
    sent: null,
  };
}

/** The form as the schema judges it: every problem at once, `acceptTerms` possibly still false. */
function draftOf(context: StaffRegistrationContext) {
  return { ...context.values, recaptcha: context.recaptcha, lang: context.lang };
}

/** Only reached after `isFormInvalid` passed, so the terms are accepted. */
function registerInput({ context }: { context: StaffRegistrationContext }): StaffRegistrationRequest {
  if (context.values.acceptTerms !== true) throw new Error('staffRegistration: submitting without accepted terms');
  return { ...draftOf(context), acceptTerms: true };
}

function sentOutput({ context }: { context: StaffRegistrationContext }): StaffRegistrationResult {
  if (context.sent === null) throw new Error('staffRegistration reached sent without an answer');
  return context.sent;
}

const form = recaptchaFormPiece<StaffRegistrationContext, StaffRegistrationEvent>((context) => validate(StaffRegistrationRequestSchema, draftOf(context)));

const actors = callActors('staffRegistration', { registerStaff: staffRegistration.register });

export const staffRegistrationMachine = setup({
  types: { ...flowTypes<StaffRegistrationContext, StaffRegistrationEvent, StaffRegistrationInput>(), output: {} as StaffRegistrationResult, children: childrenOf(actors) },
  actors,
  guards: form.guards,
  actions: {
    ...form.actions,
    ...holdActions<StaffRegistrationContext, StaffRegistrationEvent>(),
    assignSent: assign({ sent: ({ event }) => actorOutput<StaffRegistrationResult>(event, 'registerStaff') }),
  },
}).createMachine({
  id: 'staffRegistration',
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
    /**
     * The server names every problem at once (taken login ID or email, a domain no school lists,
     * indecent names): all are shown at their fields.
     */
    submitting: submitting('registerStaff', { input: registerInput, onDone: { target: 'sent', actions: 'assignSent' }, onError: RECAPTCHA_DISCOVERY_FAILED_ROUTES }),
    sent: { type: 'final', tags: ['done'] },
  },
});
