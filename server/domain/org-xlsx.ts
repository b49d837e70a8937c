import { readFileSync } from 'node:fs';
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
import { xlsxStream } from './xlsx-writer.ts';
import { readFirstSheet, SheetRefusal, type ReadSheet, type SheetCell } from './xlsx-sheet.ts';

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
const PUSH_BYTES = 1024;
const INFLATE_TURN_BYTES = 256 * 1024;

/** The inflated parts of a guarded file, by name. */
export type WorkbookParts = ReadonlyMap<string, Uint8Array>;

/**
 * Refuses a file before any parser reads it: over the size limit; not a zip (a renamed binary);
 * a zip whose central directory declares, or whose entries really inflate to, more than the
 * limit (a zip bomb; sizes can lie, so every entry is inflated in small steps and counted, and
 * stopped at the limit); a zip that is not a workbook. Answers the parts as inflated (at most
 * the limit in all), which the reader reads instead of the file.
 */
export async function guardWorkbook(file: Uint8Array): Promise<WorkbookParts> {
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
  const chunks = new Map<string, Uint8Array[]>();
  const unzip = new Unzip((entry) => {
    const own: Uint8Array[] = [];
    chunks.set(entry.name, own);
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
        return;
      }
      own.push(chunk);
    };
    entry.start();
  });
  unzip.register(UnzipInflate);
  let turned = 0;
  for (let offset = 0; offset < file.byteLength && !failure; offset += PUSH_BYTES) {
    try {
      unzip.push(file.subarray(offset, offset + PUSH_BYTES), offset + PUSH_BYTES >= file.byteLength);
    } catch {
      failure ??= new DomainError('importFileInvalid');
    }
    // A small file can inflate to the limit: let the event loop turn every INFLATE_TURN_BYTES.
    if (inflated - turned >= INFLATE_TURN_BYTES) {
      turned = inflated;
      await new Promise<void>((resolve) => setImmediate(resolve));
    }
  }
  if (failure) throw failure;
  const parts = new Map<string, Uint8Array>();
  for (const [name, pieces] of chunks) parts.set(name, Buffer.concat(pieces));
  return parts;
}

/** A record read from row `row` of the file, with the problems its cells have in themselves. */
export interface ReadRow {
  row: number;
  fields: OrgAccountFields;
  issues: OrgImportIssue[];
  /** The cells as read, for the annotated copy. */
  cells: SheetCell[];
}

/** The first sheet as read: its header row's cells and its records. */
export interface ReadWorkbook {
  header: SheetCell[];
  rows: ReadRow[];
}

/** The last row an import's sheet may use: the header and ORG_IMPORT_MAX_RECORDS records. */
export const ORG_IMPORT_MAX_ROW = ORG_IMPORT_MAX_RECORDS + 1;

const EMPTY_CELL: SheetCell = { text: '', formula: false };

/**
 * Reads the first worksheet of a guarded file (`xlsx-sheet.ts`, one pass over its XML): row 1 is
 * the header, each non-empty row after it a record, in the columns of ORG_COLUMNS. A sheet that
 * uses a row past the header and ORG_IMPORT_MAX_RECORDS records (its dimension, a row or a cell
 * says so) is `importTooManyRecords`, refused as soon as that number is read; none, `importFileEmpty`.
 * A formula cell is refused (`formula`), never evaluated nor read from its cached result.
 */
export async function readWorkbook(parts: WorkbookParts): Promise<ReadWorkbook> {
  let sheet: ReadSheet;
  try {
    sheet = await readFirstSheet(parts, { maxRow: ORG_IMPORT_MAX_ROW, columns: ORG_COLUMNS.length });
  } catch (error) {
    if (error instanceof SheetRefusal) throw new DomainError(error.reason === 'rowBeyondLimit' ? 'importTooManyRecords' : 'importFileInvalid');
    throw error;
  }
  const cellsOf = (found: readonly SheetCell[] | undefined) => ORG_COLUMNS.map((_, i) => found?.[i] ?? EMPTY_CELL);
  const rows: ReadRow[] = [];
  // At most ORG_IMPORT_MAX_ROW rows: sorting them costs nothing the file can choose.
  for (const rowNumber of [...sheet.rows.keys()].sort((a, b) => a - b)) {
    if (rowNumber === 1) continue;
    const texts = cellsOf(sheet.rows.get(rowNumber));
    if (texts.every((cell) => cell.text.trim() === '' && !cell.formula)) continue;
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
      cells: texts,
    });
  }
  if (rows.length === 0) throw new DomainError('importFileEmpty');
  return { header: cellsOf(sheet.rows.get(1)), rows };
}

const ISSUE_FILL: ExcelJS.Fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFFFD7D7' } };

/** The problem's message in the page's language, as the page lists it. */
export function issueText(lang: Language, issue: OrgImportIssue): string {
  return orgText(lang, `orgAccount.import.rule.${issue.rule}`, { column: orgText(lang, COLUMN_MESSAGE[issue.column]) });
}

/**
 * The uploaded sheet with its problems: its header and records as read (columns of ORG_COLUMNS,
 * at their row numbers), each cell in error filled and noted, and a last column that lists the
 * row's problems, so the administrator fixes the rows they sent. Written afresh rather than by
 * loading the upload into exceljs, which would expand whatever ranges the file states (issue 21);
 * the upload's formatting and other columns are not carried over. A formula is shown as its text.
 */
export async function annotateWorkbook(read: ReadWorkbook, issues: readonly OrgImportIssue[], lang: Language): Promise<Uint8Array> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(orgText(lang, 'orgAccount.export.sheet'));
  // exceljs writes a string as a string, never as a formula: a formula's text stays text.
  const put = (target: ExcelJS.Cell, cell: SheetCell) => {
    const text = cell.formula ? (cell.source === undefined ? '' : `=${cell.source}`) : cell.text;
    if (text !== '') target.value = text;
  };
  const header = sheet.getRow(1);
  read.header.forEach((cell, i) => put(header.getCell(i + 1), cell));
  const errorColumn = ORG_COLUMNS.length + 1;
  header.getCell(errorColumn).value = orgText(lang, 'orgAccount.import.errorsColumn');
  for (const record of read.rows) {
    const row = sheet.getRow(record.row);
    record.cells.forEach((cell, i) => put(row.getCell(i + 1), cell));
  }
  const byRow = new Map<number, string[]>();
  for (const issue of issues) {
    const cell = sheet.getRow(issue.row).getCell(ORG_COLUMNS.indexOf(issue.column) + 1);
    const text = issueText(lang, issue);
    cell.fill = ISSUE_FILL;
    cell.note = text;
    byRow.set(issue.row, [...(byRow.get(issue.row) ?? []), text]);
  }
  for (const [row, texts] of byRow) sheet.getRow(row).getCell(errorColumn).value = texts.join('\n');
  sheet.columns.forEach((column) => {
    column.width = 28;
  });
  return new Uint8Array(await workbook.xlsx.writeBuffer());
}

export interface ExportRow extends OrgAccountFields {
  updatedAt: Date;
  updatedBy: string;
}

const EXPORT_WIDTHS = [32, 20, 24, 12, 24, 26, 18];

const HONG_KONG_STAMP = new Intl.DateTimeFormat('sv-SE', {
  timeZone: 'Asia/Hong_Kong',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

/**
 * When a record last changed, as the export writes it: Hong Kong time, as the page shows it
 * (issue 26), sortable text `2026-11-27 21:48:40`; the column's header names the zone.
 */
export function hongKongStamp(at: Date): string {
  return HONG_KONG_STAMP.format(at);
}

/**
 * The list as an .xlsx stream (`xlsx-writer.ts`), written as rows arrive (`rows` is read a batch
 * at a time), so exporting 50,000 records holds one batch in memory, not the list. The first
 * batch is read before the stream is answered: a failure there rejects, and the route answers
 * the envelope; a failure after the first byte goes to `onError` and ends the download incomplete.
 */
export async function exportWorkbook(rows: AsyncIterable<ExportRow[]>, lang: Language, onError: (error: unknown) => void): Promise<ReadableStream<Uint8Array>> {
  const source = rows[Symbol.asyncIterator]();
  const first = await source.next();
  const header = [...headerOf(lang), orgText(lang, 'orgAccount.export.updatedAt'), orgText(lang, 'orgAccount.column.updatedBy')];
  const cells = (batch: ExportRow[]) =>
    batch.map((record) => [
      record.emailAddress,
      record.chFullName,
      record.enFullName,
      typeLabel(lang, record.teacherType),
      record.remark,
      hongKongStamp(record.updatedAt),
      record.updatedBy,
    ]);
  async function* batches(): AsyncGenerator<string[][]> {
    try {
      yield [header];
      if (first.done) return;
      yield cells(first.value);
      for (;;) {
        const next = await source.next();
        if (next.done) return;
        yield cells(next.value);
      }
    } finally {
      await source.return?.();
    }
  }
  return xlsxStream({ name: orgText(lang, 'orgAccount.export.sheet'), widths: EXPORT_WIDTHS }, batches(), onError);
}

/**
 * The import template: the header in the page's language and no record (example rows imported as
 * real teachers when a school filled the sheet below them, issue 26), then a second sheet that
 * says what each column takes. Only the first sheet is ever imported.
 */
export async function templateWorkbook(lang: Language): Promise<Uint8Array> {
  const workbook = new ExcelJS.Workbook();
  const sheetName = orgText(lang, 'orgAccount.export.sheet');
  const sheet = workbook.addWorksheet(sheetName);
  const header = headerOf(lang);
  sheet.addRow(header);
  sheet.columns = header.map(() => ({ width: 28 }));
  const [email, chinese, english, group, remark] = header;
  const instructions = workbook.addWorksheet(orgText(lang, 'orgAccount.template.instructionsSheet'));
  for (const line of [
    orgText(lang, 'orgAccount.template.instructions.rows', { sheet: sheetName }),
    orgText(lang, 'orgAccount.template.instructions.email', { column: email ?? '' }),
    orgText(lang, 'orgAccount.template.instructions.names', { chinese: chinese ?? '', english: english ?? '' }),
    orgText(lang, 'orgAccount.template.instructions.group', { column: group ?? '', first: typeLabel(lang, 'UNIVERSITY_TEACHER'), second: typeLabel(lang, 'PRE_SERVICE') }),
    orgText(lang, 'orgAccount.template.instructions.remark', { column: remark ?? '' }),
  ]) {
    instructions.addRow([line]);
  }
  instructions.getColumn(1).width = 100;
  return new Uint8Array(await workbook.xlsx.writeBuffer());
}
