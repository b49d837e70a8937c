import { assertEvent, assign, setup } from 'xstate';
import type { FieldIssue } from '../../contract/errors.ts';
import type { SchoolNames } from '../../contract/languages.ts';
import {
  domainField,
  EMAIL_DOMAIN_PATTERN,
  EMAIL_DOMAINS_MAX,
  foldDomain,
  SaveSchoolSettingsRequestSchema,
  type SaveSchoolSettingsRequest,
  type SchoolSettings,
} from '../../contract/schemas/org-account.ts';
import * as orgAccount from '../../contract/calls/org-account.ts';
import { actorOutput, callActors, calling, childrenOf, failTo, FIELD_ERRORS_ROUTE, flowTypes, FORM_INVALID_ROUTE, formPiece, hasCode, REFUSED, validate, withoutField, type FailureCode } from '../form.ts';

export type SchoolSettingsInput = Record<string, never>;

export interface SchoolSettingsValues {
  schoolEmail: string;
  /** The teacher email domains, as listed (each checked when added). */
  emailDomains: string[];
  /** The domain being typed, added with `domain.add` (or with the save, when valid). */
  newDomain: string;
  allowQrLogin: boolean;
}

export interface SchoolSettingsContext {
  /** The school's names, English and Chinese (null while not known): the page's language picks one for the heading. */
  school: SchoolNames;
  values: SchoolSettingsValues;
  /** What the server holds (last read or saved): a save of the same values makes no call. */
  savedValues: SchoolSettingsValues;
  /** The form's problems; a refused domain's is at `emailDomains.<domain>` (domainField), as the server names it. */
  fieldErrors: FieldIssue[];
  errorCode: FailureCode | null;
}

export type SchoolSettingsEvent =
  | { type: 'form.change'; field: 'schoolEmail' | 'newDomain'; value: string }
  | { type: 'form.change'; field: 'allowQrLogin'; value: boolean }
  | { type: 'domain.add' }
  | { type: 'domain.remove'; domain: string }
  | { type: 'form.submit' }
  | { type: 'retry' };

const EMPTY_VALUES: SchoolSettingsValues = { schoolEmail: '', emailDomains: [], newDomain: '', allowQrLogin: false };

const normalDomain = foldDomain;

function namesOf(settings: SchoolSettings): SchoolNames {
  return { name: settings.schoolName, chineseName: settings.schoolChineseName };
}

function valuesOf(settings: SchoolSettings): SchoolSettingsValues {
  return { schoolEmail: settings.schoolEmail, emailDomains: settings.emailDomains, newDomain: '', allowQrLogin: settings.allowQrLogin };
}

/** The domains the save sends: the list, plus the one typed and not yet added. */
function domainsToSave(values: SchoolSettingsValues): string[] {
  const typed = normalDomain(values.newDomain);
  return typed === '' || values.emailDomains.includes(typed) ? values.emailDomains : [...values.emailDomains, typed];
}

/** The request: domains separated by spaces (the server refuses line breaks as control characters). */
function saveInput({ context }: { context: SchoolSettingsContext }): SaveSchoolSettingsRequest {
  const { schoolEmail, allowQrLogin } = context.values;
  return { schoolEmail, emailDomains: domainsToSave(context.values).join(' '), allowQrLogin };
}

/** Problems of the domain being added: empty, not a domain, listed already, or one too many. */
function newDomainIssues(values: SchoolSettingsValues): FieldIssue[] {
  const typed = normalDomain(values.newDomain);
  if (typed === '') return [{ field: 'newDomain', rule: 'required' }];
  if (!EMAIL_DOMAIN_PATTERN.test(typed)) return [{ field: 'newDomain', rule: 'format' }];
  if (values.emailDomains.includes(typed)) return [{ field: 'newDomain', rule: 'duplicated' }];
  if (values.emailDomains.length >= EMAIL_DOMAINS_MAX) return [{ field: 'newDomain', rule: 'maxLength' }];
  return [];
}

/** The domain's own problem named by the last save, if any. */
const isRefusedDomain = (issues: readonly FieldIssue[], domain: string) => issues.some((issue) => issue.field === domainField(domain));

/** Every problem of the form at once: the school email (the contract's rule), the domain typed and not added, too many domains. */
function formIssues(context: SchoolSettingsContext): FieldIssue[] {
  const { values } = context;
  const issues = validate(SaveSchoolSettingsRequestSchema, saveInput({ context })).filter((issue) => issue.field !== 'emailDomains');
  const typed = normalDomain(values.newDomain);
  if (typed !== '' && !EMAIL_DOMAIN_PATTERN.test(typed)) issues.push({ field: 'newDomain', rule: 'format' });
  else if (domainsToSave(values).length > EMAIL_DOMAINS_MAX) issues.push({ field: 'newDomain', rule: 'maxLength' });
  return issues;
}

function sameSettings(a: SchoolSettingsValues, b: SchoolSettingsValues): boolean {
  const left = [...domainsToSave(a)].sort();
  const right = [...domainsToSave(b)].sort();
  return (
    a.schoolEmail.trim().toLowerCase() === b.schoolEmail.trim().toLowerCase() &&
    a.allowQrLogin === b.allowQrLogin &&
    left.length === right.length &&
    left.every((domain, index) => domain === right[index])
  );
}

const form = formPiece<SchoolSettingsContext, SchoolSettingsEvent>(formIssues);

/** The save's refusals of domains (issue 21: a domain belongs to one school, never a public mail service's). */
const DOMAINS_REFUSED_ROUTE = {
  guard: hasCode('teacherDomainTaken', 'teacherDomainPublic'),
  target: 'editing.domainsRefused',
  actions: ['assignErrorCode', 'assignServerFieldErrors'],
} as const;

/** Changing anything after a save or a no-op save: the notice goes, the form is edited again. */
const EDIT_AGAIN = {
  'form.change': { target: '#schoolSettings.editing.idle', actions: 'assignValue' },
  /** Here the domain field is empty or holds a listed domain (else the save would have changed something): always a problem. */
  'domain.add': { target: '#schoolSettings.editing.invalid', actions: 'assignNewDomainErrors' },
  'domain.remove': { guard: 'isListed', target: '#schoolSettings.editing.idle', actions: 'removeDomain' },
} as const;

const actors = callActors('schoolSettings', { loadSettings: orgAccount.settings, saveSettings: orgAccount.saveSettings });

export const schoolSettingsMachine = setup({
  types: { ...flowTypes<SchoolSettingsContext, SchoolSettingsEvent, SchoolSettingsInput>(), children: childrenOf(actors) },
  actors,
  guards: {
    ...form.guards,
    canWrite: ({ event }) => actorOutput<SchoolSettings>(event, 'loadSettings').canWrite,
    isNewDomainInvalid: ({ context }) => newDomainIssues(context.values).length > 0,
    isUnchanged: ({ context }) => sameSettings(context.values, context.savedValues),
    isListed: ({ context, event }) => {
      assertEvent(event, 'domain.remove');
      return context.values.emailDomains.includes(event.domain);
    },
    /** The domain removed is the last listed one the server refused: nothing refused is left to show. */
    isLastRefusedDomain: ({ context, event }) => {
      assertEvent(event, 'domain.remove');
      const listed = context.values.emailDomains;
      return (
        listed.includes(event.domain) &&
        isRefusedDomain(context.fieldErrors, event.domain) &&
        !listed.some((domain) => domain !== event.domain && isRefusedDomain(context.fieldErrors, domain))
      );
    },
  },
  actions: {
    ...form.actions,
    assignLoaded: assign(({ event }) => {
      const settings = actorOutput<SchoolSettings>(event, 'loadSettings');
      return { school: namesOf(settings), values: valuesOf(settings), savedValues: valuesOf(settings) };
    }),
    assignSaved: assign(({ event }) => {
      const settings = actorOutput<SchoolSettings>(event, 'saveSettings');
      return { school: namesOf(settings), values: valuesOf(settings), savedValues: valuesOf(settings), fieldErrors: [], errorCode: null };
    }),
    /** Only the new domain's problem is replaced: the others found by the last save stay shown. */
    assignNewDomainErrors: assign(({ context }) => ({ fieldErrors: [...withoutField(context.fieldErrors, 'newDomain'), ...newDomainIssues(context.values)] })),
    addDomain: assign(({ context }) => ({
      values: { ...context.values, emailDomains: [...context.values.emailDomains, normalDomain(context.values.newDomain)], newDomain: '' },
      fieldErrors: withoutField(context.fieldErrors, 'newDomain'),
    })),
    removeDomain: assign(({ context, event }) => {
      assertEvent(event, 'domain.remove');
      return {
        values: { ...context.values, emailDomains: context.values.emailDomains.filter((domain) => domain !== event.domain) },
        fieldErrors: withoutField(withoutField(context.fieldErrors, 'newDomain'), domainField(event.domain)),
      };
    }),
    /** The domain typed and not added is saved with the list: it joins the list, where a refusal of it is shown. */
    listTypedDomain: assign(({ context }) => ({ values: { ...context.values, emailDomains: domainsToSave(context.values), newDomain: '' } })),
  },
}).createMachine({
  id: 'schoolSettings',
  context: { school: { name: '', chineseName: null }, values: EMPTY_VALUES, savedValues: EMPTY_VALUES, fieldErrors: [], errorCode: null },
  initial: 'loading',
  states: {
    loading: calling('loadSettings', {
      onDone: [
        { guard: 'canWrite', target: 'editing', actions: 'assignLoaded' },
        { target: 'readOnly', actions: 'assignLoaded' },
      ],
      onError: [
        { guard: hasCode('orgAccountNoAccess'), target: 'forbidden', actions: 'assignErrorCode' },
        failTo('loadFailed'),
      ],
    }),
    /** The settings could not be read (network, server): offer to read them again. */
    loadFailed: { tags: ['error'], on: { retry: { target: 'loading', actions: 'clearErrors' } } },
    /** No organisation account read permission (or no school). */
    forbidden: { type: 'final', tags: ['error'] },
    /** org_account.read without org_account.write: the values, nothing to change them with. */
    readOnly: { tags: ['ready'] },
    editing: {
      tags: ['ready'],
      initial: 'idle',
      on: {
        'form.change': { actions: 'assignValue' },
        'domain.add': [
          { guard: 'isNewDomainInvalid', target: '.invalid', actions: 'assignNewDomainErrors' },
          { actions: 'addDomain' },
        ],
        'domain.remove': { guard: 'isListed', actions: 'removeDomain' },
        'form.submit': [
          FORM_INVALID_ROUTE,
          /** Nothing differs from what the server holds: say so, without a call. */
          { guard: 'isUnchanged', target: '.unchanged', actions: 'clearErrors' },
          { target: 'saving', actions: ['clearErrors', 'listTypedDomain'] },
        ],
      },
      states: {
        idle: {},
        invalid: REFUSED,
        /** A save with nothing changed; any change leaves it. */
        unchanged: { on: EDIT_AGAIN },
        /**
         * The server refused domains (another school's, a public mail service's): each is named
         * in fieldErrors, the first one's code in errorCode. Nothing was saved.
         */
        domainsRefused: {
          ...REFUSED,
          on: {
            'domain.remove': [
              { guard: 'isLastRefusedDomain', target: 'idle', actions: ['removeDomain', 'clearErrors'] },
              { guard: 'isListed', actions: 'removeDomain' },
            ],
          },
        },
        /** Refused or not reached: the typed values stay, the code in errorCode. */
        failed: REFUSED,
      },
    },
    saving: calling('saveSettings', {
      input: saveInput,
      onDone: { target: 'saved', actions: 'assignSaved' },
      onError: [DOMAINS_REFUSED_ROUTE, FIELD_ERRORS_ROUTE, failTo('editing.failed')],
    }),
    /** Saved: the values the server now holds, the confirmation beside the save button. */
    saved: {
      tags: ['ready'],
      on: {
        ...EDIT_AGAIN,
        'form.submit': { target: 'editing.unchanged' },
      },
    },
  },
});
