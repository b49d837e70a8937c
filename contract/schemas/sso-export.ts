import * as v from 'valibot';

// ---- Export of identity-provider accounts (issue 12, SPEC §1, §2) ------------------------------

/** The identity providers whose bulk-creation files the export writes (docs/decisions/school-exports.md). */
export const SSO_EXPORT_FORMATS = ['google', 'entra'] as const;
export type SsoExportFormat = (typeof SSO_EXPORT_FORMATS)[number];

/** GET /api/org_account/sso-export: which provider's columns. */
export const SsoExportRequestSchema = v.object({
  format: v.picklist(SSO_EXPORT_FORMATS, 'required'),
});
export type SsoExportRequest = v.InferInput<typeof SsoExportRequestSchema>;

/** What the browser keeps of a downloaded export. */
export interface SsoExportFile {
  /** The file name the server gave (`DEMO01-google-workspace.csv`). */
  fileName: string;
  /** Its size in bytes. */
  bytes: number;
}
