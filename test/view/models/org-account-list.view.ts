import type { OrgAccountFields } from '../../../contract/schemas/org-account.ts';
import { orgAccountListModel, SAMPLE_RECORDS } from '../../../machines/org-account/org-account-list.model.ts';
import { orgAccountMessages as m } from '../../../src/features/org-account/org-account-messages.ts';
import { refusalMessages } from '../support/refusals.ts';
import { english } from '../support/text.ts';
import { defineViewModel } from '../support/view-model.ts';

const TITLE = { heading: 'School email list' } as const;
const READ_ONLY = 'You can read this list but not change it. A school administrator with write permission can make changes.';
const FAILED = 'The change was not made.';
const REFUSED = refusalMessages(orgAccountListModel, '');
const [FIRST, SECOND] = SAMPLE_RECORDS;
const LABELS: Record<keyof OrgAccountFields, string> = {
  emailAddress: 'Email address',
  chFullName: 'Chinese name',
  enFullName: 'English name',
  teacherType: 'Group',
  remark: 'Remark',
};
const GROUPS = { ALL: 'All groups', UNIVERSITY_TEACHER: 'Staff', PRE_SERVICE: 'Student' } as const;
const SORTS = { updatedDesc: 'Recently updated first', updatedAsc: 'Least recently updated first' } as const;

/** Data on screen (not a message): matched as it is. */
function data(text: string): RegExp {
  return new RegExp(`^\\s*${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*$`);
}

/** The email of the listed record an event names (the button says it). */
function emailOf(records: ReadonlyArray<{ id: string; emailAddress: string }>, id: string): string {
  const record = records.find((r) => r.id === id);
  if (!record) throw new Error(`orgAccountList view model: no listed record ${id}`);
  return record.emailAddress;
}

export const orgAccountListView = defineViewModel({
  model: orgAccountListModel,
  evidence: {
    loading: [TITLE, { busy: 'Loading the list…' }],
    loadFailed: [TITLE, { alert: 'The list could not be loaded.' }, { alert: 'We could not reach the server. Please check your connection and try again.' }, { button: 'Try again' }],
    forbidden: [TITLE, { alert: REFUSED.forbidden! }, { absent: 'Search by name or email' }],
    // The demo school's two records, of 22 over two pages (which page depends on the path); data is matched as it is in every language.
    readOnly: [
      TITLE,
      { text: READ_ONLY },
      { text: english(m.summary) },
      { text: data(FIRST!.emailAddress) },
      { text: data(SECOND!.chFullName) },
      { button: 'Search' },
      { text: 'Export the list (.xlsx)' },
      { absent: 'Edit {email}' },
      { absent: 'Delete {email}' },
    ],
    writable: [TITLE, { button: 'Search' }, { text: 'Export the list (.xlsx)' }, { text: english(m.summary) }, { text: data(SECOND!.emailAddress) }, { button: 'Edit {email}' }, { button: 'Delete {email}' }, { absent: READ_ONLY }],
    'writable.idle': [{ text: data(FIRST!.emailAddress) }, { absent: FAILED }, { absent: 'The record of {email} is saved.' }, { absent: 'The record of {email} is deleted.' }],
    'writable.saved': [{ alert: 'The record of {email} is saved.' }, { text: data('chan.tm@demo-school.edu.hk') }, { absent: data(FIRST!.emailAddress) }],
    'writable.deleted': [{ alert: 'The record of {email} is deleted.' }, { absent: data(FIRST!.emailAddress) }],
    'writable.gone': [{ alert: FAILED }, { alert: REFUSED['writable.gone']! }, { absent: data(FIRST!.emailAddress) }],
    'writable.failed': [{ alert: FAILED }, { alert: 'You can read the school email list but not change it.' }],
    editing: [TITLE, { heading: 'Edit the record of {email}' }, { text: LABELS.chFullName }, { text: LABELS.remark }, { button: 'Save' }, { button: 'Cancel' }, { absent: 'Search by name or email' }],
    'editing.idle': [{ absent: 'There is a problem' }],
    // Emptied locally (required) or refused by the server (duplicated): the email field is in error either way.
    'editing.invalid': [{ alert: 'There is a problem' }, { invalid: LABELS.emailAddress }],
    'editing.failed': [{ alert: 'There is a problem' }, { alert: 'You can read the school email list but not change it.' }],
    saving: [TITLE, { busy: 'Saving…' }],
    confirmingDelete: [
      { dialog: 'Delete the record of {email}?' },
      { text: 'The record is removed from the school email list. This cannot be undone.' },
      { button: 'Delete' },
      { button: 'Cancel' },
    ],
    deleting: [TITLE, { busy: 'Deleting…' }],
  },
  acts: {
    'search.change': (event) => [{ fill: 'Search by name or email', value: event.value }],
    'search.submit': () => [{ click: 'Search' }],
    'group.change': (event) => [{ select: 'Group', option: GROUPS[event.value] }],
    'sort.change': (event) => [{ select: 'Order', option: SORTS[event.value] }],
    'page.next': () => [{ click: 'Next page' }],
    'page.previous': () => [{ click: 'Previous page' }],
    // The page sends it when an import is applied (org-account-page.tsx), not a control of this view.
    'list.reload': () => null,
    'record.edit': (event, before) => [{ click: data(`Edit ${emailOf(before.context.records, event.id)}`) }],
    'record.delete': (event, before) => [{ click: data(`Delete ${emailOf(before.context.records, event.id)}`) }],
    'form.change': (event) =>
      event.field === 'teacherType' ? [{ select: LABELS.teacherType, option: GROUPS[event.value as keyof typeof GROUPS] }] : [{ fill: LABELS[event.field], value: event.value }],
    'form.submit': () => [{ click: 'Save' }],
    'form.cancel': () => [{ click: 'Cancel' }],
    'dialog.confirm': () => [{ click: 'Delete' }],
    'dialog.cancel': () => [{ click: 'Cancel' }],
    retry: () => [{ click: 'Try again' }],
  },
});
