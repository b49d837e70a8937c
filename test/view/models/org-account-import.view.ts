import { orgAccountImportModel, SAMPLE_FILE } from '../../../machines/org-account/org-account-import.model.ts';
import { orgAccountMessages as m } from '../../../src/features/org-account/org-account-messages.ts';
import { english } from '../support/text.ts';
import { defineViewModel } from '../support/view-model.ts';

const HEADING = { heading: 'Import from a spreadsheet' } as const;
const FILE = 'Spreadsheet file (.xlsx)';
const FAILED = 'The import was not made: the list is unchanged.';
const AGAIN = 'Import another file';

export const orgAccountImportView = defineViewModel({
  model: orgAccountImportModel,
  evidence: {
    choosing: [HEADING, { text: 'Download the import template (.xlsx)' }, { button: 'Check the file' }, { absent: FAILED }],
    'choosing.idle': [{ absent: 'Choose a file first.' }, { absent: 'There is a problem' }],
    'choosing.noFile': [{ alert: 'There is a problem' }, { alert: 'Choose a file first.' }],
    checking: [HEADING, { busy: 'Checking the file…' }],
    // The sample check: three problems (format, length, duplicate), each named by row, column and rule.
    rowErrors: [
      HEADING,
      { alert: english(m.importErrors) },
      { text: 'Download the file with its problems marked' },
      { text: 'Email address' }, { text: english(m.ruleformat) },
      { text: 'Chinese name' },
      { text: english(m.rulemaxLength) },
      { text: english(m.ruleduplicated) },
      { button: 'Check the file' },
      { button: AGAIN },
    ],
    // Which refusal depends on the path (not .xlsx, over 512 KiB, a zip bomb, too many records, network).
    refused: [HEADING, { alert: FAILED }, { button: 'Check the file' }, { button: AGAIN }, { absent: 'Import progress' }],
    confirming: [HEADING, { text: english(m.importReady) }, { button: 'Import' }, { button: 'Choose another file' }, { absent: 'Check the file' }],
    // Re-importing an export: the reason instead of an Import that would change nothing (issue 26).
    unchanged: [HEADING, { text: english(m.importReady) }, { text: english(m.importNothing) }, { button: 'Choose another file' }, { absent: 'Check the file' }],
    importing: [HEADING, { busy: 'Importing {total} records…' }, { absent: 'Check the file' }],
    done: [HEADING, { alert: english(m.importDone) }, { button: AGAIN }, { absent: FAILED }],
    failed: [HEADING, { alert: FAILED }, { button: AGAIN }, { absent: FILE }],
  },
  acts: {
    // The harness chooses a small file under the sample's name; its checking is the faked call.
    'file.choose': () => [{ upload: FILE, file: SAMPLE_FILE.name }],
    'import.check': () => [{ click: 'Check the file' }],
    'import.confirm': () => [{ click: 'Import' }],
    'import.cancel': () => [{ click: 'Choose another file' }],
    'import.again': () => [{ click: AGAIN }],
  },
});
