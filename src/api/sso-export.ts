import { fromPromise } from 'xstate';
import * as ssoExport from '../../contract/calls/sso-export.ts';
import type { SsoExportFile, SsoExportRequest } from '../../contract/schemas/sso-export.ts';
import { download } from './client.ts';
import { saveFile } from './save-file.ts';

/** The single sign-on export's actor: fetches the chosen format's file and saves it. */
export const ssoExportActors = {
  downloadExport: fromPromise<SsoExportFile, SsoExportRequest>(async ({ input, signal }) => {
    const file = await download(ssoExport.download, input, { signal, fallbackName: `accounts-${input.format}.csv` });
    saveFile(file.blob, file.fileName);
    return { fileName: file.fileName, bytes: file.blob.size };
  }),
};
