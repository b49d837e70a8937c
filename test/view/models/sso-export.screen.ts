import { defineScreen } from '../support/screen.ts';

export const ssoExportScreen = defineScreen('ssoExport', 'School/Single sign-on export', {
  'choosing.idle': 'Choose what to export',
  'choosing.invalid': 'Choice with field errors',
  preparing: 'Preparing the file',
  downloaded: 'Downloaded',
  failed: 'Export failed',
});
