import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { FieldIssue, Language } from '../../contract/index.ts';
import {
  checkOrgFields,
  domainField,
  normalOrgFields,
  ORG_PAGE_SIZE,
  type OrgAccountFields,
  type OrgAccountPage,
  type OrgAccountRecord,
  type OrgGroup,
  type OrgImportApplied,
  type OrgImportCheck,
  type OrgImportIssue,
  type OrgSort,
  type OrgTeacherType,
  type ParsedOrgAccountQuery,
  type SchoolSettings,
} from '../../contract/schemas/org-account.ts';
import type { Db } from '../db/schema.ts';
import { isAcceptedEmailDomain, isPublicMailDomain } from './email-domains.ts';
import { DomainError } from './errors.ts';
import { annotateWorkbook, guardWorkbook, readWorkbook, type ExportRow } from './org-xlsx.ts';
import { permissionsFor } from './permissions.ts';
import type { AccountRow } from './users.ts';

/**
 * The school email list (issue 12; SPEC §2 /org_account, §3, §5, §6; docs/decisions/org-accounts.md).
 * Every function checks the actor's permission itself (org_account.read to read,
 * org_account.write to change), whatever the page showed.
 */

export type OrgActor = Pick<AccountRow, 'id' | 'login_id' | 'category' | 'school_code' | 'allow_qr_login'>;

export interface OrgPolicy {
  /** `.test` addresses are proper outside production (the demo accounts use them). */
  allowTestDomains: boolean;
}

/** An import checked and not applied within this time is forgotten: check the file again. */
export const IMPORT_TTL_MS = 30 * 60_000;
const APPLY_BATCH = 250;

function can(actor: OrgActor, permission: 'org_account.read' | 'org_account.write'): boolean {
  return permissionsFor(actor.category, { schoolAllowsQrLogin: actor.allow_qr_login }).includes(permission);
}

/** The school whose list the actor reads; refuses an actor without org_account.read or without a school. */
function readableSchool(actor: OrgActor): string {
  if (!can(actor, 'org_account.read') || !actor.school_code) throw new DomainError('orgAccountNoAccess');
  return actor.school_code;
}

/** The same, for a change: org_account.write too (SPEC §6: here the check works). */
function writableSchool(actor: OrgActor): string {
  const school = readableSchool(actor);
  if (!can(actor, 'org_account.write')) throw new DomainError('orgAccountReadOnly');
  return school;
}

interface Row {
  id: string;
  email_address: string;
  ch_full_name: string;
  en_full_name: string;
  remark: string;
  teacher_type: OrgTeacherType;
  updated_at: Date | string;
  updated_by_login: string;
}

function toRecord(row: Row): OrgAccountRecord {
  return {
    id: row.id,
    emailAddress: row.email_address,
    chFullName: row.ch_full_name,
    enFullName: row.en_full_name,
    remark: row.remark,
    teacherType: row.teacher_type,
    updatedAt: new Date(row.updated_at).toISOString(),
    updatedBy: row.updated_by_login,
  };
}

const COLUMNS = sql`id, email_address, ch_full_name, en_full_name, remark, teacher_type, updated_at, updated_by_login`;

function filters(school: string, q: string, group: OrgGroup) {
  const parts = [sql`school_code = ${school}`];
  // strpos on the stored lower-case text: no pattern characters to escape, one test per row.
  if (q) parts.push(sql`strpos(search_text, ${q.toLowerCase()}) > 0`);
  if (group !== 'ALL') parts.push(sql`teacher_type = ${group}`);
  return sql.join(parts, sql` AND `);
}

const orderOf = (sort: OrgSort) => (sort === 'updatedAsc' ? sql`updated_at ASC, id ASC` : sql`updated_at DESC, id DESC`);

/** GET /api/org-accounts. */
export async function listOrgAccounts(db: Db, actor: OrgActor, query: ParsedOrgAccountQuery): Promise<OrgAccountPage> {
  const school = readableSchool(actor);
  const where = filters(school, query.q, query.group);
  // One scan answers the page and the count; a page past the end is read again at the last page.
  const read = (page: number) =>
    sql<Row & { total: string | number }>`SELECT ${COLUMNS}, count(*) OVER () AS total FROM org_accounts WHERE ${where}
      ORDER BY ${orderOf(query.sort)} LIMIT ${ORG_PAGE_SIZE} OFFSET ${(page - 1) * ORG_PAGE_SIZE}`.execute(db);
  let page = query.page;
  let rows = (await read(page)).rows;
  if (rows.length === 0 && page > 1) {
    const counted = await sql<{ total: string | number }>`SELECT count(*) AS total FROM org_accounts WHERE ${where}`.execute(db);
    page = Math.max(1, Math.ceil(Number(counted.rows[0]?.total ?? 0) / ORG_PAGE_SIZE));
    rows = (await read(page)).rows;
  }
  const total = Number(rows[0]?.total ?? 0);
  return { records: rows.map(toRecord), total, page, pageSize: ORG_PAGE_SIZE, canWrite: can(actor, 'org_account.write') };
}

/** SPEC §5 for one edited record, every problem at once, improper and duplicated included. */
async function recordIssues(db: Db, school: string, fields: OrgAccountFields, policy: OrgPolicy, exceptId: string): Promise<FieldIssue[]> {
  const issues: FieldIssue[] = checkOrgFields(fields);
  if (issues.some((issue) => issue.field === 'emailAddress')) return issues;
  const email = fields.emailAddress.trim().toLowerCase();
  if (!isAcceptedEmailDomain(email, policy)) return [...issues, { field: 'emailAddress', rule: 'improper' }];
  const other = await sql<{ id: string }>`SELECT id FROM org_accounts WHERE school_code = ${school} AND email_address = ${email} AND id <> ${exceptId}`.execute(db);
  if (other.rows.length > 0) issues.push({ field: 'emailAddress', rule: 'duplicated' });
  return issues;
}

/** POST /api/org-accounts/update: records who and when. */
export async function updateOrgAccount(db: Db, actor: OrgActor, input: OrgAccountFields & { id: string }, policy: OrgPolicy, now: Date): Promise<{ record: OrgAccountRecord }> {
  const school = writableSchool(actor);
  return db.transaction().execute(async (tx) => {
    const existing = await sql<{ id: string }>`SELECT id FROM org_accounts WHERE id = ${input.id} AND school_code = ${school} FOR UPDATE`.execute(tx);
    if (existing.rows.length === 0) throw new DomainError('orgAccountNotFound');
    const issues = await recordIssues(tx, school, input, policy, input.id);
    if (issues.length > 0) throw new DomainError('invalidPayload', { fields: issues });
    const fields = normalOrgFields(input);
    // A parallel change to the same email loses to the unique constraint: answered as duplicated.
    try {
      const updated = await sql<Row>`UPDATE org_accounts SET email_address = ${fields.emailAddress}, ch_full_name = ${fields.chFullName},
        en_full_name = ${fields.enFullName}, remark = ${fields.remark}, teacher_type = ${fields.teacherType},
        updated_at = ${now}, updated_by = ${actor.id}, updated_by_login = ${actor.login_id}
        WHERE id = ${input.id} AND school_code = ${school} RETURNING ${COLUMNS}`.execute(tx);
      return { record: toRecord(updated.rows[0]!) };
    } catch (error) {
      if ((error as { code?: string }).code === '23505') throw new DomainError('invalidPayload', { fields: [{ field: 'emailAddress', rule: 'duplicated' }] });
      throw error;
    }
  });
}

/** POST /api/org-accounts/remove. */
export async function removeOrgAccount(db: Db, actor: OrgActor, input: { id: string }): Promise<Record<string, never>> {
  const school = writableSchool(actor);
  const removed = await sql<{ id: string }>`DELETE FROM org_accounts WHERE id = ${input.id} AND school_code = ${school} RETURNING id`.execute(db);
  if (removed.rows.length === 0) throw new DomainError('orgAccountNotFound');
  return {};
}

/**
 * POST /api/org-accounts/import/check. The file is guarded and read; nothing in the list changes.
 * File-level refusals are codes; record problems come back per row and column, with the file
 * annotated. A clean file is kept, as checked, for one confirmation by the same administrator.
 */
export async function checkOrgImport(
  db: Db,
  actor: OrgActor,
  input: { file: Uint8Array; lang: Language },
  policy: OrgPolicy,
  now: Date,
): Promise<OrgImportCheck> {
  const school = writableSchool(actor);
  const read = await readWorkbook(await guardWorkbook(input.file));
  const rows = read.rows;
  const issues: OrgImportIssue[] = [];
  const seen = new Set<string>();
  for (const { row, fields, issues: cellIssues } of rows) {
    issues.push(...cellIssues);
    const taken = new Set(cellIssues.map((issue) => issue.column));
    for (const issue of checkOrgFields(fields)) if (!taken.has(issue.field)) issues.push({ row, column: issue.field, rule: issue.rule });
    if (taken.has('emailAddress') || issues.some((issue) => issue.row === row && issue.column === 'emailAddress')) continue;
    const email = fields.emailAddress.trim().toLowerCase();
    if (!isAcceptedEmailDomain(email, policy)) issues.push({ row, column: 'emailAddress', rule: 'improper' });
    else if (seen.has(email)) issues.push({ row, column: 'emailAddress', rule: 'duplicated' });
    seen.add(email);
  }
  if (issues.length > 0) {
    issues.sort((a, b) => a.row - b.row);
    const annotated = await annotateWorkbook(read, issues, input.lang);
    return { status: 'invalid', total: rows.length, issues, annotated: Buffer.from(annotated).toString('base64') };
  }
  const records = rows.map((row) => normalOrgFields(row.fields));
  const column = (pick: (record: OrgAccountFields) => string) => records.map(pick);
  // Known emails whose fields differ: those are changed; the same record again changes nothing.
  const counts = await sql<{ known: string | number; changed: string | number }>`SELECT count(*) AS known,
      count(*) FILTER (WHERE (o.ch_full_name, o.en_full_name, o.remark, o.teacher_type) IS DISTINCT FROM (r.ch, r.en, r.remark, r.type)) AS changed
    FROM org_accounts o
    JOIN unnest(${column((r) => r.emailAddress)}::text[], ${column((r) => r.chFullName)}::text[], ${column((r) => r.enFullName)}::text[],
      ${column((r) => r.remark)}::text[], ${column((r) => r.teacherType)}::text[]) AS r(email, ch, en, remark, type) ON o.email_address = r.email
    WHERE o.school_code = ${school}`.execute(db);
  const known = Number(counts.rows[0]?.known ?? 0);
  const updated = Number(counts.rows[0]?.changed ?? 0);
  const importId = randomUUID();
  await sql`DELETE FROM org_account_imports WHERE expires_at < ${now}`.execute(db);
  await sql`INSERT INTO org_account_imports (id, school_code, created_by, created_at, expires_at, record_count, records)
    VALUES (${importId}, ${school}, ${actor.id}, ${now}, ${new Date(now.getTime() + IMPORT_TTL_MS)}, ${records.length}, ${JSON.stringify(records)}::jsonb)`.execute(db);
  return { status: 'ready', importId, total: records.length, created: records.length - known, updated };
}

/**
 * POST /api/org-accounts/import/apply: one transaction spends the checked import (single use)
 * and writes every record (new emails added, known ones changed; a known one that is the same
 * keeps who changed it last and when): all or nothing. A server killed meanwhile leaves the list
 * and the import as they were.
 */
export async function applyOrgImport(db: Db, actor: OrgActor, input: { importId: string }, now: Date): Promise<OrgImportApplied> {
  const school = writableSchool(actor);
  return db.transaction().execute(async (tx) => {
    const spent = await sql<{ records: OrgAccountFields[] | string }>`UPDATE org_account_imports SET applied_at = ${now}
      WHERE id = ${input.importId} AND created_by = ${actor.id} AND school_code = ${school} AND applied_at IS NULL AND expires_at > ${now}
      RETURNING records`.execute(tx);
    const row = spent.rows[0];
    if (!row) throw new DomainError('importNotFound');
    const records = (typeof row.records === 'string' ? JSON.parse(row.records) : row.records) as OrgAccountFields[];
    let created = 0;
    let updated = 0;
    for (let start = 0; start < records.length; start += APPLY_BATCH) {
      const batch = records.slice(start, start + APPLY_BATCH);
      const values = sql.join(
        batch.map(
          (r) =>
            sql`(${randomUUID()}, ${school}, ${r.emailAddress}, ${r.chFullName}, ${r.enFullName}, ${r.remark}, ${r.teacherType}, ${now}, ${actor.id}, ${actor.login_id})`,
        ),
      );
      const written = await sql<{ inserted: boolean }>`INSERT INTO org_accounts
        (id, school_code, email_address, ch_full_name, en_full_name, remark, teacher_type, updated_at, updated_by, updated_by_login)
        VALUES ${values}
        ON CONFLICT (school_code, email_address) DO UPDATE SET ch_full_name = EXCLUDED.ch_full_name, en_full_name = EXCLUDED.en_full_name,
          remark = EXCLUDED.remark, teacher_type = EXCLUDED.teacher_type, updated_at = EXCLUDED.updated_at,
          updated_by = EXCLUDED.updated_by, updated_by_login = EXCLUDED.updated_by_login
        WHERE (org_accounts.ch_full_name, org_accounts.en_full_name, org_accounts.remark, org_accounts.teacher_type)
          IS DISTINCT FROM (EXCLUDED.ch_full_name, EXCLUDED.en_full_name, EXCLUDED.remark, EXCLUDED.teacher_type)
        RETURNING (xmax = 0) AS inserted`.execute(tx);
      const inserted = written.rows.filter((r) => r.inserted).length;
      created += inserted;
      updated += written.rows.length - inserted;
    }
    return { total: records.length, created, updated };
  });
}

/** The list for the export, a batch at a time in the list's order (keyset paging: flat memory at any size). */
export async function* exportOrgAccounts(db: Db, actor: OrgActor, query: Pick<ParsedOrgAccountQuery, 'q' | 'group'>, batchSize = 1000): AsyncGenerator<ExportRow[]> {
  const school = readableSchool(actor);
  let after: { at: Date; id: string } | null = null as { at: Date; id: string } | null;
  for (;;) {
    const where = filters(school, query.q, query.group);
    const keyset: ReturnType<typeof sql> = after ? sql` AND (updated_at, id) < (${after.at}, ${after.id})` : sql``;
    const result: { rows: Row[] } = await sql<Row>`SELECT ${COLUMNS} FROM org_accounts WHERE ${where}${keyset}
      ORDER BY updated_at DESC, id DESC LIMIT ${batchSize}`.execute(db);
    if (result.rows.length === 0) return;
    yield result.rows.map((row) => ({
      emailAddress: row.email_address,
      chFullName: row.ch_full_name,
      enFullName: row.en_full_name,
      remark: row.remark,
      teacherType: row.teacher_type,
      updatedAt: new Date(row.updated_at),
      updatedBy: row.updated_by_login,
    }));
    const last: Row = result.rows[result.rows.length - 1]!;
    after = { at: new Date(last.updated_at), id: last.id };
    if (result.rows.length < batchSize) return;
  }
}

/** Checks the actor may read the list (the export and template downloads). */
export function assertCanRead(actor: OrgActor): void {
  readableSchool(actor);
}

/** GET /api/org-accounts/settings. */
export async function schoolSettings(db: Db, actor: OrgActor): Promise<SchoolSettings> {
  const school = readableSchool(actor);
  const row = await sql<{ name: string; chinese_name: string | null; school_email: string | null; allow_qr_login: boolean }>`SELECT name, chinese_name, school_email, allow_qr_login FROM schools WHERE code = ${school}`.execute(db);
  const domains = await sql<{ domain: string }>`SELECT domain FROM school_email_domains WHERE school_code = ${school} ORDER BY domain`.execute(db);
  const found = row.rows[0];
  if (!found) throw new DomainError('orgAccountNoAccess');
  return {
    schoolName: found.name,
    schoolChineseName: found.chinese_name,
    schoolEmail: found.school_email ?? '',
    emailDomains: domains.rows.map((d) => d.domain),
    allowQrLogin: found.allow_qr_login,
    canWrite: can(actor, 'org_account.write'),
  };
}

/**
 * POST /api/org-accounts/settings. `allow_qr_login` is the fact `permissionsFor` reads for the
 * school's students (session_accounts joins it): their login QR code permission follows at once.
 *
 * A teacher email domain belongs to one school (issue 21): staff registration and the teacher
 * email change find the school by the domain alone. Public mail services' domains are refused
 * before any write; the others are claimed with one conditional insert each, and a domain another
 * school holds (or claims in a transaction that commits first: the unique index makes the second
 * insert wait for it) is found after the inserts. Every refused domain is named at once, the code
 * is the first one's in the list's order, and the transaction rolls back: nothing changes.
 */
export async function saveSchoolSettings(
  db: Db,
  actor: OrgActor,
  input: { schoolEmail: string; emailDomains: string[]; allowQrLogin: boolean },
): Promise<SchoolSettings> {
  const school = writableSchool(actor);
  const domains = input.emailDomains;
  const claimable = domains.filter((domain) => !isPublicMailDomain(domain));
  await db.transaction().execute(async (tx) => {
    await sql`UPDATE schools SET school_email = ${input.schoolEmail === '' ? null : input.schoolEmail}, allow_qr_login = ${input.allowQrLogin} WHERE code = ${school}`.execute(tx);
    let removed = tx.deleteFrom('school_email_domains').where('school_code', '=', school);
    if (domains.length > 0) removed = removed.where('domain', 'not in', domains);
    await removed.execute();
    if (claimable.length > 0) {
      await tx
        .insertInto('school_email_domains')
        .values(claimable.map((domain) => ({ school_code: school, domain })))
        .onConflict((oc) => oc.column('domain').doNothing())
        .execute();
    }
    const taken = new Set(
      claimable.length === 0
        ? []
        : (await tx.selectFrom('school_email_domains').select('domain').where('domain', 'in', claimable).where('school_code', '<>', school).execute()).map((row) => row.domain),
    );
    const fields: FieldIssue[] = [];
    for (const domain of domains) {
      if (taken.has(domain)) fields.push({ field: domainField(domain), rule: 'domainTaken' });
      else if (!claimable.includes(domain)) fields.push({ field: domainField(domain), rule: 'publicDomain' });
    }
    const first = fields[0];
    if (first) throw new DomainError(first.rule === 'domainTaken' ? 'teacherDomainTaken' : 'teacherDomainPublic', { fields });
  });
  return schoolSettings(db, actor);
}
