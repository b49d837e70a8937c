/**
 * Text every call accepts (issue 13, hardening). No field of any payload is multi-line, so every
 * C0 control (NUL, tab, line feed and carriage return among them), DEL, every C1 control, the
 * Unicode line and paragraph separators and unpaired surrogate halves are refused, in values and
 * in keys alike; what passes is normalised to NFC before a handler sees it
 * (server/routes/mount.ts applies both to every declared call).
 *
 * Every walk here is linear in the size of the value and uses an explicit stack, never recursion
 * (issue 21, docs/decisions/request-bounds.md): a request's body must not be able to cost more
 * than its bytes, nor overflow the call stack.
 */

/** The characters no field may hold. */
export const CONTROL_CHARACTER = /[\u0000-\u001F\u007F-\u009F\u2028\u2029]/u;

/** Whether a string holds a control character or an unpaired surrogate (not valid UTF-16, not storable as UTF-8). */
export function hasControlCharacter(text: string): boolean {
  return CONTROL_CHARACTER.test(text) || !isWellFormed(text);
}

function isWellFormed(text: string): boolean {
  // String.prototype.isWellFormed is Node 20+ and every current browser.
  return (text as string & { isWellFormed(): boolean }).isWellFormed();
}

/** The deepest nesting of arrays and objects a request's JSON may have (issue 21). */
export const MAX_JSON_DEPTH = 64;

/**
 * The most values (arrays, objects, and the items and members in them) a request's JSON may
 * hold: the largest payload any call accepts holds 244 (the teacher profile with every subject),
 * so this is four times that. It bounds what parsing and walking a body can cost by its
 * structure rather than its bytes: a 700 KB base64 string is one value and cheap, 40,000 keys
 * are not.
 */
export const MAX_JSON_VALUES = 1024;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_ARRAY = 0x5b;
const CLOSE_ARRAY = 0x5d;
const OPEN_OBJECT = 0x7b;
const CLOSE_OBJECT = 0x7d;
const COMMA = 0x2c;

/**
 * Whether JSON text nests arrays and objects deeper than `depth` (`'depth'`) or holds more than
 * `values` values (`'values'`; counted as the arrays and objects opened and the commas between
 * their items), else null: one pass over the text counting outside strings (a string is skipped
 * with `indexOf`), stopping at the first bound passed, so it costs at most what reading the text
 * costs and runs before `JSON.parse`. Text that is not JSON gets an answer too; the parse that
 * follows refuses it.
 */
export function jsonBeyondBounds(text: string, bounds: { depth: number; values: number } = { depth: MAX_JSON_DEPTH, values: MAX_JSON_VALUES }): 'depth' | 'values' | null {
  let depth = 0;
  let values = 1;
  for (let at = 0; at < text.length; at++) {
    const ch = text.charCodeAt(at);
    if (ch === QUOTE) {
      at = closingQuote(text, at + 1);
    } else if (ch === OPEN_ARRAY || ch === OPEN_OBJECT) {
      if (++depth > bounds.depth) return 'depth';
      if (++values > bounds.values) return 'values';
    } else if (ch === CLOSE_ARRAY || ch === CLOSE_OBJECT) {
      depth--;
    } else if (ch === COMMA) {
      if (++values > bounds.values) return 'values';
    }
  }
  return null;
}

/** The index of the quote closing a string that starts at `from` (the text's length if none does). */
function closingQuote(text: string, from: number): number {
  for (let at = text.indexOf('"', from); at >= 0; at = text.indexOf('"', at + 1)) {
    // Escaped if an odd number of backslashes precede it.
    let backslashes = 0;
    while (text.charCodeAt(at - 1 - backslashes) === BACKSLASH) backslashes++;
    if (backslashes % 2 === 0) return at;
  }
  return text.length;
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value) && Object.getPrototypeOf(value) === Object.prototype;

/**
 * The dotted paths (as valibot names them: `a.b.0`) of every string, or key, holding a control
 * character in a parsed JSON value or a query string's record, in document order. A key at fault
 * names its own path (its value is not looked into). Paths are built only for what is at fault.
 */
export function controlCharacterPaths(value: unknown): string[] {
  const found: string[] = [];
  // Every container met, by index, with its container's index and its key there (index 0 is the
  // root, which has no key): a path is built by following these up from a string at fault, so
  // nothing is copied for the strings that pass.
  const parents: number[] = [0];
  const keys: (string | number)[] = [''];
  const pathOf = (container: number, key: string | number): string => {
    const parts: (string | number)[] = [key];
    for (let at = container; at > 0; at = parents[at] as number) parts.push(keys[at] as string | number);
    return parts.reverse().join('.');
  };
  // What is still to be looked at, in parallel arrays (no object per node): the value, the index
  // of its container and its key there. Children are pushed last first: document order.
  const values: unknown[] = [value];
  const within: number[] = [0];
  const names: (string | number)[] = [''];
  let root = true;
  while (values.length > 0) {
    const item = values.pop();
    const container = within.pop() as number;
    const key = names.pop() as string | number;
    if (typeof item === 'string') {
      if (hasControlCharacter(item)) found.push(pathOf(container, key));
      continue;
    }
    if (item === null || typeof item !== 'object') continue;
    let self = 0;
    if (root) root = false;
    else {
      self = parents.length;
      parents.push(container);
      keys.push(key);
    }
    if (Array.isArray(item)) {
      for (let index = item.length - 1; index >= 0; index--) {
        values.push(item[index]);
        within.push(self);
        names.push(index);
      }
      continue;
    }
    const entries = Object.keys(item);
    for (let index = entries.length - 1; index >= 0; index--) {
      const name = entries[index] as string;
      // A key at fault stands for its value: a string that always fails, reported at its path.
      values.push(hasControlCharacter(name) ? KEY_AT_FAULT : (item as Record<string, unknown>)[name]);
      within.push(self);
      names.push(name);
    }
  }
  return found;
}

/** Stands in, on the stack, for the value of a key at fault: a string that always fails the check. */
const KEY_AT_FAULT = '\u0000';

/**
 * Every string (and key) of a parsed JSON value in Unicode normalisation form C; other values as
 * they are. Plain objects and arrays are copied (one pass, an explicit stack); anything else is
 * returned as it is.
 */
export function normaliseText<T>(value: T): T {
  if (typeof value === 'string') return value.normalize('NFC') as T;
  if (!Array.isArray(value) && !isPlainObject(value)) return value;
  const root: unknown = Array.isArray(value) ? new Array(value.length) : {};
  // Each entry: a source container and the copy to fill.
  const sources: unknown[] = [value];
  const copies: unknown[] = [root];
  while (sources.length > 0) {
    const source = sources.pop();
    const copy = copies.pop();
    if (Array.isArray(source)) {
      const target = copy as unknown[];
      for (let index = 0; index < source.length; index++) target[index] = copied(source[index], sources, copies);
    } else {
      const target = copy as Record<string, unknown>;
      for (const key of Object.keys(source as object)) {
        const child = copied((source as Record<string, unknown>)[key], sources, copies);
        const name = key.normalize('NFC');
        // As JSON.parse and Object.fromEntries do, a key `__proto__` stays a key (an assignment would set the prototype).
        if (name === '__proto__') Object.defineProperty(target, name, { value: child, writable: true, enumerable: true, configurable: true });
        else target[name] = child;
      }
    }
  }
  return root as T;
}

/** A child's copy: a string normalised, a container an empty copy queued to be filled, anything else itself. */
function copied(child: unknown, sources: unknown[], copies: unknown[]): unknown {
  if (typeof child === 'string') return child.normalize('NFC');
  if (Array.isArray(child)) {
    const copy = new Array(child.length);
    sources.push(child);
    copies.push(copy);
    return copy;
  }
  if (isPlainObject(child)) {
    const copy = {};
    sources.push(child);
    copies.push(copy);
    return copy;
  }
  return child;
}
