import type { OrgAccountPage, OrgAccountRecord } from '../../contract/schemas/org-account.ts';
import { apiError, changes, contextKey, defineModel, done, fail, failEach, networkError, SAMPLE_NOW } from '../model-kit.ts';
import { orgAccountListMachine } from './org-account-list.machine.ts';

/** Two records of the demo school's list, as the server answers them. */
export const SAMPLE_RECORDS: OrgAccountRecord[] = [
  {
    id: 'a7c0e2f4-0000-4000-8000-000000000001',
    emailAddress: 'chan.taiman@demo-school.edu.hk',
    chFullName: '陳大文',
    enFullName: 'CHAN Tai Man',
    remark: 'Form 3 class teacher',
    teacherType: 'UNIVERSITY_TEACHER',
    updatedAt: new Date(SAMPLE_NOW - 60 * 60_000).toISOString(),
    updatedBy: 'demo_schooladmin1',
  },
  {
    id: 'a7c0e2f4-0000-4000-8000-000000000002',
    emailAddress: 'lee.siuming@demo-school.edu.hk',
    chFullName: '李小明',
    enFullName: 'LEE Siu Ming',
    remark: '',
    teacherType: 'PRE_SERVICE',
    updatedAt: new Date(SAMPLE_NOW - 2 * 60 * 60_000).toISOString(),
    updatedBy: 'demo_schooladmin1',
  },
];

/** Two pages, so paging forward and back is possible. */
export const SAMPLE_PAGE: OrgAccountPage = { records: SAMPLE_RECORDS, total: 22, page: 1, pageSize: 20, canWrite: true };
export const SAMPLE_READ_ONLY_PAGE: OrgAccountPage = { ...SAMPLE_PAGE, canWrite: false };
const SIMPLE_PATH_EVENTS = new Set([
  'xstate.done.actor.listOrgAccounts',
  'record.edit',
  'record.delete',
  'form.submit',
  'form.cancel',
  'dialog.confirm',
  'dialog.cancel',
  'xstate.done.actor.updateOrgAccount',
  'xstate.done.actor.removeOrgAccount',
]);
const [FIRST] = SAMPLE_RECORDS as [OrgAccountRecord, OrgAccountRecord];

export const orgAccountListModel = defineModel(orgAccountListMachine, {
  input: {},
  events: [
    done('listOrgAccounts', SAMPLE_PAGE),
    done('listOrgAccounts', SAMPLE_READ_ONLY_PAGE),
    done('listOrgAccounts', { ...SAMPLE_PAGE, page: 2 }),
    done('listOrgAccounts', { ...SAMPLE_READ_ONLY_PAGE, page: 2 }),
    fail('listOrgAccounts', apiError('orgAccountNoAccess')),
    fail('listOrgAccounts', networkError()),
    { type: 'search.change', value: 'chan' },
    { type: 'search.submit' },
    { type: 'group.change', value: 'PRE_SERVICE' },
    { type: 'sort.change', value: 'updatedAsc' },
    { type: 'page.next' },
    { type: 'page.previous' },
    { type: 'list.reload' },
    { type: 'record.edit', id: FIRST.id },
    { type: 'record.delete', id: FIRST.id },
    ...changes('emailAddress', 'chan.tm@demo-school.edu.hk', ''),
    { type: 'form.submit' },
    { type: 'form.cancel' },
    { type: 'dialog.confirm' },
    { type: 'dialog.cancel' },
    { type: 'retry' },
    done('updateOrgAccount', { record: { ...FIRST, emailAddress: 'chan.tm@demo-school.edu.hk', updatedAt: new Date(SAMPLE_NOW).toISOString() } }),
    fail('updateOrgAccount', apiError('invalidPayload', { fields: [{ field: 'emailAddress', rule: 'duplicated' }, { field: 'remark', rule: 'maxLength' }] })),
    ...failEach('updateOrgAccount', ['orgAccountReadOnly']),
    done('removeOrgAccount', undefined),
    ...failEach('removeOrgAccount', ['orgAccountReadOnly']),
  ],
  key: contextKey('fieldErrors', 'errorCode', 'changed', 'records', 'searchText', 'total', 'selected'),
  // Browsing reads the list again from any state, so its permutations are endless: simple paths
  // follow the edit and delete flows only; the shortest paths reach every browsing transition.
  simplePathFilter: (_snapshot, event) => SIMPLE_PATH_EVENTS.has(event.type),
});
