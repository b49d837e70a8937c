import { apiError, change, contextKey, defineModel, done, fail, networkError } from '../model-kit.ts';
import { ssoExportMachine } from './sso-export.machine.ts';

export const SAMPLE_EXPORT_FILE = { fileName: 'DEMO01-google-workspace.csv', bytes: 2048 };

export const ssoExportModel = defineModel(ssoExportMachine, {
  input: {},
  events: [
    change('format', 'google'),
    change('format', 'entra'),
    { type: 'form.submit' },
    done('downloadExport', SAMPLE_EXPORT_FILE),
    fail('downloadExport', apiError('ssoExportNoDomain')),
    fail('downloadExport', apiError('forbidden')),
    fail('downloadExport', networkError()),
    { type: 'retry' },
    { type: 'export.restart' },
  ],
  key: contextKey('fieldErrors', 'errorCode', 'file'),
  paths: [
    // Both formats, one after the other, as the journey downloads them.
    [
      change('format', 'google'),
      { type: 'form.submit' },
      done('downloadExport', SAMPLE_EXPORT_FILE),
      { type: 'export.restart' },
      change('format', 'entra'),
      { type: 'form.submit' },
      done('downloadExport', { fileName: 'DEMO01-microsoft-entra.csv', bytes: 1900 }),
    ],
  ],
});
