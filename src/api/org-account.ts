import { fromPromise } from 'xstate';
import * as orgAccount from '../../contract/calls/org-account.ts';
import type { Language } from '../../contract/languages.ts';
import { ApiError } from '../../contract/api-error.ts';
import { ORG_IMPORT_MAX_BYTES, type OrgGroup, type OrgImportCheck } from '../../contract/schemas/org-account.ts';
import type { CheckImportInput } from '../../machines/org-account/org-account-import.machine.ts';
import { call, downloadUrl } from './client.ts';
import { fromCall } from './from-call.ts';

/** The school email list's actors, apart from the others so only its page downloads them. */
export const orgAccountListActors = {
  listOrgAccounts: fromCall(orgAccount.list),
  updateOrgAccount: fromCall(orgAccount.update),
  removeOrgAccount: fromCall(orgAccount.remove),
};

/** The file's bytes as base64, a chunk at a time (a whole file at once would overflow the argument list). */
function base64Of(buffer: ArrayBuffer): string {
  const bytes = new Uint8Array(buffer);
  let binary = '';
  for (let offset = 0; offset < bytes.length; offset += 0x8000) binary += String.fromCharCode(...bytes.subarray(offset, offset + 0x8000));
  return btoa(binary);
}

export const orgAccountImportActors = {
  checkImport: fromPromise<OrgImportCheck, CheckImportInput>(async ({ input, signal }) => {
    // The server answers a body over its limit from the head and closes the connection while the
    // browser may still be sending, which the browser can report as a network failure: a file
    // over the limit is refused here, with the server's code, before it is read.
    if (input.file.size > ORG_IMPORT_MAX_BYTES) throw new ApiError('importFileTooLarge', 413);
    return call(orgAccount.checkImport, { fileName: input.file.name, content: base64Of(await input.file.read()), lang: input.lang }, { signal });
  }),
  applyImport: fromCall(orgAccount.applyImport),
};

/** The school settings page's actors (/org_account/settings). */
export const schoolSettingsActors = {
  loadSettings: fromCall(orgAccount.settings),
  saveSettings: fromCall(orgAccount.saveSettings),
};

/** The download of the list as .xlsx, as searched and filtered, headed in the page's language. */
export function exportHref(query: { q: string; group: OrgGroup }, lang: Language): string {
  return downloadUrl(orgAccount.exportList, { q: query.q, group: query.group, lang });
}

export function templateHref(lang: Language): string {
  return downloadUrl(orgAccount.template, { lang });
}

export const orgAccountDownloads = { exportHref, templateHref };
