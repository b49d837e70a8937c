import { assertEvent, assign, setup } from 'xstate';
import type { FieldIssue } from '../../contract/errors.ts';
import {
  checkOrgFields,
  type OrgAccountAnswer,
  type OrgAccountFields,
  type OrgAccountPage,
  type OrgAccountQuery,
  type OrgAccountRecord,
  type OrgGroup,
  type OrgSort,
  type ParsedOrgAccountQuery,
  type RemoveOrgAccountRequest,
  type UpdateOrgAccountRequest,
} from '../../contract/schemas/org-account.ts';
import * as orgAccount from '../../contract/calls/org-account.ts';
import { actorOutput, callActors, calling, childrenOf, failTo, failureCode, FIELD_ERRORS_ROUTE, flowTypes, formPiece, hasCode, REFUSED, type FailureCode } from '../form.ts';

export type OrgAccountListInput = Record<string, never>;

export interface OrgAccountListContext {
  /** The query the list shown answers (sent again on every reload). */
  query: ParsedOrgAccountQuery;
  /** The search box as typed, sent on `search.submit`. */
  searchText: string;
  /** The page the server last answered. */
  records: OrgAccountRecord[];
  total: number;
  pageSize: number;
  /** The record being edited or deleted. */
  selected: OrgAccountRecord | null;
  /** The edit form. */
  values: OrgAccountFields;
  fieldErrors: FieldIssue[];
  errorCode: FailureCode | null;
  /** The email of the record just saved or deleted, named by the confirmation. */
  changed: string | null;
}

export type OrgAccountListEvent =
  | { type: 'search.change'; value: string }
  | { type: 'search.submit' }
  | { type: 'group.change'; value: OrgGroup }
  | { type: 'sort.change'; value: OrgSort }
  | { type: 'page.next' }
  | { type: 'page.previous' }
  | { type: 'list.reload' }
  | { type: 'record.edit'; id: string }
  | { type: 'record.delete'; id: string }
  | { type: 'form.change'; field: keyof OrgAccountFields; value: string }
  | { type: 'form.submit' }
  | { type: 'form.cancel' }
  | { type: 'dialog.confirm' }
  | { type: 'dialog.cancel' }
  | { type: 'retry' };

const EMPTY_VALUES: OrgAccountFields = { emailAddress: '', chFullName: '', enFullName: '', remark: '', teacherType: 'UNIVERSITY_TEACHER' };

function queryInput({ context }: { context: OrgAccountListContext }): OrgAccountQuery {
  const { q, group, page, sort } = context.query;
  return { q, group, page: String(page), sort };
}

function updateInput({ context }: { context: OrgAccountListContext }): UpdateOrgAccountRequest {
  if (!context.selected) throw new Error('orgAccountList: saving without a selected record');
  return { id: context.selected.id, ...context.values };
}

function removeInput({ context }: { context: OrgAccountListContext }): RemoveOrgAccountRequest {
  if (!context.selected) throw new Error('orgAccountList: deleting without a selected record');
  return { id: context.selected.id };
}

const form = formPiece<OrgAccountListContext, OrgAccountListEvent>((context) => checkOrgFields(context.values));

const lastPage = (context: OrgAccountListContext) => Math.max(1, Math.ceil(context.total / Math.max(1, context.pageSize)));

/** What both modes let everyone do: search, filter, order and page (each reads the list again). */
const BROWSING = {
  'search.change': { actions: 'assignSearchText' },
  'search.submit': { target: '#orgAccountList.loading', actions: 'submitSearch' },
  'group.change': { target: '#orgAccountList.loading', actions: 'assignGroup' },
  'sort.change': { target: '#orgAccountList.loading', actions: 'assignSort' },
  'page.next': { guard: 'hasNextPage', target: '#orgAccountList.loading', actions: 'nextPage' },
  'page.previous': { guard: 'hasPreviousPage', target: '#orgAccountList.loading', actions: 'previousPage' },
  'list.reload': { target: '#orgAccountList.loading' },
} as const;

const actors = callActors('orgAccountList', { listOrgAccounts: orgAccount.list, updateOrgAccount: orgAccount.update, removeOrgAccount: orgAccount.remove });

export const orgAccountListMachine = setup({
  types: { ...flowTypes<OrgAccountListContext, OrgAccountListEvent, OrgAccountListInput>(), children: childrenOf(actors) },
  actors,
  guards: {
    ...form.guards,
    canWrite: ({ event }) => actorOutput<OrgAccountPage>(event, 'listOrgAccounts').canWrite,
    hasNextPage: ({ context }) => context.query.page < lastPage(context),
    hasPreviousPage: ({ context }) => context.query.page > 1,
    isListed: ({ context, event }) => {
      assertEvent(event, ['record.edit', 'record.delete']);
      return context.records.some((record) => record.id === event.id);
    },
  },
  actions: {
    ...form.actions,
    clearOutcome: assign({ fieldErrors: [], errorCode: null, changed: null }),
    assignPage: assign(({ event }) => {
      const page = actorOutput<OrgAccountPage>(event, 'listOrgAccounts');
      return { records: page.records, total: page.total, pageSize: page.pageSize };
    }),
    /** The server clamps a page past the end (records deleted meanwhile): the query follows it. */
    assignAnsweredPage: assign(({ context, event }) => ({ query: { ...context.query, page: actorOutput<OrgAccountPage>(event, 'listOrgAccounts').page } })),
    assignSearchText: assign(({ event }) => {
      assertEvent(event, 'search.change');
      return { searchText: event.value };
    }),
    submitSearch: assign(({ context }) => ({ query: { ...context.query, q: context.searchText.trim(), page: 1 }, changed: null })),
    assignGroup: assign(({ context, event }) => {
      assertEvent(event, 'group.change');
      return { query: { ...context.query, group: event.value, page: 1 }, changed: null };
    }),
    assignSort: assign(({ context, event }) => {
      assertEvent(event, 'sort.change');
      return { query: { ...context.query, sort: event.value, page: 1 }, changed: null };
    }),
    nextPage: assign(({ context }) => ({ query: { ...context.query, page: context.query.page + 1 }, changed: null })),
    previousPage: assign(({ context }) => ({ query: { ...context.query, page: context.query.page - 1 }, changed: null })),
    assignSelected: assign(({ context, event }) => {
      assertEvent(event, ['record.edit', 'record.delete']);
      const selected = context.records.find((record) => record.id === event.id) ?? null;
      const values = selected
        ? { emailAddress: selected.emailAddress, chFullName: selected.chFullName, enFullName: selected.enFullName, remark: selected.remark, teacherType: selected.teacherType }
        : EMPTY_VALUES;
      return { selected, values, fieldErrors: [], errorCode: null, changed: null };
    }),
    clearSelected: assign({ selected: null, values: EMPTY_VALUES, fieldErrors: [] }),
    assignSaved: assign(({ context, event }) => {
      const { record } = actorOutput<OrgAccountAnswer>(event, 'updateOrgAccount');
      return { records: context.records.map((r) => (r.id === record.id ? record : r)), changed: record.emailAddress, selected: null, values: EMPTY_VALUES };
    }),
    assignDeleted: assign(({ context }) => ({
      records: context.records.filter((r) => r.id !== context.selected?.id),
      total: Math.max(0, context.total - 1),
      changed: context.selected?.emailAddress ?? null,
      selected: null,
    })),
    /** The record is gone (another administrator deleted it): it leaves the page too. */
    dropSelected: assign(({ context, event }) => ({
      records: context.records.filter((r) => r.id !== context.selected?.id),
      selected: null,
      values: EMPTY_VALUES,
      errorCode: failureCode(event),
    })),
  },
}).createMachine({
  id: 'orgAccountList',
  context: {
    query: { q: '', group: 'ALL', page: 1, sort: 'updatedDesc' },
    searchText: '',
    records: [],
    total: 0,
    pageSize: 20,
    selected: null,
    values: EMPTY_VALUES,
    fieldErrors: [],
    errorCode: null,
    changed: null,
  },
  initial: 'loading',
  states: {
    loading: calling('listOrgAccounts', {
      input: queryInput,
      onDone: [
        { guard: 'canWrite', target: 'writable', actions: ['assignPage', 'assignAnsweredPage'] },
        { target: 'readOnly', actions: ['assignPage', 'assignAnsweredPage'] },
      ],
      onError: [
        { guard: hasCode('orgAccountNoAccess'), target: 'forbidden', actions: 'assignErrorCode' },
        failTo('loadFailed'),
      ],
    }),
    /** The list could not be read (network, server): offer to read it again. */
    loadFailed: { tags: ['error'], on: { retry: { target: 'loading', actions: 'clearErrors' } } },
    /** SPEC §6: no organisation account read permission. */
    forbidden: { type: 'final', tags: ['error'] },
    /** SPEC §2 read-only mode: org_account.read without org_account.write; nothing to change. */
    readOnly: { tags: ['ready'], on: BROWSING },
    writable: {
      tags: ['ready'],
      initial: 'idle',
      on: {
        ...BROWSING,
        'record.edit': { guard: 'isListed', target: 'editing', actions: 'assignSelected' },
        'record.delete': { guard: 'isListed', target: 'confirmingDelete', actions: 'assignSelected' },
      },
      states: {
        idle: {},
        saved: {},
        deleted: {},
        /** The record was deleted meanwhile (`orgAccountNotFound`). */
        gone: REFUSED,
        /** The change was refused (write permission withdrawn, network…): its code in errorCode. */
        failed: REFUSED,
      },
    },
    editing: {
      tags: ['ready'],
      initial: 'idle',
      on: {
        'form.change': { actions: 'assignValue' },
        'form.submit': [{ guard: 'isFormInvalid', target: '.invalid', actions: 'assignValidationErrors' }, { target: 'saving', actions: 'clearErrors' }],
        'form.cancel': { target: 'writable.idle', actions: 'clearSelected' },
      },
      states: { idle: {}, invalid: REFUSED, failed: REFUSED },
    },
    saving: calling('updateOrgAccount', {
      input: updateInput,
      onDone: { target: 'writable.saved', actions: 'assignSaved' },
      onError: [
        { guard: hasCode('orgAccountNotFound'), target: 'writable.gone', actions: 'dropSelected' },
        FIELD_ERRORS_ROUTE,
        failTo('editing.failed'),
      ],
    }),
    confirmingDelete: {
      tags: ['ready'],
      on: { 'dialog.confirm': 'deleting', 'dialog.cancel': { target: 'writable.idle', actions: 'clearSelected' } },
    },
    deleting: calling('removeOrgAccount', {
      input: removeInput,
      onDone: { target: 'writable.deleted', actions: 'assignDeleted' },
      onError: [
        { guard: hasCode('orgAccountNotFound'), target: 'writable.gone', actions: 'dropSelected' },
        { target: 'writable.failed', actions: ['clearSelected', 'assignErrorCode'] },
      ],
    }),
  },
});
