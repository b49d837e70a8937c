import { zipSync } from 'fflate';

/**
 * Small .xlsx files that state large numbers (issue 21): a row numbered 10^9, a column far to the
 * right, a shared-strings count of four billion. Each is a valid workbook of a few KiB, built from
 * its XML parts, so the server specs and the bench send the same bytes.
 */

const encode = (text: string) => new TextEncoder().encode(text);

const CONTENT_TYPES = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/><Override PartName="/xl/sharedStrings.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"/></Types>`;
const ROOT_RELS = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>`;
const WORKBOOK = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="List" sheetId="1" r:id="rId1"/></sheets></workbook>`;
const WORKBOOK_RELS = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/sharedStrings" Target="sharedStrings.xml"/></Relationships>`;

/** Escapes text for an XML attribute or element. */
const xml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** A cell holding inline text, at a reference such as `A2` or `XFD1`. */
export const textCell = (ref: string, text: string): string => `<c r="${ref}" t="inlineStr"><is><t>${xml(text)}</t></is></c>`;

/** A row of cells, numbered `r`. */
export const rowXml = (r: number | string, cells: string[]): string => `<row r="${r}">${cells.join('')}</row>`;

/** The import header and one record as cells of row `r`, columns A to E. */
export function recordRow(r: number | string, email = 'teacher@school-a.edu.hk'): string {
  return rowXml(r, [textCell(`A${r}`, email), textCell(`B${r}`, '陳大文'), textCell(`C${r}`, 'CHAN Tai Man'), textCell(`D${r}`, 'Staff'), textCell(`E${r}`, '')]);
}

const HEADER_ROW = rowXml(1, ['Email address', 'Chinese name', 'English name', 'Group', 'Remark'].map((text, i) => textCell(`${'ABCDE'[i]}1`, text)));

export interface SheetParts {
  /** Rows after the header, as XML (`rowXml`, `recordRow`). */
  rows?: string[];
  /** `<dimension ref>`, when the sheet should state one. */
  dimension?: string;
  /** XML placed after `<sheetData>` (merged cells, data validations). */
  after?: string;
  /** XML placed before `<sheetData>` (`<cols>`). */
  before?: string;
  /** The whole shared-strings part; an empty table by default. */
  sharedStrings?: string | Uint8Array;
}

/** A workbook of one sheet whose header is the import's and whose other parts are as given. */
export function xlsxWith(parts: SheetParts = {}): Uint8Array {
  const dimension = parts.dimension ? `<dimension ref="${parts.dimension}"/>` : '';
  const sheet = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">${dimension}${parts.before ?? ''}<sheetData>${HEADER_ROW}${(parts.rows ?? []).join('')}</sheetData>${parts.after ?? ''}</worksheet>`;
  const sharedStrings =
    parts.sharedStrings ?? `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" count="0" uniqueCount="0"/>`;
  return zipSync(
    {
      '[Content_Types].xml': encode(CONTENT_TYPES),
      '_rels/.rels': encode(ROOT_RELS),
      'xl/workbook.xml': encode(WORKBOOK),
      'xl/_rels/workbook.xml.rels': encode(WORKBOOK_RELS),
      'xl/worksheets/sheet1.xml': encode(sheet),
      'xl/sharedStrings.xml': typeof sharedStrings === 'string' ? encode(sharedStrings) : sharedStrings,
    },
    { level: 6 },
  );
}

/**
 * The file of issue 21: the import header, then a single record whose row is numbered `n`
 * (up to 4,294,967,294, the largest row number a reader may store). About 1.6 KB whatever `n`.
 */
export function xlsxWithRowNumber(n: number): Uint8Array {
  return xlsxWith({ rows: [recordRow(n)] });
}

/** A sheet whose `<dimension ref>` claims `ref` (e.g. `A1:E100000000`) over a normal record. */
export function xlsxWithDimension(ref: string): Uint8Array {
  return xlsxWith({ dimension: ref, rows: [recordRow(2)] });
}

/** A record whose row also holds a cell at column `column` (e.g. `XFD`, the last one Excel has). */
export function xlsxWithColumn(column: string): Uint8Array {
  return xlsxWith({ rows: [rowXml(2, [textCell('A2', 'teacher@school-a.edu.hk'), textCell(`${column}2`, 'far right')])] });
}

/** A shared-strings table that claims `count` strings (and unique strings) but holds one. */
export function xlsxWithSharedStringsCount(count: number): Uint8Array {
  return xlsxWith({
    rows: [rowXml(2, ['<c r="A2" t="s"><v>0</v></c>'])],
    sharedStrings: `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" count="${count}" uniqueCount="${count}"><si><t>teacher@school-a.edu.hk</t></si></sst>`,
  });
}
