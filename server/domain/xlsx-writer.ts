import { Zip, ZipDeflate } from 'fflate';

/**
 * An .xlsx of one sheet of text, written as its rows arrive (issue 21). Each pull of the stream
 * takes one batch of rows and deflates it into the sheet part, so memory holds one batch whatever
 * the list's size, and a client that stops reading stops the batches. Every cell is an inline
 * string, never a formula; text a spreadsheet would take for the start of a formula (`=`, `+`,
 * `-`, `@`, tab, carriage return) also carries the `quotePrefix` style, so it stays text when
 * someone edits the cell (OWASP, "CSV Injection"). exceljs, used before, has no `quotePrefix`.
 */

const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const RELATIONSHIPS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';

const CONTENT_TYPES = `${HEAD}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/><Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/></Types>`;
const ROOT_RELS = `${HEAD}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${RELATIONSHIPS}/officeDocument" Target="xl/workbook.xml"/></Relationships>`;
const WORKBOOK_RELS = `${HEAD}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${RELATIONSHIPS}/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="${RELATIONSHIPS}/styles" Target="styles.xml"/></Relationships>`;
/** Style 0 is the default; style 1 the same with `quotePrefix`. */
const STYLES = `${HEAD}<styleSheet xmlns="${MAIN}"><fonts count="1"><font><sz val="11"/><name val="Calibri"/><family val="2"/></font></fonts><fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills><borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders><cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs><cellXfs count="2"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0" quotePrefix="1"/></cellXfs><cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles></styleSheet>`;

/** Text a spreadsheet would read as the start of a formula. */
export const FORMULA_LIKE = /^[=+\-@\t\r]/;

const XML_SPECIAL = /[&<>"]/g;
const XML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };

/**
 * Text as XML character data in OOXML: the XML specials escaped; `_xHHHH_` written as
 * `_x005F_xHHHH_` so a reader does not decode it; characters XML 1.0 cannot carry (controls other
 * than tab, line feed, carriage return) as `_xHHHH_`, as Excel writes them.
 */
export function xmlText(text: string): string {
  return text
    .replace(/_(?=x[0-9A-Fa-f]{4}_)/g, '_x005F_')
    .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g, (c) => `_x${c.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}_`)
    .replace(XML_SPECIAL, (c) => XML_ESCAPES[c]!);
}

function columnName(index: number): string {
  let name = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  return name;
}

function rowXml(number: number, cells: readonly string[]): string {
  let xml = `<row r="${number}">`;
  cells.forEach((text, i) => {
    const style = FORMULA_LIKE.test(text) ? ' s="1"' : '';
    xml += `<c r="${columnName(i)}${number}" t="inlineStr"${style}><is><t xml:space="preserve">${xmlText(text)}</t></is></c>`;
  });
  return `${xml}</row>`;
}

export interface XlsxSheet {
  /** The sheet's name (at most 31 characters, none of `[]:*?/\`). */
  name: string;
  /** Each column's width, in characters. */
  widths: readonly number[];
}

/**
 * The file as a byte stream. `batches` gives the rows (each a list of cell texts) a batch per
 * pull. A batch that fails is passed to `onError` and errors the stream: the bytes already sent
 * cannot be taken back, so the download ends incomplete rather than as a file that looks whole.
 */
export function xlsxStream(sheet: XlsxSheet, batches: AsyncIterator<readonly (readonly string[])[]>, onError: (error: unknown) => void): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let out: ReadableStreamDefaultController<Uint8Array>;
  let rowNumber = 0;
  let failed: Error | null = null;
  let chunks = 0;
  const zip = new Zip((error, chunk) => {
    if (error) failed = error;
    else if (chunk.byteLength > 0) {
      out.enqueue(chunk);
      chunks++;
    }
  });
  const part = (name: string, text: string) => {
    const entry = new ZipDeflate(name, { level: 6 });
    zip.add(entry);
    entry.push(encoder.encode(text), true);
  };
  let sheetPart: ZipDeflate;
  const cols = sheet.widths.map((width, i) => `<col min="${i + 1}" max="${i + 1}" width="${width}" customWidth="1"/>`).join('');

  return new ReadableStream<Uint8Array>(
    {
      start(controller) {
        out = controller;
        part('[Content_Types].xml', CONTENT_TYPES);
        part('_rels/.rels', ROOT_RELS);
        part('xl/workbook.xml', `${HEAD}<workbook xmlns="${MAIN}" xmlns:r="${RELATIONSHIPS}"><sheets><sheet name="${xmlText(sheet.name)}" sheetId="1" r:id="rId1"/></sheets></workbook>`);
        part('xl/_rels/workbook.xml.rels', WORKBOOK_RELS);
        part('xl/styles.xml', STYLES);
        sheetPart = new ZipDeflate('xl/worksheets/sheet1.xml', { level: 6 });
        zip.add(sheetPart);
        sheetPart.push(encoder.encode(`${HEAD}<worksheet xmlns="${MAIN}"><cols>${cols}</cols><sheetData>`));
      },
      // A pull that enqueues nothing is not called again: batches whose rows the deflater keeps
      // for now are read until some bytes come out or the file ends.
      async pull(controller) {
        try {
          const before = chunks;
          for (;;) {
            const next = await batches.next();
            if (next.done) {
              sheetPart.push(encoder.encode('</sheetData></worksheet>'), true);
              zip.end();
            } else {
              sheetPart.push(encoder.encode(next.value.map((cells) => rowXml(++rowNumber, cells)).join('')));
            }
            if (failed) throw failed;
            if (next.done) {
              controller.close();
              return;
            }
            if (chunks > before) return;
          }
        } catch (error) {
          onError(error);
          controller.error(error);
          await batches.return?.();
        }
      },
      async cancel() {
        await batches.return?.();
      },
    },
    { highWaterMark: 1 },
  );
}
