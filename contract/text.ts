/**
 * Text every call accepts (issue 13, hardening). No field of any payload is multi-line, so every
 * C0 control (NUL, tab, line feed and carriage return among them), DEL, every C1 control, the
 * Unicode line and paragraph separators and unpaired surrogate halves are refused, in values and
 * in keys alike; what passes is normalised to NFC before a handler sees it
 * (server/routes/mount.ts applies both to every declared call).
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

/**
 * The dotted paths (as valibot names them: `a.b.0`) of every string, or key, holding a control
 * character in a parsed JSON value or a query string's record. A key at fault names its own path.
 */
export function controlCharacterPaths(value: unknown, path: readonly (string | number)[] = []): string[] {
  if (typeof value === 'string') return hasControlCharacter(value) ? [path.join('.')] : [];
  if (Array.isArray(value)) return value.flatMap((item, index) => controlCharacterPaths(item, [...path, index]));
  if (value !== null && typeof value === 'object') {
    return Object.entries(value).flatMap(([key, item]) =>
      hasControlCharacter(key) ? [[...path, key].join('.')] : controlCharacterPaths(item, [...path, key]),
    );
  }
  return [];
}

/** Every string (and key) of a parsed JSON value in Unicode normalisation form C; other values as they are. */
export function normaliseText<T>(value: T): T {
  if (typeof value === 'string') return value.normalize('NFC') as T;
  if (Array.isArray(value)) return value.map((item) => normaliseText(item)) as T;
  if (value !== null && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key.normalize('NFC'), normaliseText(item)])) as T;
  }
  return value;
}
