/**
 * The first worksheet of an .xlsx read from its XML in one pass (issue 21): no library walks a
 * number the file states. exceljs expands what a file claims (a row numbered 10^9 becomes a walk of
 * 10^9 rows; `<col max>`, merged ranges and data validations over whole columns become millions of
 * objects), so the import reads the parts itself: each character is looked at a bounded number of
 * times, and a row number over `maxRow` is refused as soon as it is read.
 */

/** Why a sheet was not read: not a workbook we can read, or a row past the limit. */
export class SheetRefusal extends Error {
  constructor(readonly reason: 'invalid' | 'rowBeyondLimit') {
    super(reason);
  }
}

const invalid = (): never => {
  throw new SheetRefusal('invalid');
};

/** Excel's last column, XFD. */
export const MAX_COLUMN = 16_384;

interface XmlHandler {
  open(name: string, tag: string): void;
  close(name: string): void;
  text(text: string): void;
}

/** Characters scanned between two turns of the event loop, so other requests are answered meanwhile. */
const SLICE = 128 * 1024;
/** No tag of a workbook comes near these: a longer one is not a workbook (and costs no walk). */
const MAX_TAG = 1024 * 1024;
const MAX_NAME = 256;
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Walks an XML document's tags and text, left to right, with `indexOf` only: no backtracking
 * pattern, so the cost is linear in the text. Element names lose their namespace prefix
 * (`x:row` is `row`). A document type declaration (entity expansion) is refused. Every SLICE
 * characters it lets the event loop turn.
 */
async function scanXml(xml: string, handler: XmlHandler): Promise<void> {
  let at = 0;
  while (at < xml.length) {
    at = scanSlice(xml, handler, at, at + SLICE);
    if (at < xml.length) await nextTurn();
  }
}

/** Scans from `from` the items that start before `until`; answers where the next one starts. */
function scanSlice(xml: string, handler: XmlHandler, from: number, until: number): number {
  let at = from;
  const length = xml.length;
  while (at < length && at < until) {
    const lt = xml.indexOf('<', at);
    if (lt < 0) {
      handler.text(xml.slice(at));
      return length;
    }
    if (lt > at) handler.text(xml.slice(at, lt));
    if (xml.startsWith('<!--', lt)) {
      const end = xml.indexOf('-->', lt + 4);
      if (end < 0) invalid();
      at = end + 3;
      continue;
    }
    if (xml.startsWith('<![CDATA[', lt)) {
      const end = xml.indexOf(']]>', lt + 9);
      if (end < 0) invalid();
      handler.text(escapeText(xml.slice(lt + 9, end)));
      at = end + 3;
      continue;
    }
    if (xml.startsWith('<?', lt)) {
      const end = xml.indexOf('?>', lt + 2);
      if (end < 0) invalid();
      at = end + 2;
      continue;
    }
    if (xml.startsWith('<!', lt)) invalid();
    const gt = xml.indexOf('>', lt + 1);
    if (gt < 0 || gt - lt > MAX_TAG) invalid();
    const closing = xml.charCodeAt(lt + 1) === 0x2f; // '/'
    const nameStart = closing ? lt + 2 : lt + 1;
    let nameEnd = nameStart;
    while (nameEnd < gt && !isSpaceOrSlash(xml.charCodeAt(nameEnd))) {
      if (++nameEnd - nameStart > MAX_NAME) invalid();
    }
    const qualified = xml.slice(nameStart, nameEnd);
    const colon = qualified.indexOf(':');
    const name = colon < 0 ? qualified : qualified.slice(colon + 1);
    if (closing) handler.close(name);
    else {
      const selfClosing = xml.charCodeAt(gt - 1) === 0x2f;
      const tag = xml.slice(nameEnd, selfClosing ? gt - 1 : gt);
      handler.open(name, tag);
      if (selfClosing) handler.close(name);
    }
    at = gt + 1;
  }
  return at;
}

const isSpaceOrSlash = (code: number) => code === 0x20 || code === 0x09 || code === 0x0a || code === 0x0d || code === 0x2f;

/** CDATA is literal text: its ampersands are not entities. */
const escapeText = (text: string) => text.replace(/&/g, '&amp;');

/**
 * The value of attribute `wanted` (without namespace prefix, or exactly as qualified when it
 * holds a colon) in a tag's attribute text, read left to right without backtracking.
 */
function attribute(tag: string, wanted: string): string | undefined {
  let at = 0;
  const length = tag.length;
  while (at < length) {
    while (at < length && isSpace(tag.charCodeAt(at))) at++;
    if (at >= length) return undefined;
    const eq = tag.indexOf('=', at);
    if (eq < 0) return undefined;
    const name = tag.slice(at, eq).trim();
    let quoteAt = eq + 1;
    while (quoteAt < length && isSpace(tag.charCodeAt(quoteAt))) quoteAt++;
    const quote = tag[quoteAt];
    if (quote !== '"' && quote !== "'") invalid();
    const end = tag.indexOf(quote!, quoteAt + 1);
    if (end < 0) invalid();
    const local = wanted.includes(':') ? name : name.slice(name.indexOf(':') + 1);
    if (local === wanted) return decodeText(tag.slice(quoteAt + 1, end));
    at = end + 1;
  }
  return undefined;
}

const isSpace = (code: number) => code === 0x20 || code === 0x09 || code === 0x0a || code === 0x0d;

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/** XML entities, then OOXML's `_xHHHH_` escapes (as Excel and exceljs read them). */
function decodeText(text: string): string {
  let out = text;
  if (out.includes('&')) {
    out = out.replace(/&(#x[0-9a-fA-F]{1,6}|#[0-9]{1,7}|amp|lt|gt|quot|apos);/g, (_, entity: string) => {
      if (entity[0] !== '#') return ENTITIES[entity]!;
      const code = entity[1] === 'x' ? parseInt(entity.slice(2), 16) : parseInt(entity.slice(1), 10);
      return code > 0x10ffff ? invalid() : String.fromCodePoint(code);
    });
  }
  if (out.includes('_x')) out = out.replace(/_x([0-9A-Fa-f]{4})_/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return out;
}

/**
 * Excel holds at most 32,767 characters in a cell; a cell or shared string longer than that (or
 * whose XML, before its entities are read, is ten times that) is not a workbook Excel wrote, and
 * is refused before its text is decoded.
 */
const MAX_CELL_TEXT = 32_767;
const MAX_RAW_TEXT = MAX_CELL_TEXT * 10;

function cellString(pieces: readonly string[]): string {
  const text = decodeText(pieces.join(''));
  return text.length > MAX_CELL_TEXT ? invalid() : text;
}

/** A cell as text, and whether it holds a formula (or an error, which only a formula leaves). */
export interface SheetCell {
  text: string;
  formula: boolean;
  /** The formula's source (without `=`), when it has one. */
  source?: string;
}

export interface SheetParts {
  /** The parts of the zip by name, inflated (after the guard counted them). */
  get(name: string): Uint8Array | undefined;
}

/** A part's text: UTF-8, as Excel writes it; bytes that are not UTF-8 are refused, never replaced. */
const decoder = new TextDecoder('utf-8', { fatal: true });
function partText(parts: SheetParts, name: string): string | undefined {
  const bytes = parts.get(name);
  if (!bytes) return undefined;
  try {
    return decoder.decode(bytes);
  } catch {
    return invalid();
  }
}

/** `xl/workbook.xml`'s first sheet and the shared strings, found through the workbook's relationships. */
async function locateParts(parts: SheetParts): Promise<{ sheet: string; sharedStrings: string | undefined }> {
  const workbook = partText(parts, 'xl/workbook.xml') ?? invalid();
  let sheetRel: string | undefined;
  await scanXml(workbook, {
    open(name, tag) {
      if (name === 'sheet' && sheetRel === undefined) sheetRel = attribute(tag, 'r:id') ?? attribute(tag, 'id') ?? invalid();
    },
    close() {},
    text() {},
  });
  const targets = new Map<string, string>();
  let sharedStrings: string | undefined;
  const rels = partText(parts, 'xl/_rels/workbook.xml.rels') ?? invalid();
  await scanXml(rels, {
    open(name, tag) {
      if (name !== 'Relationship') return;
      const target = attribute(tag, 'Target');
      const id = attribute(tag, 'Id');
      if (!target || !id) return;
      const path = target.startsWith('/') ? target.slice(1) : `xl/${target}`;
      targets.set(id, path);
      if ((attribute(tag, 'Type') ?? '').endsWith('/sharedStrings')) sharedStrings = path;
    },
    close() {},
    text() {},
  });
  const sheet = sheetRel === undefined ? undefined : targets.get(sheetRel);
  if (!sheet) invalid();
  return { sheet: sheet!, sharedStrings };
}

/** The shared-strings table, as many strings as it holds (its `count` attributes are not read). */
async function readSharedStrings(xml: string | undefined): Promise<string[]> {
  const strings: string[] = [];
  if (xml === undefined) return strings;
  let inItem = false;
  let inText = false;
  let phonetic = 0;
  let pieces: string[] = [];
  let length = 0;
  await scanXml(xml, {
    open(name) {
      if (name === 'si') {
        inItem = true;
        pieces = [];
        length = 0;
      } else if (name === 'rPh') phonetic++;
      else if (name === 't' && inItem && phonetic === 0) inText = true;
    },
    close(name) {
      if (name === 'si') {
        strings.push(cellString(pieces));
        inItem = false;
      } else if (name === 'rPh') phonetic--;
      else if (name === 't') inText = false;
    },
    text(text) {
      if (!inText) return;
      length += text.length;
      if (length > MAX_RAW_TEXT) invalid();
      pieces.push(text);
    },
  });
  return strings;
}

/** A cell reference such as `E12`: its column (1 = A, at most XFD) and its row's digits. */
function parseReference(ref: string): { column: number; row: string } {
  let at = 0;
  let column = 0;
  while (at < ref.length) {
    const code = ref.charCodeAt(at) & ~0x20; // upper case
    if (code < 0x41 || code > 0x5a) break;
    column = column * 26 + (code - 0x40);
    if (column > MAX_COLUMN) invalid();
    at++;
  }
  if (at === 0) invalid();
  return { column, row: ref.slice(at) };
}

/**
 * A row number as the file writes it, judged from its digits: one over `maxRow` (however many
 * digits it has) is refused at once, and never becomes a count of anything.
 */
function checkedRow(value: string, maxRow: number): number {
  if (!/^[0-9]+$/.test(value)) invalid();
  const digits = value.replace(/^0+/, '');
  if (digits.length > String(maxRow).length) throw new SheetRefusal('rowBeyondLimit');
  const row = Number(digits);
  if (row < 1) invalid();
  if (row > maxRow) throw new SheetRefusal('rowBeyondLimit');
  return row;
}

export interface ReadSheet {
  /** Row number → the cells of columns 1…`columns` (index 0 is column 1). */
  rows: Map<number, SheetCell[]>;
}

/**
 * Reads the first worksheet's cells in columns 1…`columns`, refusing the sheet as soon as its
 * `<dimension>`, a row or a cell reference names a row past `maxRow`, or a column past XFD.
 * Numbers are read as the text of their value; booleans as `true`/`false`; a formula or an error
 * is marked, never evaluated nor read from its cached result.
 */
export async function readFirstSheet(parts: SheetParts, options: { maxRow: number; columns: number }): Promise<ReadSheet> {
  const { maxRow, columns } = options;
  const located = await locateParts(parts);
  const sheetXml = partText(parts, located.sheet) ?? invalid();
  const shared = await readSharedStrings(located.sharedStrings === undefined ? undefined : partText(parts, located.sharedStrings));
  const rows = new Map<number, SheetCell[]>();

  let row = 0;
  let cells: SheetCell[] | null = null;
  let column = 0;
  let cell: { column: number; type: string; value: string[]; inline: string[]; formula: string[] | null; length: number } | null = null;
  let collect: 'v' | 'f' | 't' | null = null;
  let phonetic = 0;

  await scanXml(sheetXml, {
    open(name, tag) {
      switch (name) {
        case 'dimension': {
          const ref = attribute(tag, 'ref') ?? '';
          // `A1:E1001`, `A1`, or whole columns `A:E` (no row to judge).
          const last = ref.slice(ref.lastIndexOf(':') + 1).replace(/\$/g, '');
          const digitsAt = last.search(/[0-9]/);
          if (digitsAt >= 0) checkedRow(last.slice(digitsAt), maxRow);
          return;
        }
        case 'row': {
          const r = attribute(tag, 'r');
          row = r === undefined ? row + 1 : checkedRow(r, maxRow);
          if (row > maxRow) throw new SheetRefusal('rowBeyondLimit');
          cells = rows.get(row) ?? [];
          rows.set(row, cells);
          column = 0;
          return;
        }
        case 'c': {
          if (!cells) invalid();
          const ref = attribute(tag, 'r');
          if (ref === undefined) column++;
          else {
            const parsed = parseReference(ref);
            checkedRow(parsed.row, maxRow);
            column = parsed.column;
          }
          if (column > MAX_COLUMN) invalid();
          cell = { column, type: attribute(tag, 't') ?? 'n', value: [], inline: [], formula: null, length: 0 };
          return;
        }
        case 'v':
          if (cell) collect = 'v';
          return;
        case 'f':
          if (cell) {
            cell.formula = [];
            collect = 'f';
          }
          return;
        case 'rPh':
          phonetic++;
          return;
        case 't':
          if (cell && phonetic === 0) collect = 't';
          return;
        default:
      }
    },
    close(name) {
      switch (name) {
        case 'v':
        case 'f':
        case 't':
          collect = null;
          return;
        case 'rPh':
          phonetic--;
          return;
        case 'c': {
          if (cell && cells && cell.column <= columns) cells[cell.column - 1] = cellOf(cell, shared);
          cell = null;
          return;
        }
        case 'row':
          cells = null;
          return;
        default:
      }
    },
    text(text) {
      if (!cell || collect === null) return;
      cell.length += text.length;
      if (cell.length > MAX_RAW_TEXT) invalid();
      if (collect === 'v') cell.value.push(text);
      else if (collect === 'f') cell.formula!.push(text);
      else cell.inline.push(text);
    },
  });
  return { rows };
}

function cellOf(cell: { type: string; value: string[]; inline: string[]; formula: string[] | null }, shared: readonly string[]): SheetCell {
  if (cell.formula !== null) return { text: '', formula: true, source: cellString(cell.formula) };
  const value = cellString(cell.value);
  switch (cell.type) {
    case 'e':
      return { text: '', formula: true };
    case 's': {
      if (!/^[0-9]{1,10}$/.test(value.trim())) return { text: '', formula: false };
      return { text: shared[Number(value.trim())] ?? '', formula: false };
    }
    case 'inlineStr':
      return { text: cellString(cell.inline), formula: false };
    case 'b':
      return { text: value.trim() === '1' ? 'true' : value.trim() === '' ? '' : 'false', formula: false };
    case 'str':
      return { text: value, formula: false };
    case 'd': {
      const date = new Date(value.trim());
      return { text: Number.isNaN(date.getTime()) ? value : date.toISOString(), formula: false };
    }
    default: {
      const number = Number(value.trim());
      return { text: value.trim() === '' || !Number.isFinite(number) ? value : String(number), formula: false };
    }
  }
}
