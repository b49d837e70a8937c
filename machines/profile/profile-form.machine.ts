import { assertEvent, assign, setup } from 'xstate';
import { ApiError } from '../../contract/api-error.ts';
import type { ErrorCode, FieldIssue } from '../../contract/errors.ts';
import type { Language } from '../../contract/languages.ts';
import type { SubscriptionService } from '../../contract/constants.ts';
import type { GenericSchema } from 'valibot';
import type { ParentProfile, ParentProfileData } from '../../contract/schemas/parent-profile.ts';
import type {
  BasicProfile,
  NicknameProposal,
  ProfileData,
  ProfileFormKind,
  SchoolStaffInfo,
  SchoolStaffInfoData,
} from '../../contract/schemas/profile.ts';
import type { TeacherProfile, TeacherProfileData } from '../../contract/schemas/teacher-profile.ts';
import { actorError, actorOutput, calling, childrenOf, FAILED_ROUTE, failTo, failureFields, FIELD_ERRORS_ROUTE, flowTypes, formEditing, formPiece, unprovided, validate, withoutField, type FailureCode } from '../form.ts';

export type ProfileValues = BasicProfile | TeacherProfile | ParentProfile | SchoolStaffInfo;
export type ProfileField = keyof BasicProfile | keyof TeacherProfile | keyof ParentProfile | keyof SchoolStaffInfo;

/** The three profile forms of the contract, plus the school-based teacher's staff info (/school-staff-info). */
export type ProfilePageForm = ProfileFormKind | 'schoolStaff';

/**
 * Which profile form the page edits, and the contract's schema its values are checked with
 * (`BasicProfileSchema`, `TeacherProfileSchema`…): each page gives its own, so no page downloads
 * another form's schema (issue 26, item 14).
 */
export interface ProfileFormInput {
  form: ProfilePageForm;
  schema: GenericSchema;
}

/** What `loadProfile` is given: the form whose values it reads. */
export type ProfileFormLoad = Pick<ProfileFormInput, 'form'>;

/** What the check and save actors are given: the form and its whole values. */
export interface ProfileFormCall {
  form: ProfilePageForm;
  values: ProfileValues;
}

/** The read-only part of what the page read (emails, mobile, school, domains), shown beside the form. */
export type ProfileDetails = ProfileData | TeacherProfileData | ParentProfileData | SchoolStaffInfoData;

/** `loadProfile`'s answer: the editable values and the read-only details. */
export interface ProfileLoaded {
  values: ProfileValues;
  details: ProfileDetails;
}

/** Subscriptions asked for on saving, waiting for the link sent to `email`. */
export interface SubscriptionConfirmation {
  email: string;
  services: SubscriptionService[];
}

/** `saveProfile`'s answer: the values now in force and, for the basic form, what waits for confirmation. */
export interface ProfileSaved {
  values: ProfileValues;
  confirmation: SubscriptionConfirmation | null;
  /** The basic form's display name after the save (a nickname changes it); absent for the other forms. */
  displayName?: string;
}

export interface ProfileFormContext {
  form: ProfilePageForm;
  /** The page's schema for the form's values (the input's). */
  schema: GenericSchema;
  values: ProfileValues;
  /** The values last saved: `form.reset` goes back to them. */
  savedValues: ProfileValues;
  /** What the page read besides the values; null until loaded. */
  details: ProfileDetails | null;
  /** Set by the last save when subscriptions wait for their emailed link. */
  confirmation: SubscriptionConfirmation | null;
  fieldErrors: FieldIssue[];
  errorCode: FailureCode | null;
}

/** Empty values of each form, shown (never sent) until the saved ones are read. */
export const EMPTY_PROFILE_VALUES: Record<ProfilePageForm, ProfileValues> = {
  basic: {
    title: '',
    chineseSurname: '',
    chineseGivenName: '',
    englishSurname: '',
    englishGivenName: '',
    nickname: '',
    gender: '',
    yearOfBirth: '',
    roles: [],
    region: '',
    district: '',
    addressLine1Zh: '',
    addressLine2Zh: '',
    addressLine1En: '',
    addressLine2En: '',
    subscriptions: [],
  },
  teacher: {
    teacherType: 'registered',
    institution: '',
    username: '',
    confirmUsername: '',
    teachingLevels: [],
    specialCurricula: [],
    subjects: [],
    duties: [],
    dutyRemark: '',
    interests: [],
  },
  parent: { interests: [] },
  schoolStaff: { chFullName: '', enFullName: '' },
};

export type ProfileFormEvent =
  | { type: 'form.change'; field: ProfileField; value: string | readonly string[] }
  | { type: 'form.submit' }
  | { type: 'form.reset' }
  /** Asks the server for a free, clean nickname in `lang` (the language on screen). */
  | { type: 'nickname.generate'; lang: Language }
  | { type: 'retry' };

/** Refusals of one field the server may answer without naming it. */
const PROFILE_CODE_FIELDS: Partial<Record<ErrorCode, FieldIssue>> = {
  nicknameTaken: { field: 'nickname', rule: 'taken' },
};

function initialContext({ input }: { input: ProfileFormInput }): ProfileFormContext {
  const values = EMPTY_PROFILE_VALUES[input.form];
  return { form: input.form, schema: input.schema, values, savedValues: values, details: null, confirmation: null, fieldErrors: [], errorCode: null };
}

function callInput({ context }: { context: ProfileFormContext }): ProfileFormCall {
  return { form: context.form, values: context.values };
}

function loadInput({ context }: { context: ProfileFormContext }): ProfileFormLoad {
  return { form: context.form };
}

function nicknameInput({ event }: { event: ProfileFormEvent }): { lang: Language } {
  assertEvent(event, 'nickname.generate');
  return { lang: event.lang };
}

/**
 * The teacher form's rules between fields (the username typed twice; a remark when the duties
 * include "Others"). The schema runs them only once every single field is valid, so a form with
 * an empty institution would show them one submit later: here they are reported at once, as the
 * GOV.UK pattern asks (issue 13). The server's schema still decides.
 */
function teacherCrossIssues(values: TeacherProfile): FieldIssue[] {
  const issues: FieldIssue[] = [];
  if ((values.confirmUsername ?? '') !== (values.username ?? '')) issues.push({ field: 'confirmUsername', rule: 'sameAs' });
  if ((values.duties ?? []).includes('OTHERS') && (values.dutyRemark ?? '').trim() === '') issues.push({ field: 'dutyRemark', rule: 'required' });
  return issues;
}

/** Issues in the order the fields are on the page, so the error summary reads top to bottom. */
function inFieldOrder(form: ProfilePageForm, issues: FieldIssue[]): FieldIssue[] {
  const order = Object.keys(EMPTY_PROFILE_VALUES[form]);
  const rank = (issue: FieldIssue) => {
    const at = order.indexOf(issue.field.split('.')[0] ?? issue.field);
    return at === -1 ? order.length : at;
  };
  return [...issues].sort((a, b) => rank(a) - rank(b));
}

function formIssues(context: ProfileFormContext): FieldIssue[] {
  const issues = validate(context.schema, context.values);
  if (context.form !== 'teacher' || issues.length === 0) return issues;
  const extra = teacherCrossIssues(context.values as TeacherProfile).filter((cross) => !issues.some((issue) => issue.field === cross.field));
  return extra.length === 0 ? issues : inFieldOrder(context.form, [...issues, ...extra]);
}

function serverFieldIssues(event: { type: string }): FieldIssue[] {
  const fields = failureFields(event);
  if (fields.length > 0) return fields;
  const error = actorError(event);
  const issue = error instanceof ApiError && error.code !== 'network' ? PROFILE_CODE_FIELDS[error.code] : undefined;
  return issue ? [issue] : [];
}

const form = formPiece<ProfileFormContext, ProfileFormEvent>(formIssues);

const actors = {
  /** Reads the form's saved values and what the page shows beside them. */
  loadProfile: unprovided<ProfileLoaded, ProfileFormLoad>('profileForm', 'loadProfile'),
  /** A free, clean nickname proposal in the given language. */
  generateNickname: unprovided<NicknameProposal, { lang: Language }>('profileForm', 'generateNickname'),
  /** The checks the schema cannot make (indecent language, a taken nickname): the issues found, none when fine. */
  checkProfile: unprovided<FieldIssue[], ProfileFormCall>('profileForm', 'checkProfile'),
  /** Saves and answers the values now in force. */
  saveProfile: unprovided<ProfileSaved, ProfileFormCall>('profileForm', 'saveProfile'),
};

export const profileFormMachine = setup({
  types: { ...flowTypes<ProfileFormContext, ProfileFormEvent, ProfileFormInput>(), children: childrenOf(actors) },
  actors,
  guards: {
    ...form.guards,
    hasCheckIssues: ({ event }) => actorOutput<FieldIssue[]>(event, 'checkProfile').length > 0,
    hasFieldErrors: ({ event }) => serverFieldIssues(event).length > 0,
  },
  actions: {
    ...form.actions,
    assignCheckIssues: assign({ fieldErrors: ({ event }) => actorOutput<FieldIssue[]>(event, 'checkProfile') }),
    assignServerFieldErrors: assign({ fieldErrors: ({ event }) => serverFieldIssues(event) }),
    assignLoaded: assign({
      values: ({ event }) => actorOutput<ProfileLoaded>(event, 'loadProfile').values,
      savedValues: ({ event }) => actorOutput<ProfileLoaded>(event, 'loadProfile').values,
      details: ({ event }) => actorOutput<ProfileLoaded>(event, 'loadProfile').details,
      errorCode: null,
    }),
    assignNickname: assign({
      values: ({ context, event }) => ({ ...context.values, nickname: actorOutput<NicknameProposal>(event, 'generateNickname').nickname }) as ProfileValues,
      fieldErrors: ({ context }) => withoutField(context.fieldErrors, 'nickname'),
      errorCode: null,
    }),
    assignSaved: assign({
      values: ({ event }) => actorOutput<ProfileSaved>(event, 'saveProfile').values,
      savedValues: ({ event }) => actorOutput<ProfileSaved>(event, 'saveProfile').values,
      confirmation: ({ event }) => actorOutput<ProfileSaved>(event, 'saveProfile').confirmation,
      // The account summary beside the form shows the display name: a saved nickname changes it.
      details: ({ context, event }) => {
        const { displayName } = actorOutput<ProfileSaved>(event, 'saveProfile');
        return displayName !== undefined && context.details && 'displayName' in context.details ? { ...context.details, displayName } : context.details;
      },
    }),
    resetValues: assign({ values: ({ context }) => context.savedValues, fieldErrors: [], errorCode: null }),
  },
}).createMachine({
  id: 'profileForm',
  context: initialContext,
  initial: 'loading',
  states: {
    loading: calling('loadProfile', {
      input: loadInput,
      onDone: { target: 'editing', actions: 'assignLoaded' },
      onError: failTo('loadFailed'),
    }),
    /** The page could not be read (a refusal such as `forbidden`, or no answer): nothing to edit. */
    loadFailed: {
      tags: ['error'],
      on: { retry: 'loading' },
    },
    /** `invalid` shows field errors: the schema's, the checks', or the server's on saving. */
    editing: formEditing({
      submitTo: 'validating',
      on: {
        'form.reset': { target: '.idle', actions: 'resetValues' },
        'nickname.generate': '.generatingNickname',
      },
      states: {
        /** The form stays editable while the proposal is fetched; a submit abandons it. */
        generatingNickname: calling('generateNickname', {
          input: nicknameInput,
          onDone: { target: 'idle', actions: 'assignNickname' },
          onError: failTo('failed'),
        }),
      },
    }),
    validating: calling('checkProfile', {
      input: callInput,
      onDone: [{ guard: 'hasCheckIssues', target: 'editing.invalid', actions: 'assignCheckIssues' }, { target: 'saving' }],
      onError: FAILED_ROUTE,
    }),
    saving: calling('saveProfile', { input: callInput, onDone: { target: 'saved', actions: 'assignSaved' }, onError: [FIELD_ERRORS_ROUTE, FAILED_ROUTE] }),
    /** Not final: the form stays, and the next change starts another edit. */
    saved: {
      tags: ['done', 'ready'],
      on: {
        'form.change': { target: 'editing.idle', actions: 'assignValue' },
        'nickname.generate': 'editing.generatingNickname',
      },
    },
  },
});
