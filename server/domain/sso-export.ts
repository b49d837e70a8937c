import { randomInt } from 'node:crypto';
import type { AccountCategory } from '../../contract/constants.ts';
import type { SsoExportFormat } from '../../contract/schemas/sso-export.ts';
import type { Db } from '../db/schema.ts';
import type { AccountRow } from './users.ts';
import { domainOf } from './email-domains.ts';
import { DomainError } from './errors.ts';
import { hasPermission } from './permissions.ts';

/**
 * Export of identity-provider accounts (SPEC §1, §2; docs/decisions/school-exports.md): the
 * school's active school-based accounts as the bulk-creation CSV of Google Workspace or Microsoft
 * Entra ID, written page by page so a school of any size streams in constant memory.
 */

/** Google Workspace's "Add or update multiple users from a CSV file" template, in its order. */
export const GOOGLE_HEADERS = [
  'First Name [Required]',
  'Last Name [Required]',
  'Email Address [Required]',
  'Password [Required]',
  'Password Hash Function [UPLOAD ONLY]',
  'Org Unit Path [Required]',
  'New Primary Email [UPLOAD ONLY]',
  'Home Secondary Email',
  'Work Secondary Email',
  'Work Phone',
  'Home Phone',
  'Mobile Phone',
  'Work Address',
  'Home Address',
  'Employee ID',
  'Employee Type',
  'Employee Title',
  'Manager Email',
  'Department',
  'Cost Center',
  'Building ID',
  'Floor Name',
  'Floor Section',
  'Change Password at Next Sign-In',
] as const;

/** Microsoft Entra ID's bulk create template: a version line, then these headings. */
export const ENTRA_VERSION_LINE = 'version:v1.0';
export const ENTRA_HEADERS = [
  'Name [displayName] Required',
  'User name [userPrincipalName] Required',
  'Initial password [passwordProfile] Required',
  'Block sign in (Yes/No) [accountEnabled] Required',
  'First name [givenName]',
  'Last name [surname]',
  'Job title [jobTitle]',
  'Department [department]',
  'Usage location [usageLocation]',
  'Street address [streetAddress]',
  'State or province [state]',
  'Country or region [country]',
  'Office [physicalDeliveryOfficeName]',
  'City [city]',
  'ZIP or postal code [postalCode]',
  'Office phone [telephoneNumber]',
  'Mobile phone [mobile]',
] as const;

/** The categories a school's identity provider holds: its staff, administrators and students. */
export const EXPORTED_CATEGORIES: readonly AccountCategory[] = ['SCHOOL_ADMINISTRATOR', 'SCHOOL_BASED_TEACHER', 'STUDENT'];

/** Rows read per query: a page is all the export ever holds. */
export const EXPORT_PAGE_SIZE = 500;

const LINE_END = '\r\n';

/**
 * One CSV cell (RFC 4180), safe to open in a spreadsheet: text a spreadsheet would run as a
 * formula (starting with `=`, `+`, `-`, `@`, tab or carriage return) gets a leading apostrophe
 * (OWASP "CSV injection"), and cells with a comma, quote, line break or edge space are quoted.
 */
export function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]|^\s|\s$/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

export function csvLine(cells: readonly string[]): string {
  return cells.map(csvCell).join(',') + LINE_END;
}

const PASSWORD_LETTERS = 'abcdefghijkmnopqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ';
const PASSWORD_DIGITS = '23456789';
const PASSWORD_SYMBOLS = '!#$%&*?';

/**
 * The initial password both templates require. Sign-in goes through the portal (single sign-on),
 * so nobody ever types it: 16 random characters with every class either provider's policy may
 * ask for, starting with a letter (never read as a formula), different per row.
 */
export function initialPassword(): string {
  const all = PASSWORD_LETTERS + PASSWORD_DIGITS + PASSWORD_SYMBOLS;
  const pick = (set: string) => set[randomInt(set.length)] as string;
  const chars = [pick(PASSWORD_DIGITS), pick(PASSWORD_SYMBOLS), pick('abcdefghijkmnopqrstuvwxyz'), pick('ABCDEFGHJKLMNPQRSTUVWXYZ')];
  while (chars.length < 15) chars.push(pick(all));
  for (let i = chars.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [chars[i], chars[j]] = [chars[j] as string, chars[i] as string];
  }
  return pick(PASSWORD_LETTERS) + chars.join('');
}

export interface ExportAccount {
  login_id: string;
  login_email: string | null;
  contact_email: string | null;
  category: AccountCategory;
  display_name: string;
  english_given_name: string;
  english_surname: string;
  chinese_given_name: string;
  chinese_surname: string;
  school_email: string | null;
}

/**
 * Given and family names from the profile's name fields, never split out of the display name
 * (issue 26: "Chan Tai Man" or "陳大文" cannot be cut right by spaces): the English pair when both
 * are filled, else the Chinese pair, else what there is of either; the display name (whole, in
 * both columns, which the providers require) only when the profile has no name at all.
 */
export function namesOf(account: ExportAccount): { given: string; family: string } {
  const english = { given: account.english_given_name.trim(), family: account.english_surname.trim() };
  const chinese = { given: account.chinese_given_name.trim(), family: account.chinese_surname.trim() };
  if (english.given && english.family) return english;
  if (chinese.given && chinese.family) return chinese;
  const given = english.given || chinese.given;
  const family = english.family || chinese.family;
  if (given || family) return { given: given || family, family: family || given };
  const whole = account.display_name.trim() || account.login_id;
  return { given: whole, family: whole };
}

/**
 * The sign-in name at the identity provider: an address of the account's own in one of the
 * school's domains (school email, login email, contact email, in that order), else the login ID
 * in the school's first domain.
 */
export function signInAddress(account: ExportAccount, domains: readonly string[]): string {
  for (const email of [account.school_email, account.login_email, account.contact_email]) {
    if (email && domains.includes(domainOf(email))) return email.toLowerCase();
  }
  return `${account.login_id}@${domains[0]}`;
}

const isStudent = (account: ExportAccount) => account.category === 'STUDENT';
const JOB_TITLES: Partial<Record<AccountCategory, string>> = { SCHOOL_ADMINISTRATOR: 'School administrator', SCHOOL_BASED_TEACHER: 'Staff', STUDENT: 'Student' };

export interface ExportSchool {
  code: string;
  domains: readonly string[];
}

/** One account's row in the chosen format. */
export function exportRow(format: SsoExportFormat, account: ExportAccount, school: ExportSchool, password = initialPassword()): string[] {
  const { given, family } = namesOf(account);
  const login = signInAddress(account, school.domains);
  const department = isStudent(account) ? 'Students' : 'Staff';
  const ownEmail = account.login_email ?? account.contact_email ?? '';
  const title = JOB_TITLES[account.category] ?? '';
  if (format === 'google') {
    const cells: string[] = GOOGLE_HEADERS.map(() => '');
    const set = (header: (typeof GOOGLE_HEADERS)[number], value: string) => {
      cells[GOOGLE_HEADERS.indexOf(header)] = value;
    };
    set('First Name [Required]', given);
    set('Last Name [Required]', family);
    set('Email Address [Required]', login);
    set('Password [Required]', password);
    set('Org Unit Path [Required]', `/${school.code}/${department}`);
    set('Work Secondary Email', ownEmail && ownEmail !== login ? ownEmail : '');
    set('Employee ID', account.login_id);
    set('Employee Type', title);
    set('Department', department);
    set('Change Password at Next Sign-In', 'FALSE');
    return cells;
  }
  const cells: string[] = ENTRA_HEADERS.map(() => '');
  const set = (header: (typeof ENTRA_HEADERS)[number], value: string) => {
    cells[ENTRA_HEADERS.indexOf(header)] = value;
  };
  set('Name [displayName] Required', account.display_name.trim() || `${given} ${family}`);
  set('User name [userPrincipalName] Required', login);
  set('Initial password [passwordProfile] Required', password);
  set('Block sign in (Yes/No) [accountEnabled] Required', 'No');
  set('First name [givenName]', given);
  set('Last name [surname]', family);
  set('Job title [jobTitle]', title);
  set('Department [department]', department);
  set('Usage location [usageLocation]', 'HK');
  return cells;
}

/** UTF-8's byte order mark: without it Excel opens a CSV in the system code page and Chinese names turn to mojibake. */
export const UTF8_BOM = '\uFEFF';

/** The file's first lines: the byte order mark, Entra's version line, then the headings. */
export function exportHead(format: SsoExportFormat): string {
  return UTF8_BOM + (format === 'google' ? csvLine(GOOGLE_HEADERS) : `${ENTRA_VERSION_LINE}${LINE_END}${csvLine(ENTRA_HEADERS)}`);
}

export const EXPORT_FILE_NAMES: Record<SsoExportFormat, string> = { google: 'google-workspace', entra: 'microsoft-entra' };

/** The administrator's school and its teacher email domains; refused without permission, school or domain. */
export async function prepareExport(db: Db, actor: AccountRow): Promise<ExportSchool> {
  if (!hasPermission(actor, 'org_account.read') || actor.school_code === null) throw new DomainError('forbidden');
  const rows = await db.selectFrom('school_email_domains').select('domain').where('school_code', '=', actor.school_code).orderBy('domain').execute();
  if (rows.length === 0) throw new DomainError('ssoExportNoDomain');
  return { code: actor.school_code, domains: rows.map((row) => row.domain) };
}

/**
 * One page of the school's exported accounts after `after` (login IDs are unique and ordered).
 * The page is chosen first and only its rows meet `school_staff`: joined before the limit, a
 * planner without statistics (PGlite, a fresh table) joined the whole rest of the school on every
 * page, so the export slowed down page by page.
 */
export function exportPage(db: Db, schoolCode: string, after: string | null, limit = EXPORT_PAGE_SIZE): Promise<ExportAccount[]> {
  let page = db
    .selectFrom('users')
    .select(['id', 'login_id', 'login_email', 'contact_email', 'category', 'display_name', 'english_given_name', 'english_surname', 'chinese_given_name', 'chinese_surname'])
    .where('school_code', '=', schoolCode)
    .where('status', '=', 'active')
    .where('category', 'in', EXPORTED_CATEGORIES)
    .orderBy('login_id')
    .limit(limit);
  if (after !== null) page = page.where('login_id', '>', after);
  return db
    .selectFrom(page.as('u'))
    .leftJoin('school_staff as st', 'st.user_id', 'u.id')
    .select(['u.login_id', 'u.login_email', 'u.contact_email', 'u.category', 'u.display_name', 'u.english_given_name', 'u.english_surname', 'u.chinese_given_name', 'u.chinese_surname', 'st.school_email'])
    .orderBy('u.login_id')
    .execute();
}

/**
 * The export as a byte stream: each pull reads one page and writes its rows, so memory holds one
 * page whatever the school's size, and a client that stops reading stops the queries.
 */
export function exportStream(db: Db, school: ExportSchool, format: SsoExportFormat): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let after: string | null = null;
  let started = false;
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        if (!started) {
          started = true;
          controller.enqueue(encoder.encode(exportHead(format)));
          return;
        }
        const page = await exportPage(db, school.code, after);
        if (page.length > 0) {
          controller.enqueue(encoder.encode(page.map((account) => csvLine(exportRow(format, account, school))).join('')));
          after = (page.at(-1) as ExportAccount).login_id;
        }
        if (page.length < EXPORT_PAGE_SIZE) controller.close();
      },
    },
    { highWaterMark: 1 },
  );
}
