import type { OrgImportCheck } from '../../contract/schemas/org-account.ts';
import { apiError, contextKey, defineModel, done, fail, failEach, networkError } from '../model-kit.ts';
import { orgAccountImportMachine, type ChosenFile } from './org-account-import.machine.ts';

const bytes = async () => new ArrayBuffer(8);
export const SAMPLE_FILE: ChosenFile = { name: 'staff-list.xlsx', size: 48_213, read: bytes };

export const SAMPLE_READY: OrgImportCheck = { status: 'ready', importId: 'b1d4c9e0-0000-4000-8000-000000000001', total: 1000, created: 998, updated: 2 };
/** An export imported again: every record already in the list as it is. */
export const SAMPLE_UNCHANGED: OrgImportCheck = { status: 'ready', importId: 'b1d4c9e0-0000-4000-8000-000000000002', total: 12, created: 0, updated: 0 };
export const SAMPLE_INVALID: OrgImportCheck = {
  status: 'invalid',
  total: 3,
  issues: [
    { row: 2, column: 'emailAddress', rule: 'format' },
    { row: 3, column: 'chFullName', rule: 'maxLength' },
    { row: 4, column: 'emailAddress', rule: 'duplicated' },
  ],
  annotated: 'UEsDBA==',
};

export const orgAccountImportModel = defineModel(orgAccountImportMachine, {
  input: { lang: 'en' },
  events: [
    { type: 'file.choose', file: SAMPLE_FILE },
    { type: 'import.check' },
    { type: 'import.confirm' },
    { type: 'import.cancel' },
    { type: 'import.again' },
    done('checkImport', SAMPLE_READY),
    done('checkImport', SAMPLE_UNCHANGED),
    done('checkImport', SAMPLE_INVALID),
    ...failEach('checkImport', ['importFileInvalid', 'importFileTooLarge', 'importFileInflatesTooMuch', 'importTooManyRecords']),
    fail('checkImport', networkError()),
    done('applyImport', { total: 1000, created: 998, updated: 2 }),
    fail('applyImport', apiError('importNotFound')),
    fail('applyImport', networkError()),
  ],
  key: contextKey('issues', 'annotated', 'applied', 'errorCode', 'checkedTotal', 'ready'),
  simplePathFilter: (snapshot, event) => !event.type.startsWith('xstate.error.') && !(event.type === 'file.choose' && snapshot.context.file !== null),
});
