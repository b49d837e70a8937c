import * as v from 'valibot';
import { declareCall, EmptyAnswer } from '../call.ts';
import {
  ApplyOrgImportRequestSchema,
  CheckOrgImportRequestSchema,
  OrgAccountAnswerSchema,
  OrgAccountPageSchema,
  OrgAccountQuerySchema,
  OrgExportQuerySchema,
  OrgImportAppliedSchema,
  OrgImportCheckSchema,
  OrgTemplateQuerySchema,
  ORG_IMPORT_MAX_BYTES,
  RemoveOrgAccountRequestSchema,
  SaveSchoolSettingsRequestSchema,
  SchoolSettingsSchema,
  UpdateOrgAccountRequestSchema,
  XLSX_TYPE,
} from '../schemas/org-account.ts';

/**
 * The school email list (issue 12; SPEC §2 /org_account, §3, §5 Import file, §6; docs/decisions/org-accounts.md).
 * Reading needs org_account.read, every change org_account.write, checked on each call.
 */

export const list = declareCall({
  name: 'orgAccount.list',
  method: 'get',
  path: 'org-accounts',
  session: true,
  request: OrgAccountQuerySchema,
  response: OrgAccountPageSchema,
  codes: ['orgAccountNoAccess'],
  summary: "A page of the school's email list, searched by name or email, filtered by group, ordered by last update.",
});

export const update = declareCall({
  name: 'orgAccount.update',
  method: 'post',
  path: 'org-accounts/update',
  session: true,
  request: UpdateOrgAccountRequestSchema,
  response: OrgAccountAnswerSchema,
  codes: ['orgAccountNoAccess', 'orgAccountReadOnly', 'orgAccountNotFound'],
  summary: 'Changes one record; every field problem (length, format, improper or duplicated email) is answered at once as invalidPayload fields.',
  // Four free-text fields of up to 4,000 characters each: judged by the rules, not refused for size.
  bodyLimit: { bytes: 64 * 1024 },
});

export const remove = declareCall({
  name: 'orgAccount.remove',
  method: 'post',
  path: 'org-accounts/remove',
  session: true,
  request: RemoveOrgAccountRequestSchema,
  response: EmptyAnswer,
  codes: ['orgAccountNoAccess', 'orgAccountReadOnly', 'orgAccountNotFound'],
  summary: "Deletes one record of the school's list.",
});

export const checkImport = declareCall({
  name: 'orgAccount.checkImport',
  method: 'post',
  path: 'org-accounts/import/check',
  session: true,
  request: CheckOrgImportRequestSchema,
  response: OrgImportCheckSchema,
  codes: [
    'orgAccountNoAccess',
    'orgAccountReadOnly',
    'importFileInvalid',
    'importFileTooLarge',
    'importFileInflatesTooMuch',
    'importTooManyRecords',
    'importFileEmpty',
  ],
  summary: 'Checks an .xlsx file (base64) without changing the list: ready to apply, or its problems per row and column with the file annotated.',
  // The largest file accepted, in base64, and 1 KiB for the rest of the body: a larger body is
  // a file over the limit, refused as such before it is read.
  bodyLimit: { bytes: Math.ceil(ORG_IMPORT_MAX_BYTES / 3) * 4 + 1024, code: 'importFileTooLarge' },
});

export const applyImport = declareCall({
  name: 'orgAccount.applyImport',
  method: 'post',
  path: 'org-accounts/import/apply',
  session: true,
  request: ApplyOrgImportRequestSchema,
  response: OrgImportAppliedSchema,
  codes: ['orgAccountNoAccess', 'orgAccountReadOnly', 'importNotFound'],
  summary: 'Applies a checked import once, all or nothing in one transaction.',
});

export const settings = declareCall({
  name: 'orgAccount.settings',
  method: 'get',
  path: 'org-accounts/settings',
  session: true,
  response: SchoolSettingsSchema,
  codes: ['orgAccountNoAccess'],
  summary: "The school's email, teacher email domains and whether it allows QR-code login.",
});

export const saveSettings = declareCall({
  name: 'orgAccount.saveSettings',
  method: 'post',
  path: 'org-accounts/settings',
  session: true,
  request: SaveSchoolSettingsRequestSchema,
  response: SchoolSettingsSchema,
  codes: ['orgAccountNoAccess', 'orgAccountReadOnly', 'teacherDomainTaken', 'teacherDomainPublic'],
  summary:
    "Saves the school's email, teacher email domains and QR-code login choice (the students' login QR code permission follows it). A domain belongs to one school: another school's domain answers `teacherDomainTaken`, a public mail service's `teacherDomainPublic`, nothing is saved, and `fields` names every refused domain as `emailDomains.<domain>`.",
});

export const exportList = declareCall({
  name: 'orgAccount.exportList',
  method: 'get',
  path: 'org-accounts/export.xlsx',
  session: true,
  request: OrgExportQuerySchema,
  response: v.string(),
  file: XLSX_TYPE,
  codes: ['orgAccountNoAccess'],
  summary: "The school's email list as an .xlsx file, searched and filtered as the list is (`q`, `group`), headed in `lang`, streamed a batch at a time.",
});

export const template = declareCall({
  name: 'orgAccount.template',
  method: 'get',
  path: 'org-accounts/template.xlsx',
  session: true,
  request: OrgTemplateQuerySchema,
  response: v.string(),
  file: XLSX_TYPE,
  codes: ['orgAccountNoAccess'],
  summary: 'The import template as an .xlsx file, headed in `lang`.',
});
