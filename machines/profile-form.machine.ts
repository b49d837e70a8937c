import { assertEvent, assign, fromPromise, setup } from 'xstate';
import { ApiError } from '../contract/api-error.ts';
import type { ErrorCode, FieldIssue } from '../contract/errors.ts';
import { PROFILE_FORM_SCHEMAS, type BasicProfile, type ParentProfile, type ProfileFormKind, type TeacherProfile } from '../contract/schemas/profile.ts';
import { actorError, actorOutput, failureCode, failureFields, validate, withoutField, type FailureCode } from './form.ts';

export type ProfileValues = BasicProfile | TeacherProfile | ParentProfile;
export type ProfileField = keyof BasicProfile | keyof TeacherProfile | keyof ParentProfile;

/** Which profile form, with the values last saved (as read from the server). */
export type ProfileFormInput = { form: 'basic'; values: BasicProfile } | { form: 'teacher'; values: TeacherProfile } | { form: 'parent'; values: ParentProfile };

/** What the check and save actors are given: the form and its whole values. */
export interface ProfileFormCall {
  form: ProfileFormKind;
  values: ProfileValues;
}

export interface ProfileFormContext {
  form: ProfileFormKind;
  values: ProfileValues;
  /** The values last saved: `form.reset` goes back to them. */
  savedValues: ProfileValues;
  fieldErrors: FieldIssue[];
  errorCode: FailureCode | null;
}

export type ProfileFormEvent =
  | { type: 'form.change'; field: ProfileField; value: string | readonly string[] }
  | { type: 'form.submit' }
  | { type: 'form.reset' };

/** Refusals of one field the server may answer without naming it. */
const PROFILE_CODE_FIELDS: Partial<Record<ErrorCode, FieldIssue>> = {
  nicknameTaken: { field: 'nickname', rule: 'taken' },
};

function initialContext({ input }: { input: ProfileFormInput }): ProfileFormContext {
  return { form: input.form, values: input.values, savedValues: input.values, fieldErrors: [], errorCode: null };
}

function callInput({ context }: { context: ProfileFormContext }): ProfileFormCall {
  return { form: context.form, values: context.values };
}

function formIssues(context: ProfileFormContext): FieldIssue[] {
  return validate(PROFILE_FORM_SCHEMAS[context.form], context.values);
}

function serverFieldIssues(event: { type: string }): FieldIssue[] {
  const fields = failureFields(event);
  if (fields.length > 0) return fields;
  const error = actorError(event);
  const issue = error instanceof ApiError && error.code !== 'network' ? PROFILE_CODE_FIELDS[error.code] : undefined;
  return issue ? [issue] : [];
}

export const profileFormMachine = setup({
  types: {
    context: {} as ProfileFormContext,
    events: {} as ProfileFormEvent,
    input: {} as ProfileFormInput,
    tags: {} as 'busy' | 'error' | 'ready' | 'done',
    children: {} as { checkProfile: 'checkProfile'; saveProfile: 'saveProfile' },
  },
  actors: {
    /** The checks the schema cannot make (indecent language, a taken nickname): the issues found, none when fine. */
    checkProfile: fromPromise<FieldIssue[], ProfileFormCall>(async () => {
      throw new Error('profileForm: actor "checkProfile" not provided');
    }),
    /** Saves and answers the values now in force. */
    saveProfile: fromPromise<ProfileValues, ProfileFormCall>(async () => {
      throw new Error('profileForm: actor "saveProfile" not provided');
    }),
  },
  guards: {
    isFormInvalid: ({ context }) => formIssues(context).length > 0,
    hasCheckIssues: ({ event }) => actorOutput<FieldIssue[]>(event, 'checkProfile').length > 0,
    hasFieldErrors: ({ event }) => serverFieldIssues(event).length > 0,
  },
  actions: {
    assignValue: assign({
      values: ({ context, event }) => {
        assertEvent(event, 'form.change');
        return { ...context.values, [event.field]: event.value } as ProfileValues;
      },
      fieldErrors: ({ context, event }) => {
        assertEvent(event, 'form.change');
        return withoutField(context.fieldErrors, event.field);
      },
    }),
    assignValidationErrors: assign({ fieldErrors: ({ context }) => formIssues(context) }),
    assignCheckIssues: assign({ fieldErrors: ({ event }) => actorOutput<FieldIssue[]>(event, 'checkProfile') }),
    clearErrors: assign({ fieldErrors: [], errorCode: null }),
    assignServerFieldErrors: assign({ fieldErrors: ({ event }) => serverFieldIssues(event) }),
    assignErrorCode: assign({ errorCode: ({ event }) => failureCode(event) }),
    assignSaved: assign({
      values: ({ event }) => actorOutput<ProfileValues>(event, 'saveProfile'),
      savedValues: ({ event }) => actorOutput<ProfileValues>(event, 'saveProfile'),
    }),
    resetValues: assign({ values: ({ context }) => context.savedValues, fieldErrors: [], errorCode: null }),
  },
}).createMachine({
  id: 'profileForm',
  context: initialContext,
  initial: 'editing',
  states: {
    editing: {
      tags: ['ready'],
      initial: 'idle',
      on: {
        'form.change': { actions: 'assignValue' },
        'form.reset': { target: '.idle', actions: 'resetValues' },
        'form.submit': [
          { guard: 'isFormInvalid', target: '.invalid', actions: 'assignValidationErrors' },
          { target: 'validating', actions: 'clearErrors' },
        ],
      },
      states: {
        idle: {},
        /** Field errors: the schema's, the checks', or the server's on saving. */
        invalid: { tags: ['error'] },
        failed: { tags: ['error'] },
      },
    },
    validating: {
      tags: ['busy'],
      invoke: {
        id: 'checkProfile',
        src: 'checkProfile',
        input: callInput,
        onDone: [{ guard: 'hasCheckIssues', target: 'editing.invalid', actions: 'assignCheckIssues' }, { target: 'saving' }],
        onError: { target: 'editing.failed', actions: 'assignErrorCode' },
      },
    },
    saving: {
      tags: ['busy'],
      invoke: {
        id: 'saveProfile',
        src: 'saveProfile',
        input: callInput,
        onDone: { target: 'saved', actions: 'assignSaved' },
        onError: [
          { guard: 'hasFieldErrors', target: 'editing.invalid', actions: 'assignServerFieldErrors' },
          { target: 'editing.failed', actions: 'assignErrorCode' },
        ],
      },
    },
    /** Not final: the form stays, and the next change starts another edit. */
    saved: {
      tags: ['done', 'ready'],
      on: { 'form.change': { target: 'editing.idle', actions: 'assignValue' } },
    },
  },
});
