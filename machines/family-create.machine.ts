import { assertEvent, assign, fromPromise, setup } from 'xstate';
import type { FieldIssue } from '../contract/errors.ts';
import { CreateFamilyRequestSchema, type CreateFamilyRequest, type FamilyCreated, type FamilyRole } from '../contract/schemas/family.ts';
import { actorOutput, failureCode, failureFields, formGuards, hasCode, validate, withoutField, type FailureCode } from './form.ts';

export type FamilyCreateInput = Record<string, never>;

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
  | { type: 'recaptcha.solve'; token: string }
  | { type: 'recaptcha.expire' }
  | { type: 'form.submit' }
  | { type: 'form.cancel' }
  | { type: 'dialog.confirm' }
  | { type: 'dialog.cancel' };

export type FamilyCreateOutput = { outcome: 'created'; family: FamilyCreated } | { outcome: 'cancelled' };

function initialContext(): FamilyCreateContext {
  return {
    values: { familyName: '', nickname: '', role: '' },
    recaptcha: '',
    recaptchaRound: 0,
    fieldErrors: [],
    errorCode: null,
    created: null,
  };
}

function draftOf(context: FamilyCreateContext) {
  return { ...context.values, recaptcha: context.recaptcha };
}

/** Only reached after `isFormInvalid` passed, so a role is chosen. */
function createInput({ context }: { context: FamilyCreateContext }): CreateFamilyRequest {
  const { role } = context.values;
  if (role === '') throw new Error('familyCreate: submitting without a role');
  return { ...draftOf(context), role };
}

function createOutput({ context }: { context: FamilyCreateContext }): FamilyCreateOutput {
  return context.created ? { outcome: 'created', family: context.created } : { outcome: 'cancelled' };
}

export const familyCreateMachine = setup({
  types: {
    context: {} as FamilyCreateContext,
    events: {} as FamilyCreateEvent,
    input: {} as FamilyCreateInput,
    output: {} as FamilyCreateOutput,
    tags: {} as 'busy' | 'error' | 'ready' | 'done',
    children: {} as { createFamily: 'createFamily' },
  },
  actors: {
    createFamily: fromPromise<FamilyCreated, CreateFamilyRequest>(async () => {
      throw new Error('familyCreate: actor "createFamily" not provided');
    }),
  },
  guards: {
    ...formGuards,
    isFormInvalid: ({ context }) => validate(CreateFamilyRequestSchema, draftOf(context)).length > 0,
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
    assignValidationErrors: assign({ fieldErrors: ({ context }) => validate(CreateFamilyRequestSchema, draftOf(context)) }),
    clearErrors: assign({ fieldErrors: [], errorCode: null }),
    assignServerFieldErrors: assign({ fieldErrors: ({ event }) => failureFields(event) }),
    assignErrorCode: assign({ errorCode: ({ event }) => failureCode(event) }),
    assignCreated: assign({ created: ({ event }) => actorOutput<FamilyCreated>(event, 'createFamily') }),
  },
}).createMachine({
  id: 'familyCreate',
  context: initialContext,
  output: createOutput,
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
          { target: 'confirming', actions: 'clearErrors' },
        ],
        'form.cancel': 'cancelled',
      },
      states: {
        idle: {},
        invalid: { tags: ['error'] },
        /** The server refused words in the name or nickname without saying which field. */
        indecent: { tags: ['error'] },
        recaptchaFailed: { tags: ['error'] },
        /** `familyCannotCreateOrJoin`: one family per account, and this one has (or asked for) one. */
        cannotCreate: { tags: ['error'] },
        noLoginEmail: { tags: ['error'] },
        functionalAccount: { tags: ['error'] },
        studentOnly: { tags: ['error'] },
        failed: { tags: ['error'] },
      },
    },
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
    submitting: {
      tags: ['busy'],
      invoke: {
        id: 'createFamily',
        src: 'createFamily',
        input: createInput,
        onDone: { target: 'created', actions: 'assignCreated' },
        onError: [
          { guard: 'hasFieldErrors', target: 'editing.invalid', actions: ['discardSpentRecaptcha', 'assignServerFieldErrors'] },
          { guard: hasCode('indecentLanguage'), target: 'editing.indecent', actions: 'discardSpentRecaptcha' },
          { guard: hasCode('recaptchaFailed'), target: 'editing.recaptchaFailed', actions: 'discardSpentRecaptcha' },
          { guard: hasCode('familyCannotCreateOrJoin'), target: 'editing.cannotCreate', actions: 'discardSpentRecaptcha' },
          { guard: hasCode('familyNoLoginEmail'), target: 'editing.noLoginEmail', actions: 'discardSpentRecaptcha' },
          { guard: hasCode('familyFunctionalAccount'), target: 'editing.functionalAccount', actions: 'discardSpentRecaptcha' },
          { guard: hasCode('familyStudentOnly'), target: 'editing.studentOnly', actions: 'discardSpentRecaptcha' },
          { target: 'editing.failed', actions: ['discardSpentRecaptcha', 'assignErrorCode'] },
        ],
      },
    },
    created: { type: 'final', tags: ['done'] },
    cancelled: { type: 'final' },
  },
});
