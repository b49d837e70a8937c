import * as v from 'valibot';
import { declareCall } from '../call.ts';
import { SsoExportRequestSchema } from '../schemas/sso-export.ts';

/** Export of identity-provider accounts (issue 12, SPEC §1, §2; docs/decisions/school-exports.md). */

export const download = declareCall({
  name: 'ssoExport.download',
  method: 'get',
  path: 'org_account/sso-export',
  session: true,
  request: SsoExportRequestSchema,
  response: v.string(),
  file: 'text/csv',
  codes: ['forbidden', 'ssoExportNoDomain'],
  summary:
    "The school's active accounts as a CSV file for Google Workspace's bulk user upload (`format=google`) or Microsoft Entra ID's bulk create (`format=entra`), streamed. School administrators (organisation account read permission) only.",
});
