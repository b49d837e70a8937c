import { defineScreen } from '../support/screen.ts';

export const orgAccountImportScreen = defineScreen('orgAccountImport', 'School/Import from a spreadsheet', {
  'choosing.idle': 'Choose a file',
  'choosing.noFile': 'No file chosen',
  checking: 'Checking the file',
  rowErrors: 'Rows with errors',
  refused: 'File refused',
  confirming: 'Confirm the import',
  unchanged: 'Nothing to import',
  importing: 'Importing',
  done: 'Imported',
  failed: 'Import failed',
});
