import * as v from 'valibot';
import { EMAIL_MAX } from '../constants.ts';
import { DEFAULT_LANGUAGE, LANGUAGES } from '../languages.ts';
import type { FieldRule } from '../errors.ts';

/**
 * The school email list (issue 12; SPEC §2 /org_account, §3 Organisation account list record, §5
 * Import file, §9; docs/decisions/org-accounts.md).
 */

/** SPEC §3: PRE_SERVICE is shown as Student, UNIVERSITY_TEACHER as Staff. The list's group. */
export const ORG_TEACHER_TYPES = ['UNIVERSITY_TEACHER', 'PRE_SERVICE'] as const;
export type OrgTeacherType = (typeof ORG_TEACHER_TYPES)[number];

/** SPEC §5, §9. */
export const ORG_IMPORT_MAX_RECORDS = 1000;
export const ORG_NAME_MAX = 100;
export const ORG_REMARK_MAX = 100;
/** The largest import file accepted (docs/decisions/org-accounts.md: a full 1,000-row file is ~60 KiB). */
export const ORG_IMPORT_MAX_BYTES = 512 * 1024;
/** The most the file's parts may inflate to, checked before the file is parsed (zip bombs). */
export const ORG_IMPORT_MAX_INFLATED_BYTES = 16 * 1024 * 1024;
/** Records a page of the list shows. */
export const ORG_PAGE_SIZE = 20;
/** The columns of the import file and of the export, in order. */
export const ORG_COLUMNS = ['emailAddress', 'chFullName', 'enFullName', 'teacherType', 'remark'] as const;
export type OrgColumn = (typeof ORG_COLUMNS)[number];

/** Group filter values: all, or one teacher type. */
export const ORG_GROUPS = ['ALL', ...ORG_TEACHER_TYPES] as const;
export type OrgGroup = (typeof ORG_GROUPS)[number];
export const ORG_SORTS = ['updatedDesc', 'updatedAsc'] as const;
export type OrgSort = (typeof ORG_SORTS)[number];

/** The fields of one record, as edited or imported. */
const OrgAccountFieldsSchema = v.object({
  emailAddress: v.string(),
  chFullName: v.string(),
  enFullName: v.string(),
  remark: v.string(),
  teacherType: v.picklist(ORG_TEACHER_TYPES),
});
export type OrgAccountFields = v.InferOutput<typeof OrgAccountFieldsSchema>;

export const OrgAccountRecordSchema = v.object({
  id: v.string(),
  ...OrgAccountFieldsSchema.entries,
  /** ISO time of the last change. */
  updatedAt: v.string(),
  /** The login ID of who made it. */
  updatedBy: v.string(),
});
export type OrgAccountRecord = v.InferOutput<typeof OrgAccountRecordSchema>;

/** GET /org-accounts: search by name or email, a group, a page, the order by last update. */
export const OrgAccountQuerySchema = v.object({
  q: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(EMAIL_MAX, 'maxLength')), ''),
  group: v.optional(v.picklist(ORG_GROUPS, 'format'), 'ALL'),
  page: v.optional(v.pipe(v.string(), v.regex(/^\d{1,6}$/, 'format'), v.transform(Number), v.minValue(1, 'format')), '1'),
  sort: v.optional(v.picklist(ORG_SORTS, 'format'), 'updatedDesc'),
});
export type OrgAccountQuery = v.InferInput<typeof OrgAccountQuerySchema>;
/** The query as the server reads it and the list keeps it: defaults filled in, the page a number. */
export type ParsedOrgAccountQuery = v.InferOutput<typeof OrgAccountQuerySchema>;

export const OrgAccountPageSchema = v.object({
  records: v.array(OrgAccountRecordSchema),
  total: v.number(),
  page: v.number(),
  pageSize: v.number(),
  /** The signed-in account may change the list (org_account.write); the server checks again on every change. */
  canWrite: v.boolean(),
});
export type OrgAccountPage = v.InferOutput<typeof OrgAccountPageSchema>;

/**
 * The request's shape only: the rules (SPEC §5 lengths, email format, duplicated, improper) are
 * judged together by the server so every problem is answered at once (`invalidPayload` fields).
 */
const loose = v.pipe(v.string('required'), v.maxLength(4000, 'maxLength'));

export const UpdateOrgAccountRequestSchema = v.object({
  id: v.pipe(v.string('required'), v.nonEmpty('required'), v.maxLength(64, 'maxLength')),
  emailAddress: loose,
  chFullName: loose,
  enFullName: loose,
  remark: loose,
  teacherType: v.picklist(ORG_TEACHER_TYPES, 'format'),
});
export type UpdateOrgAccountRequest = v.InferInput<typeof UpdateOrgAccountRequestSchema>;

export const OrgAccountAnswerSchema = v.object({ record: OrgAccountRecordSchema });
export type OrgAccountAnswer = v.InferOutput<typeof OrgAccountAnswerSchema>;

export const RemoveOrgAccountRequestSchema = v.object({ id: v.pipe(v.string('required'), v.nonEmpty('required'), v.maxLength(64, 'maxLength')) });
export type RemoveOrgAccountRequest = v.InferInput<typeof RemoveOrgAccountRequestSchema>;

/** One problem of the import file: its spreadsheet row (1 is the header) and column. */
export const OrgImportIssueSchema = v.object({ row: v.number(), column: v.picklist(ORG_COLUMNS), rule: v.string() });
export type OrgImportIssue = v.InferOutput<typeof OrgImportIssueSchema>;

/** The longest base64 text of a file of ORG_IMPORT_MAX_BYTES (4 characters for each 3 bytes, padded). */
export const ORG_IMPORT_MAX_BASE64 = Math.ceil(ORG_IMPORT_MAX_BYTES / 3) * 4;

/** POST /org-accounts/import/check: the .xlsx file, base64 (docs/decisions/org-accounts.md). */
export const CheckOrgImportRequestSchema = v.object({
  fileName: v.pipe(v.string('required'), v.nonEmpty('required'), v.maxLength(255, 'maxLength')),
  // Over the limit is `maxLength`, which the route answers as importFileTooLarge (not invalidPayload).
  content: v.pipe(v.string('required'), v.nonEmpty('required'), v.maxLength(ORG_IMPORT_MAX_BASE64, 'maxLength'), v.base64('format')),
  lang: v.picklist(['zh_hant', 'en', 'zh_hans'] as const, 'format'),
});

/**
 * The check's answer: ready to apply (`importId`, how many records are new and changed), or
 * the problems per row and column with the file annotated with them (base64 .xlsx).
 */
export const OrgImportCheckSchema = v.variant('status', [
  v.object({ status: v.literal('ready'), importId: v.string(), total: v.number(), created: v.number(), updated: v.number() }),
  v.object({ status: v.literal('invalid'), total: v.number(), issues: v.array(OrgImportIssueSchema), annotated: v.string() }),
]);
export type OrgImportCheck = v.InferOutput<typeof OrgImportCheckSchema>;

export const ApplyOrgImportRequestSchema = v.object({ importId: v.pipe(v.string('required'), v.nonEmpty('required'), v.maxLength(64, 'maxLength')) });

export const OrgImportAppliedSchema = v.object({ total: v.number(), created: v.number(), updated: v.number() });
export type OrgImportApplied = v.InferOutput<typeof OrgImportAppliedSchema>;

/** The school's own settings beside the list (SPEC §6). */
export const SchoolSettingsSchema = v.object({
  /** The school's English name and its Chinese name (null while not known): the page shows the one in its language. */
  schoolName: v.string(),
  schoolChineseName: v.nullable(v.string()),
  schoolEmail: v.string(),
  /** Teacher email domains, one a line in the form. */
  emailDomains: v.array(v.string()),
  allowQrLogin: v.boolean(),
  canWrite: v.boolean(),
});
export type SchoolSettings = v.InferOutput<typeof SchoolSettingsSchema>;

/** A domain name: labels of letters, digits and hyphens, at least one dot. */
export const EMAIL_DOMAIN_PATTERN = /^(?=.{3,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;
export const EMAIL_DOMAINS_MAX = 20;

/**
 * A domain as stored and compared (the database holds the same rule): trimmed, lower-case, without
 * the trailing dot of a fully qualified name, so `Demo-School.edu.HK.` and `demo-school.edu.hk`
 * are one domain and can belong to one school only.
 */
export const foldDomain = (text: string): string => text.trim().toLowerCase().replace(/\.+$/, '');

/** The field a refusal of the settings names for one teacher email domain: `emailDomains.<domain>`. */
export const domainField = (domain: string): string => `emailDomains.${domain}`;

export const SaveSchoolSettingsRequestSchema = v.object({
  schoolEmail: v.union(
    [v.pipe(v.string(), v.trim(), v.length(0)), v.pipe(v.string(), v.trim(), v.maxLength(EMAIL_MAX, 'maxLength'), v.email('format'), v.toLowerCase())],
    'format',
  ),
  emailDomains: v.pipe(
    v.string('required'),
    v.transform((text) => [...new Set(text.split(/[\s,]+/).map(foldDomain).filter(Boolean))]),
    v.maxLength(EMAIL_DOMAINS_MAX, 'maxLength'),
    v.check((domains) => domains.every((d) => EMAIL_DOMAIN_PATTERN.test(d)), 'format'),
  ),
  allowQrLogin: v.boolean('required'),
});
export type SaveSchoolSettingsRequest = v.InferInput<typeof SaveSchoolSettingsRequestSchema>;

const EMAIL_FORMAT = /^[^\s@"(),:;<>[\\\]]+@[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)+$/i;

/** Characters as a reader counts them (code points), so a Chinese name of 100 characters fits whatever its encoding. */
export const charCount = (text: string): number => Array.from(text).length;

/**
 * SPEC §5's rules for one record, every problem at once (one per field): email required, at most
 * 254 characters and well formed; Chinese name at most 100 characters; English name and remark at
 * most 100. The server adds `improper` and `duplicated` for the email, which need its data.
 */
export function checkOrgFields(fields: Omit<OrgAccountFields, 'teacherType'>): { field: Exclude<OrgColumn, 'teacherType'>; rule: FieldRule }[] {
  const issues: { field: Exclude<OrgColumn, 'teacherType'>; rule: FieldRule }[] = [];
  const email = fields.emailAddress.trim();
  if (email === '') issues.push({ field: 'emailAddress', rule: 'required' });
  else if (email.length > EMAIL_MAX) issues.push({ field: 'emailAddress', rule: 'maxLength' });
  else if (!EMAIL_FORMAT.test(email)) issues.push({ field: 'emailAddress', rule: 'format' });
  if (charCount(fields.chFullName.trim()) > ORG_NAME_MAX) issues.push({ field: 'chFullName', rule: 'maxLength' });
  if (charCount(fields.enFullName.trim()) > ORG_NAME_MAX) issues.push({ field: 'enFullName', rule: 'maxLength' });
  if (charCount(fields.remark.trim()) > ORG_REMARK_MAX) issues.push({ field: 'remark', rule: 'maxLength' });
  return issues;
}

/** The record as stored: trimmed, the email lower-case. */
export function normalOrgFields(fields: OrgAccountFields): OrgAccountFields {
  return {
    emailAddress: fields.emailAddress.trim().toLowerCase(),
    chFullName: fields.chFullName.trim(),
    enFullName: fields.enFullName.trim(),
    remark: fields.remark.trim(),
    teacherType: fields.teacherType,
  };
}

/** The media type of the downloads (contract/calls/org-account.ts `exportList`, `template`): an .xlsx workbook. */
export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The export's query: the list's search and group, and the language of its headings. */
export const OrgExportQuerySchema = v.object({
  q: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(EMAIL_MAX, 'maxLength')), ''),
  group: v.optional(v.picklist(ORG_GROUPS, 'format'), 'ALL'),
  lang: v.optional(v.picklist(LANGUAGES, 'format'), DEFAULT_LANGUAGE),
});

/** The template's query: the language of its headings. */
export const OrgTemplateQuerySchema = v.object({ lang: v.optional(v.picklist(LANGUAGES, 'format'), DEFAULT_LANGUAGE) });
