import { readFileSync } from 'node:fs';
import { PassThrough, Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { Unzip, UnzipInflate, unzipSync } from 'fflate';
import type { Language } from '../../contract/index.ts';
import {
  ORG_COLUMNS,
  ORG_IMPORT_MAX_BYTES,
  ORG_IMPORT_MAX_INFLATED_BYTES,
  ORG_IMPORT_MAX_RECORDS,
  type OrgAccountFields,
  type OrgColumn,
  type OrgImportIssue,
  type OrgTeacherType,
} from '../../contract/schemas/org-account.ts';
import { DomainError } from './errors.ts';

/**
 * The .xlsx side of the school email list (docs/decisions/org-accounts.md): the guard that runs
 * before any parser sees an uploaded file, the reading of its rows, the annotated copy, and the
 * streamed export. Texts come from the same locales/ files as the screens.
 */

type Messages = Record<string, string>;
const MESSAGES: Record<Language, Messages> = {
  zh_hant: JSON.parse(readFileSync(new URL('../../locales/zh_hant.json', import.meta.url), 'utf8')) as Messages,
  en: JSON.parse(readFileSync(new URL('../../locales/en.json', import.meta.url), 'utf8')) as Messages,
  zh_hans: JSON.parse(readFileSync(new URL('../../locales/zh_hans.json', import.meta.url), 'utf8')) as Messages,
};

export function orgText(lang: Language, id: string, values: Record<string, string | number> = {}): string {
  const template = MESSAGES[lang][id] ?? MESSAGES.en[id] ?? id;
  return template.replace(/\{(\w+)\}/g, (_, key: string) => String(values[key] ?? ''));
}

const COLUMN_MESSAGE: Record<OrgColumn, string> = {
  emailAddress: 'orgAccount.column.emailAddress',
  chFullName: 'orgAccount.column.chFullName',
  enFullName: 'orgAccount.column.enFullName',
  teacherType: 'orgAccount.column.teacherType',
  remark: 'orgAccount.column.remark',
};
const TYPE_MESSAGE: Record<OrgTeacherType, string> = {
  UNIVERSITY_TEACHER: 'orgAccount.group.UNIVERSITY_TEACHER',
  PRE_SERVICE: 'orgAccount.group.PRE_SERVICE',
};

export const headerOf = (lang: Language): string[] => ORG_COLUMNS.map((column) => orgText(lang, COLUMN_MESSAGE[column]));
export const typeLabel = (lang: Language, type: OrgTeacherType): string => orgText(lang, TYPE_MESSAGE[type]);

/** The group as written in any language's file, or its code. */
const TYPE_BY_TEXT = new Map<string, OrgTeacherType>();
for (const type of ['UNIVERSITY_TEACHER', 'PRE_SERVICE'] as const) {
  TYPE_BY_TEXT.set(type.toLowerCase(), type);
  for (const lang of ['zh_hant', 'en', 'zh_hans'] as const) TYPE_BY_TEXT.set(typeLabel(lang, type).toLowerCase(), type);
}

const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04];
const MAX_ENTRIES = 200;
const PUSH_BYTES = 4096;

/**
 * Refuses a file before any parser reads it: over the size limit; not a zip (a renamed binary);
 * a zip whose central directory declares, or whose entries really inflate to, more than the
 * limit (a zip bomb; sizes can lie, so every entry is inflated in small steps and counted, and
 * stopped at the limit); a zip that is not a workbook.
 */
export function guardWorkbook(file: Uint8Array): void {
  if (file.byteLength > ORG_IMPORT_MAX_BYTES) throw new DomainError('importFileTooLarge');
  if (file.byteLength < 22 || ZIP_MAGIC.some((byte, i) => file[i] !== byte)) throw new DomainError('importFileInvalid');
  const names: string[] = [];
  let declared = 0;
  try {
    unzipSync(file, {
      filter: (entry) => {
        names.push(entry.name);
        declared += entry.originalSize;
        return false;
      },
    });
  } catch {
    throw new DomainError('importFileInvalid');
  }
  if (names.length > MAX_ENTRIES || declared > ORG_IMPORT_MAX_INFLATED_BYTES) throw new DomainError('importFileInflatesTooMuch');
  if (!names.includes('[Content_Types].xml') || !names.includes('xl/workbook.xml')) throw new DomainError('importFileInvalid');

  let inflated = 0;
  let failure: DomainError | null = null;
  const unzip = new Unzip((entry) => {
    entry.ondata = (error, chunk) => {
      if (failure) return;
      if (error) {
        failure = new DomainError('importFileInvalid');
        return;
      }
      inflated += chunk.byteLength;
      if (inflated > ORG_IMPORT_MAX_INFLATED_BYTES) {
        failure = new DomainError('importFileInflatesTooMuch');
        entry.terminate();
      }
    };
    entry.start();
  });
  unzip.register(UnzipInflate);
  try {
    for (let offset = 0; offset < file.byteLength && !failure; offset += PUSH_BYTES) {
      unzip.push(file.subarray(offset, offset + PUSH_BYTES), offset + PUSH_BYTES >= file.byteLength);
    }
  } catch {
    failure ??= new DomainError('importFileInvalid');
  }
  if (failure) throw failure;
}

/** A record read from row `row` of the file, with the problems its cells have in themselves. */
export interface ReadRow {
  row: number;
  fields: OrgAccountFields;
  issues: OrgImportIssue[];
}

type CellValue = ExcelJS.CellValue;

/**
 * A cell as plain text. A formula is never evaluated nor trusted: the cell is refused (`formula`),
 * whatever its cached result. Links keep their text, rich text its runs.
 */
function cellText(value: CellValue): { text: string; formula: boolean } {
  if (value === null || value === undefined) return { text: '', formula: false };
  if (typeof value === 'string') return { text: value, formula: false };
  if (typeof value === 'number' || typeof value === 'boolean') return { text: String(value), formula: false };
  if (value instanceof Date) return { text: value.toISOString(), formula: false };
  if (typeof value === 'object') {
    if ('formula' in value || 'sharedFormula' in value) return { text: '', formula: true };
    if ('richText' in value) return { text: value.richText.map((run) => run.text).join(''), formula: false };
    if ('text' in value) return cellText((value as { text: CellValue }).text);
    if ('error' in value) return { text: '', formula: true };
  }
  return { text: String(value), formula: false };
}

/**
 * Reads the first worksheet after `guardWorkbook`: row 1 is the header, each non-empty row after
 * it a record, in the columns of ORG_COLUMNS. More than ORG_IMPORT_MAX_RECORDS records is
 * `importTooManyRecords`; none, `importFileEmpty`.
 */
export async function readWorkbook(file: Uint8Array): Promise<ReadRow[]> {
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(file as unknown as ArrayBuffer);
  } catch {
    throw new DomainError('importFileInvalid');
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new DomainError('importFileInvalid');
  const rows: ReadRow[] = [];
  let tooMany = false;
  sheet.eachRow({ includeEmpty: false }, (row, rowNumber) => {
    if (rowNumber === 1 || tooMany) return;
    const texts = ORG_COLUMNS.map((_, i) => cellText(row.getCell(i + 1).value));
    if (texts.every((cell) => cell.text.trim() === '' && !cell.formula)) return;
    if (rows.length === ORG_IMPORT_MAX_RECORDS) {
      tooMany = true;
      return;
    }
    const issues: OrgImportIssue[] = [];
    texts.forEach((cell, i) => {
      if (cell.formula) issues.push({ row: rowNumber, column: ORG_COLUMNS[i]!, rule: 'formula' });
    });
    const typeText = texts[3]!.text.trim();
    const type = typeText === '' ? 'UNIVERSITY_TEACHER' : TYPE_BY_TEXT.get(typeText.toLowerCase());
    if (!type && !texts[3]!.formula) issues.push({ row: rowNumber, column: 'teacherType', rule: 'format' });
    rows.push({
      row: rowNumber,
      fields: {
        emailAddress: texts[0]!.text,
        chFullName: texts[1]!.text,
        enFullName: texts[2]!.text,
        teacherType: type ?? 'UNIVERSITY_TEACHER',
        remark: texts[4]!.text,
      },
      issues,
    });
  });
  if (tooMany) throw new DomainError('importTooManyRecords');
  if (rows.length === 0) throw new DomainError('importFileEmpty');
  return rows;
}

const ISSUE_FILL: ExcelJS.Fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFFFD7D7' } };

/** The problem's message in the page's language, as the page lists it. */
export function issueText(lang: Language, issue: OrgImportIssue): string {
  return orgText(lang, `orgAccount.import.rule.${issue.rule}`, { column: orgText(lang, COLUMN_MESSAGE[issue.column]) });
}

/**
 * The uploaded file with its problems: each cell in error filled and noted, and a last column
 * that lists the row's problems, so the administrator fixes the file they sent.
 */
export async function annotateWorkbook(file: Uint8Array, issues: readonly OrgImportIssue[], lang: Language): Promise<Uint8Array> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(file as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0]!;
  const errorColumn = ORG_COLUMNS.length + 1;
  sheet.getRow(1).getCell(errorColumn).value = orgText(lang, 'orgAccount.import.errorsColumn');
  const byRow = new Map<number, string[]>();
  for (const issue of issues) {
    const cell = sheet.getRow(issue.row).getCell(ORG_COLUMNS.indexOf(issue.column) + 1);
    const text = issueText(lang, issue);
    cell.fill = ISSUE_FILL;
    cell.note = text;
    byRow.set(issue.row, [...(byRow.get(issue.row) ?? []), text]);
  }
  for (const [row, texts] of byRow) sheet.getRow(row).getCell(errorColumn).value = texts.join('\n');
  return new Uint8Array(await workbook.xlsx.writeBuffer());
}

/**
 * Text as a cell value that no spreadsheet runs: exceljs writes strings as strings, never as
 * formulas, and a leading = + - @ is also prefixed with an apostrophe-free quote prefix
 * (`quotePrefix`), so a program that re-reads the file as text sees the same characters.
 */
function safeCell(cell: ExcelJS.Cell, text: string): void {
  cell.value = text;
  if (/^[=+\-@]/.test(text)) cell.style = { ...cell.style, quotePrefix: true } as ExcelJS.Style;
}

export interface ExportRow extends OrgAccountFields {
  updatedAt: Date;
  updatedBy: string;
}

/**
 * The list as an .xlsx stream, written as rows arrive (`rows` is read a batch at a time), so
 * exporting 50,000 records holds one batch in memory, not the list.
 */
export function exportWorkbook(rows: AsyncIterable<ExportRow[]>, lang: Language, onError: (error: unknown) => void): ReadableStream<Uint8Array> {
  const out = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useSharedStrings: false, useStyles: true });
  const sheet = workbook.addWorksheet(orgText(lang, 'orgAccount.export.sheet'));
  void (async () => {
    try {
      sheet.addRow([...headerOf(lang), orgText(lang, 'orgAccount.column.updatedAt'), orgText(lang, 'orgAccount.column.updatedBy')]).commit();
      for await (const batch of rows) {
        for (const record of batch) {
          const row = sheet.addRow([]);
          safeCell(row.getCell(1), record.emailAddress);
          safeCell(row.getCell(2), record.chFullName);
          safeCell(row.getCell(3), record.enFullName);
          row.getCell(4).value = typeLabel(lang, record.teacherType);
          safeCell(row.getCell(5), record.remark);
          row.getCell(6).value = record.updatedAt.toISOString();
          safeCell(row.getCell(7), record.updatedBy);
          row.commit();
        }
        // Let the response drain before the next batch is read.
        if (out.writableNeedDrain) await new Promise((resolve) => out.once('drain', resolve));
      }
      sheet.commit();
      await workbook.commit();
    } catch (error) {
      onError(error);
      out.destroy(error instanceof Error ? error : new Error(String(error)));
    }
  })();
  return Readable.toWeb(out) as unknown as ReadableStream<Uint8Array>;
}

/** The import template: the header in the page's language and one example row of each group. */
export async function templateWorkbook(lang: Language): Promise<Uint8Array> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(orgText(lang, 'orgAccount.export.sheet'));
  sheet.addRow(headerOf(lang));
  sheet.addRow(['chan.taiman@school.edu.hk', '陳大文', 'CHAN Tai Man', typeLabel(lang, 'UNIVERSITY_TEACHER'), '']);
  sheet.addRow(['lee.siuming@school.edu.hk', '李小明', 'LEE Siu Ming', typeLabel(lang, 'PRE_SERVICE'), '']);
  sheet.columns.forEach((column) => {
    column.width = 28;
  });
  return new Uint8Array(await workbook.xlsx.writeBuffer());
}
