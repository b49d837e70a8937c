import { ssoExportModel } from '../../../machines/sso-export/sso-export.model.ts';
import { defineViewModel } from '../support/view-model.ts';

const TITLE = { heading: 'Export accounts for single sign-on' } as const;
const FORMATS = { google: /^\s*Google Workspace/, entra: /^\s*Microsoft Entra ID/ } as const;

export const ssoExportView = defineViewModel({
  model: ssoExportModel,
  evidence: {
    choosing: [TITLE, { button: 'Download file' }, { text: 'Identity provider' }],
    'choosing.idle': [{ absent: 'There is a problem' }],
    'choosing.invalid': [{ alert: 'There is a problem' }, { text: 'Choose the format of the file to download' }],
    preparing: [TITLE, { busy: 'Preparing the file…' }],
    downloaded: [TITLE, { heading: 'File downloaded' }, { alert: /DEMO01-(google-workspace|microsoft-entra)\.csv/ }, { button: 'Export another file' }],
    failed: [TITLE, { alert: 'The file was not made' }, { button: 'Try again' }, { button: 'Choose another identity provider' }],
  },
  acts: {
    'form.change': (event) => [{ choose: FORMATS[event.value] }],
    'form.submit': () => [{ click: 'Download file' }],
    'export.restart': (_event, before) => [{ click: before.matches('failed') ? 'Choose another identity provider' : 'Export another file' }],
    retry: () => [{ click: 'Try again' }],
  },
});
