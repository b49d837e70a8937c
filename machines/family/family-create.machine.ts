import { assign, setup } from 'xstate';
import type { FieldIssue } from '../../contract/errors.ts';
import * as family from '../../contract/calls/family.ts';
import { CreateFamilyRequestSchema, type CreateFamilyRequest, type FamilyCreated, type FamilyRole } from '../../contract/schemas/family.ts';
import { actorOutput, callActors, childrenOf, FAILED_ROUTE, FIELD_ERRORS_ROUTE, flowTypes, formEditing, RECAPTCHA_FAILED_ROUTE, recaptchaFormPiece, recaptchaFormStart, refusal, REFUSED, spendingRecaptcha, submitting, validate, type FailureCode, type RecaptchaEvent } from '../form.ts';
import { ACCOUNT_REFUSAL_ROUTES, ACCOUNT_REFUSED_STATES, FAMILY_FORM_ON, familyDraft, familyRequest } from './family-form.ts';

export interface FamilyCreateInput {
  /** What the user typed before going back from the form: shown again (issue 13). */
  values?: FamilyCreateValues;
  /** The nickname a new form starts with: the account's display name (issue 13). */
  nickname?: string;
}

export interface FamilyCreateValues {
  familyName: string;
  nickname: string;
  /** Empty until a role is chosen. */
  role: FamilyRole | '';
}

export interface FamilyCreateContext {
  values: FamilyCreateValues;
  /** The reCAPTCHA token; empty until solved, and again once spent or expired. */
  recaptcha: string;
  /** Counts spent tokens thrown away: the view resets the widget when it changes. */
  recaptchaRound: number;
  fieldErrors: FieldIssue[];
  errorCode: FailureCode | null;
  /** The new family, once the server created it. */
  created: FamilyCreated | null;
}

export type FamilyCreateEvent =
  | { type: 'form.change'; field: 'familyName' | 'nickname'; value: string }
  | { type: 'form.change'; field: 'role'; value: FamilyRole | '' }
  | RecaptchaEvent
  | { type: 'form.submit' }
  | { type: 'form.cancel' }
  | { type: 'dialog.confirm' }
  | { type: 'dialog.cancel' };

/** Cancelled (the form's Back, or the browser's Back) with what was typed, so that it is not lost. */
export type FamilyCreateOutput = { outcome: 'created'; family: FamilyCreated } | { outcome: 'cancelled'; values?: FamilyCreateValues };

function initialContext({ input }: { input: FamilyCreateInput }): FamilyCreateContext {
  return {
    ...recaptchaFormStart<FamilyCreateValues>(input.values ?? { familyName: '', nickname: input.nickname ?? '', role: '' }),
    created: null,
  };
}

function createInput({ context }: { context: FamilyCreateContext }): CreateFamilyRequest {
  return familyRequest('familyCreate', context);
}

function createOutput({ context }: { context: FamilyCreateContext }): FamilyCreateOutput {
  return context.created ? { outcome: 'created', family: context.created } : { outcome: 'cancelled', values: context.values };
}

const form = recaptchaFormPiece<FamilyCreateContext, FamilyCreateEvent>((context) => validate(CreateFamilyRequestSchema, familyDraft(context)));

const actors = callActors('familyCreate', { createFamily: family.create });

export const familyCreateMachine = setup({
  types: { ...flowTypes<FamilyCreateContext, FamilyCreateEvent, FamilyCreateInput>(), output: {} as FamilyCreateOutput, children: childrenOf(actors) },
  actors,
  guards: form.guards,
  actions: {
    ...form.actions,
    assignCreated: assign({ created: ({ event }) => actorOutput<FamilyCreated>(event, 'createFamily') }),
  },
}).createMachine({
  id: 'familyCreate',
  context: initialContext,
  output: createOutput,
  initial: 'editing',
  states: {
    editing: formEditing({
      submitTo: 'confirming',
      on: FAMILY_FORM_ON,
      states: {
        /** The server refused words in the name or nickname without saying which field. */
        indecent: REFUSED,
        recaptchaFailed: REFUSED,
        /** `familyCannotCreateOrJoin`: one family per account, and this one has (or asked for) one. */
        cannotCreate: REFUSED,
        ...ACCOUNT_REFUSED_STATES,
      },
    }),
    /** The confirm-create dialog over the filled form. */
    confirming: {
      tags: ['ready'],
      on: {
        /** The token may have expired while the dialog was open: check the form again. */
        'dialog.confirm': [
          { guard: 'isFormInvalid', target: 'editing.invalid', actions: 'assignValidationErrors' },
          { target: 'submitting' },
        ],
        'dialog.cancel': 'editing',
        'recaptcha.expire': { actions: 'clearRecaptcha' },
      },
    },
    submitting: submitting('createFamily', {
      input: createInput,
      onDone: { target: 'created', actions: 'assignCreated' },
      onError: spendingRecaptcha([
        FIELD_ERRORS_ROUTE,
        refusal('editing.indecent', 'indecentLanguage'),
        RECAPTCHA_FAILED_ROUTE,
        refusal('editing.cannotCreate', 'familyCannotCreateOrJoin'),
        ...ACCOUNT_REFUSAL_ROUTES,
        FAILED_ROUTE,
      ]),
    }),
    created: { type: 'final', tags: ['done'] },
    cancelled: { type: 'final' },
  },
});
