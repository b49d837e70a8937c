/** What the bad-input specs send instead of a valid body: the variants they all build alike. */

export const TEN_KB = 'x'.repeat(10 * 1024);

/** A label and a body that is not the payload. */
export type Spoiled = [string, unknown];

/** Bodies of the wrong kind altogether, and the valid body's fields all spoiled the same way. */
export function spoiledWholes(valid: Record<string, unknown>): Spoiled[] {
  const keys = Object.keys(valid);
  const everyField = (value: (key: string) => unknown) => Object.fromEntries(keys.map((k) => [k, value(k)]));
  return [
    ['an empty object', {}],
    ['an array', [valid]],
    ['an empty array', []],
    ['null', null],
    ['a string', 'hello'],
    ['a number', 42],
    ['every field a number', everyField(() => 12345)],
    ['every field an object', everyField(() => ({ nested: true }))],
    ['every field null', everyField(() => null)],
    ['every string field 10 KB long', everyField((k) => (typeof valid[k] === 'string' ? TEN_KB : valid[k]))],
  ];
}

/** The valid body without each of its fields in turn, but those that are `optional`. */
export function withoutEach(valid: Record<string, unknown>, optional: readonly string[] = []): Spoiled[] {
  const keys = Object.keys(valid);
  return keys.filter((k) => !optional.includes(k)).map((k) => [`without ${k}`, Object.fromEntries(keys.filter((other) => other !== k).map((other) => [other, valid[other]]))]);
}

/** The spoiled bodies as sent, and the broken JSON every spec sends too (`malformed` cut off mid-object). */
export function asSent(variants: readonly Spoiled[], malformed: string): [string, string][] {
  return [...variants.map(([label, body]): [string, string] => [label, JSON.stringify(body)]), ['malformed JSON', malformed], ['a JSON prefix only', '{'], ['no body', '']];
}
