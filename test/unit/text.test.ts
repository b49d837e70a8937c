import { describe, expect, it } from 'vitest';
import { controlCharacterPaths, jsonBeyondBounds, MAX_JSON_DEPTH, MAX_JSON_VALUES, normaliseText } from '../../contract/text.ts';

/**
 * The checks every request body goes through (contract/text.ts) cost what reading the body costs:
 * no recursion, no path copied per node (issue 21). No timings here: these bodies overflowed the
 * stack of the recursive walks, or made paths as long as the body at every node; the bench
 * (`npm run bench`) measures the time.
 */

/** The dotted paths the walk must find, by the plain recursive reading (for small values only). */
function expectedPaths(value: unknown, path: (string | number)[] = []): string[] {
  const bad = (text: string) => /[\u0000-\u001F\u007F-\u009F\u2028\u2029]/u.test(text) || !(text as string & { isWellFormed(): boolean }).isWellFormed();
  if (typeof value === 'string') return bad(value) ? [path.join('.')] : [];
  if (Array.isArray(value)) return value.flatMap((item, index) => expectedPaths(item, [...path, index]));
  if (value !== null && typeof value === 'object') {
    return Object.entries(value).flatMap(([key, item]) => (bad(key) ? [[...path, key].join('.')] : expectedPaths(item, [...path, key])));
  }
  return [];
}

/** A small random JSON value with some strings and keys at fault, reproducible from its seed. */
function randomValue(seed: number): unknown {
  let state = seed;
  const next = () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648;
  };
  const text = () => ['ok', 'a\u0000b', 'line\nbreak', 'Cafe\u0301', '\ud800', '中文', '', 'x\u2028'][Math.floor(next() * 8)] as string;
  const build = (depth: number): unknown => {
    const pick = next();
    if (depth > 4 || pick < 0.3) return next() < 0.7 ? text() : next() < 0.5 ? 42 : null;
    if (pick < 0.65) return Array.from({ length: Math.floor(next() * 4) }, () => build(depth + 1));
    return Object.fromEntries(Array.from({ length: Math.floor(next() * 4) }, (_, index) => [next() < 0.15 ? `k\u0007${index}` : `k${index}`, build(depth + 1)]));
  };
  return build(0);
}

/** `levels` arrays, one inside the other, around `inner`: `[[[…inner…]]]`. */
function nestedArrays(levels: number, inner: string): string {
  return `${'['.repeat(levels)}${inner}${']'.repeat(levels)}`;
}

/** `levels` objects, one inside the other under key `k`, around `inner`: `{"k":{"k":…inner…}}`. */
function nestedObjects(levels: number, inner: string): string {
  return `${'{"k":'.repeat(levels)}${inner}${'}'.repeat(levels)}`;
}

describe('controlCharacterPaths', () => {
  it('names every string and key at fault, in document order, as the recursive reading does', () => {
    for (let seed = 1; seed <= 300; seed++) {
      const value = randomValue(seed);
      expect(controlCharacterPaths(value), JSON.stringify(value)).toEqual(expectedPaths(value));
    }
  });

  it('names a key at fault by its own path and does not look into its value', () => {
    expect(controlCharacterPaths({ a: { 'b\u0000': { c: 'd\u0000' } }, e: ['ok', 'f\nx'] })).toEqual(['a.b\u0000', 'e.1']);
    expect(controlCharacterPaths({ '': { a: '\u0000' } })).toEqual(['.a']);
    expect(controlCharacterPaths('a\u0000')).toEqual(['']);
    expect(controlCharacterPaths({ clean: ['text', 1, null, true, { deeper: '中文' }] })).toEqual([]);
  });

  it('walks a 1 MB body of nested arrays (500,000 levels) and finds the string at the bottom', () => {
    const levels = 500_000;
    const value = JSON.parse(nestedArrays(levels, '"\\u0000"'));
    const paths = controlCharacterPaths(value);
    expect(paths).toHaveLength(1);
    expect(paths[0]).toBe(Array.from({ length: levels }, () => '0').join('.'));
    expect(controlCharacterPaths(JSON.parse(nestedArrays(levels, '"clean"')))).toEqual([]);
    // Linear, but 500,000 levels parsed and walked twice: over the default 5 s on a loaded machine.
  }, 30_000);

  it('walks a 1 MB body of nested objects (200,000 levels)', () => {
    const levels = 200_000;
    const value = JSON.parse(nestedObjects(levels, '"a\\nb"'));
    const paths = controlCharacterPaths(value);
    expect(paths).toHaveLength(1);
    expect(paths[0]?.length).toBe(levels * 2 - 1);
  }, 30_000);

  it('walks a 1 MB wide body (50,000 keys, 50,000 array items) and names only those at fault', () => {
    const wide = Object.fromEntries(Array.from({ length: 50_000 }, (_, index) => [`key${index}`, index % 10_000 === 7 ? 'bad\u0000' : 'fine text']));
    const list = Array.from({ length: 50_000 }, (_, index) => (index === 49_999 ? '\u0085' : 'item'));
    expect(controlCharacterPaths({ wide, list })).toEqual(['wide.key7', 'wide.key10007', 'wide.key20007', 'wide.key30007', 'wide.key40007', 'list.49999']);
  });
});

describe('normaliseText', () => {
  it('puts every string and key in NFC and leaves other values as they are', () => {
    const value = { 'Cafe\u0301': ['Cafe\u0301', 1, null, true, { 'n\u0303': 'n\u0303' }], plain: 'x' };
    expect(normaliseText(value)).toEqual({ Café: ['Café', 1, null, true, { ñ: 'ñ' }], plain: 'x' });
    expect(normaliseText('e\u0301')).toBe('é');
    expect(normaliseText(7)).toBe(7);
    expect(normaliseText(null)).toBe(null);
  });

  it('keeps a key named __proto__ a key, as JSON.parse does, and the copy a plain object', () => {
    const copy = normaliseText(JSON.parse('{"__proto__": {"polluted": "yes"}, "a": "b"}')) as Record<string, unknown>;
    expect(Object.getPrototypeOf(copy)).toBe(Object.prototype);
    expect(Object.keys(copy)).toEqual(['__proto__', 'a']);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('does not change what it was given', () => {
    const value = { a: ['e\u0301'] };
    normaliseText(value);
    expect(value.a[0]).toBe('e\u0301');
  });

  it('copies a 1 MB body of nested arrays (500,000 levels) with the string at the bottom normalised', () => {
    const levels = 500_000;
    let copy = normaliseText(JSON.parse(nestedArrays(levels, '"e\\u0301"'))) as unknown;
    let depth = 0;
    let onlyChildren = true;
    while (Array.isArray(copy)) {
      onlyChildren &&= copy.length === 1;
      copy = copy[0];
      depth++;
    }
    expect(onlyChildren).toBe(true);
    expect(depth).toBe(levels);
    expect(copy).toBe('é');
  });

  it('copies a 1 MB body of nested objects (200,000 levels)', () => {
    const levels = 200_000;
    let copy = normaliseText(JSON.parse(nestedObjects(levels, '"n\\u0303"'))) as unknown;
    let depth = 0;
    while (copy !== null && typeof copy === 'object') {
      copy = (copy as { k: unknown }).k;
      depth++;
    }
    expect(depth).toBe(levels);
    expect(copy).toBe('ñ');
  });
});

describe('jsonBeyondBounds', () => {
  const deeperThan = (text: string, depth = MAX_JSON_DEPTH) => jsonBeyondBounds(text, { depth, values: Number.MAX_SAFE_INTEGER }) === 'depth';

  it(`allows ${MAX_JSON_DEPTH} levels of arrays or objects and refuses one more`, () => {
    expect(jsonBeyondBounds(nestedArrays(MAX_JSON_DEPTH, '1'))).toBe(null);
    expect(jsonBeyondBounds(nestedArrays(MAX_JSON_DEPTH + 1, '1'))).toBe('depth');
    expect(jsonBeyondBounds(nestedObjects(MAX_JSON_DEPTH, '1'))).toBe(null);
    expect(jsonBeyondBounds(nestedObjects(MAX_JSON_DEPTH + 1, '1'))).toBe('depth');
    expect(deeperThan('[{"a":[{"b":[]}]}]', 5)).toBe(false);
    expect(deeperThan('[{"a":[{"b":[]}]}]', 4)).toBe(true);
  });

  it('counts depth, not brackets: many siblings at one level are not deep', () => {
    expect(deeperThan(`[${Array.from({ length: 100_000 }, () => '[]').join(',')}]`)).toBe(false);
    expect(deeperThan(`[${Array.from({ length: 100_000 }, () => '{"a":{}}').join(',')}]`)).toBe(false);
  });

  it(`allows ${MAX_JSON_VALUES} values and refuses one more, in arrays and objects alike`, () => {
    const list = (count: number) => `[${Array.from({ length: count - 1 }, () => '1').join(',')}]`;
    const object = (count: number) => JSON.stringify(Object.fromEntries(Array.from({ length: count - 1 }, (_, index) => [`k${index}`, index])));
    expect(jsonBeyondBounds(list(MAX_JSON_VALUES))).toBe(null);
    expect(jsonBeyondBounds(list(MAX_JSON_VALUES + 1))).toBe('values');
    expect(jsonBeyondBounds(object(MAX_JSON_VALUES))).toBe(null);
    expect(jsonBeyondBounds(object(MAX_JSON_VALUES + 1))).toBe('values');
    expect(jsonBeyondBounds(`[${Array.from({ length: MAX_JSON_VALUES }, () => '[]').join('')}]`)).toBe('values');
    // Commas in strings are text.
    expect(jsonBeyondBounds(JSON.stringify({ text: ','.repeat(100_000) }))).toBe(null);
  });

  it('does not count brackets inside strings, escaped quotes and backslashes included', () => {
    const brackets = '['.repeat(1000);
    expect(jsonBeyondBounds(JSON.stringify({ text: brackets }))).toBe(null);
    expect(jsonBeyondBounds(JSON.stringify({ text: `\\"${brackets}`, other: `"${brackets}"`, third: `\\\\${brackets}\\` }))).toBe(null);
    expect(jsonBeyondBounds(`["\\\\", ${nestedArrays(MAX_JSON_DEPTH, '1')}]`)).toBe('depth');
    expect(jsonBeyondBounds(`["\\\"${brackets}", ${nestedArrays(MAX_JSON_DEPTH, '1')}]`)).toBe('depth');
    // An unclosed string hides the rest: the parse refuses it.
    expect(jsonBeyondBounds(`"${brackets}`)).toBe(null);
  });

  it('answers for a 1 MB body at once, without parsing it', () => {
    expect(jsonBeyondBounds(nestedArrays(500_000, '1'))).toBe('depth');
    expect(jsonBeyondBounds(`[${'1,'.repeat(500_000)}1]`)).toBe('values');
    expect(jsonBeyondBounds(`"${'['.repeat(1_000_000)}"`)).toBe(null);
  });
});
