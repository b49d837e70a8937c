import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_CALLS } from '../../../contract/calls/index.ts';
import { ERROR_CODES } from '../../../contract/errors.ts';
import { type TestServer, PUBLIC_URL, createAccount, databases, signIn, startTestServer } from '../support.ts';

/**
 * Every call the OpenAPI document declares, sent what an attacker sends: bodies nested 100 and
 * 5,000 levels deep (arrays and objects), wide, huge, with control characters, not UTF-8, not
 * JSON, under the wrong content type, with every field replaced by the wrong kind of value, and
 * query strings spoiled the same ways; signed in and not (issue 21). No answer may be a 5xx, and
 * every 4xx is the envelope with a catalogue code the document lists for the call at that
 * status, never stored, with the security headers.
 */

type Json = Record<string, any>;

interface Operation {
  method: string;
  path: string;
  operation: Json;
}

/** A value of the JSON schema's shape (the document's): a start to spoil, not necessarily valid. */
function sample(schema: Json | undefined): unknown {
  if (!schema) return 'sample';
  if ('const' in schema) return schema.const;
  if (Array.isArray(schema.enum)) return schema.enum[0];
  const options = schema.anyOf ?? schema.oneOf;
  if (Array.isArray(options)) return sample(options[0]);
  switch (Array.isArray(schema.type) ? schema.type[0] : schema.type) {
    case 'object':
      return Object.fromEntries(Object.entries((schema.properties ?? {}) as Record<string, Json>).map(([key, property]) => [key, sample(property)]));
    case 'array':
      return [sample(schema.items)];
    case 'number':
    case 'integer':
      return 1;
    case 'boolean':
      return true;
    case 'null':
      return null;
    default:
      return schema.format === 'email' ? 'someone@example.test' : 'sample';
  }
}

const text = (value: string) => new TextEncoder().encode(value);
const bytes = (...parts: (string | number[])[]) => new Uint8Array(parts.flatMap((part) => (typeof part === 'string' ? [...text(part)] : part)));

/** A body to send: its bytes and its content type (none: no header). */
interface Body {
  label: string;
  body: Uint8Array | null;
  type?: string | null;
}

/** The values each field is replaced with, one at a time. */
const WRONG_VALUES: [string, unknown][] = [
  ['null', null],
  ['1e400', '__1e400__'],
  ['-1', -1],
  ['2^53+1', 2 ** 53 + 1],
  ['an array', ['a', 'b']],
  ['an object', { nested: { deeper: true } }],
  ['a NUL', 'a\u0000b'],
  ['100 nested arrays', '__deep__'],
  ['3,000 Latin letters', 'x'.repeat(3_000)],
  ['2,000 Chinese characters', '中'.repeat(2_000)],
  ['an empty string', ''],
];

/** JSON text where the markers stand for what JSON.stringify cannot write. */
const jsonText = (value: unknown) =>
  JSON.stringify(value)
    .replaceAll('"__1e400__"', '1e400')
    .replaceAll('"__deep__"', `${'['.repeat(100)}1${']'.repeat(100)}`);

function hostileBodies(operation: Json, limit: number): Body[] {
  const schema = operation.requestBody?.content?.['application/json']?.schema as Json | undefined;
  const valid = sample(schema);
  const fields = valid !== null && typeof valid === 'object' && !Array.isArray(valid) ? Object.keys(valid) : [];
  const json = (label: string, value: string): Body => ({ label, body: text(value), type: 'application/json' });
  const validText = jsonText(valid ?? {});
  return [
    json('the sample payload', validText),
    json('100 nested arrays', `${'['.repeat(100)}${']'.repeat(100)}`),
    json('5,000 nested arrays', `${'['.repeat(5_000)}${']'.repeat(5_000)}`),
    json('100 nested objects', `${'{"a":'.repeat(100)}1${'}'.repeat(100)}`),
    json('5,000 nested objects', `${'{"a":'.repeat(5_000)}1${'}'.repeat(5_000)}`),
    json('2,000 nested arrays (under the default limit)', `${'['.repeat(2_000)}${']'.repeat(2_000)}`),
    json('1,000 keys', JSON.stringify(Object.fromEntries(Array.from({ length: 1_000 }, (_, index) => [`k${index}`, index])))),
    json('the sample with 300 extra keys', JSON.stringify({ ...(valid as object), ...Object.fromEntries(Array.from({ length: 300 }, (_, index) => [`extra${index}`, 'x'])) })),
    json('10,000 numbers', JSON.stringify(Array.from({ length: 10_000 }, () => 0))),
    json('a body one byte over the limit', `{"p":"${'x'.repeat(limit - 7)}"}`),
    json('a string just within the limit', `{"p":"${'x'.repeat(limit - 200)}"}`),
    json('1 MiB', `{"p":"${'x'.repeat(1024 * 1024)}"}`),
    json('a NUL key', JSON.stringify({ ...(valid as object), 'a\u0000': 'b' })),
    json('a lone surrogate', validText.replace(/"sample"|"someone@example.test"/, '"\\ud800"')),
    json('U+2028', JSON.stringify({ ...(valid as object), text: 'a\u2028b' })),
    { label: 'bytes that are not UTF-8', body: bytes('{"a":"', [0xff, 0xfe], '"}'), type: 'application/json' },
    { label: 'an overlong encoding', body: bytes('{"a":"', [0xc0, 0xaf], '"}'), type: 'application/json' },
    { label: 'a truncated character', body: bytes('{"a":"', [0xe4, 0xb8]), type: 'application/json' },
    { label: 'a byte-order mark', body: bytes([0xef, 0xbb, 0xbf], validText), type: 'application/json' },
    json('an unclosed object', '{'),
    json('a trailing comma', '[1,]'),
    json('no body', ''),
    json('null', 'null'),
    json('a string', '"text"'),
    json('1e400', '1e400'),
    json('a bad escape', '{"a":"\\u00zz"}'),
    json('duplicate keys', `{"a":1,"a":2,${validText.slice(1)}`),
    json('__proto__', `{"__proto__":{"polluted":true},${validText.slice(1)}`),
    { label: 'text/plain', body: text(validText), type: 'text/plain' },
    { label: 'a form', body: text('a=b&c=%00'), type: 'application/x-www-form-urlencoded' },
    { label: 'multipart', body: text('--x\r\nContent-Disposition: form-data; name="a"\r\n\r\nb\r\n--x--\r\n'), type: 'multipart/form-data; boundary=x' },
    { label: 'no content type', body: text(validText), type: null },
    { label: 'JSON as another charset', body: text(validText), type: 'application/json; charset=utf-16' },
    ...fields.flatMap((field) => WRONG_VALUES.map(([label, value]) => json(`${field} ${label}`, jsonText({ ...(valid as object), [field]: value })))),
  ];
}

function hostileQueries(operation: Json): string[] {
  const names = ((operation.parameters ?? []) as Json[]).filter((parameter) => parameter.in === 'query').map((parameter) => parameter.name as string);
  const each = (value: string) => names.map((name) => `${encodeURIComponent(name)}=${value}`).join('&');
  return [
    'x=%00',
    '%00=1',
    'q=%FF',
    'q=%E4%B8',
    'q=%ZZ',
    'q=a%E2%80%A8b',
    `q=${'a'.repeat(7_000)}`,
    `q=${'a'.repeat(9_000)}`,
    'a[b]=1&a[c]=2',
    ...(names.length > 0
      ? [each(''), each('%00'), each('x'.repeat(3_000)), each('-1'), each('1e400'), each('%5B%5D'), `${each('1')}&${each('2')}`, each('%E4%B8%AD'.repeat(500))]
      : []),
  ];
}

describe.each(databases)('hostile input to every declared call on $name', ({ name }) => {
  let server: TestServer;
  let operations: Operation[];
  let loginId: string;
  let cookie: string;
  beforeAll(async () => {
    server = await startTestServer(name);
    ({ loginId } = await createAccount(server));
    cookie = await signIn(server, loginId);
    const document = (await server.get('/api/openapi.json')).body as Json;
    operations = Object.entries(document.paths as Record<string, Record<string, Json>>).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, operation]) => ({ method: method.toUpperCase(), path, operation })),
    );
  });
  afterAll(async () => {
    await server.close();
  });

  it('the OpenAPI document lists every declared call', () => {
    expect(operations.map(({ operation }) => operation.operationId).sort()).toEqual(ALL_CALLS.map((call) => call.name).sort());
  });

  it('answers no hostile body or query with a 5xx, and every refusal with the envelope and a code the call documents', async () => {
    const problems: string[] = [];
    let sent = 0;
    const send = async (operation: Operation, query: string, body: Body | null, signedIn: boolean) => {
      const headers: Record<string, string> = {};
      if (body?.type) headers['content-type'] = body.type;
      if (signedIn) headers.cookie = cookie;
      const response = await server.app.request(`${PUBLIC_URL}${operation.path}${query ? `?${query}` : ''}`, {
        method: operation.method,
        headers,
        ...(body?.body ? { body: body.body as Uint8Array<ArrayBuffer> } : {}),
      });
      sent++;
      const what = `${operation.method} ${operation.path}${query ? `?${query.slice(0, 40)}` : ''} with ${body?.label ?? 'no body'}${signedIn ? ', signed in' : ''}`;
      const answer = await response.text();
      if (response.status >= 500) {
        problems.push(`${what}: ${response.status} ${answer.slice(0, 200)}`);
        return response.status;
      }
      if (response.status < 400) return response.status;
      let code: unknown;
      try {
        code = JSON.parse(answer).error?.code;
      } catch {
        code = undefined;
      }
      const documented = operation.operation.responses?.[response.status]?.content?.['application/json']?.schema?.properties?.error?.properties?.code?.enum as
        | string[]
        | undefined;
      if (typeof code !== 'string' || ERROR_CODES[code as keyof typeof ERROR_CODES] !== response.status) problems.push(`${what}: ${response.status} ${answer.slice(0, 200)}`);
      else if (!documented?.includes(code)) problems.push(`${what}: ${code} (${response.status}) is not documented for the call`);
      if (response.headers.get('cache-control') !== 'no-store' || response.headers.get('x-content-type-options') !== 'nosniff' || !response.headers.get('content-security-policy')) {
        problems.push(`${what}: ${response.status} without no-store or the security headers`);
      }
      return response.status;
    };

    for (const operation of operations) {
      const limit = (operation.operation['x-max-body-bytes'] as number | undefined) ?? 0;
      const takesBody = operation.method !== 'GET' && operation.method !== 'DELETE';
      for (const signedIn of [false, true]) {
        // Some calls end the session they are sent with (sign out): a new one for each call.
        if (signedIn && (await server.get('/api/users/me', { cookie })).status !== 200) cookie = await signIn(server, loginId);
        for (const query of hostileQueries(operation.operation)) await send(operation, query, takesBody ? { label: 'an empty object', body: text('{}'), type: 'application/json' } : null, signedIn);
        if (takesBody) for (const body of hostileBodies(operation.operation, limit)) await send(operation, '', body, signedIn);
      }
    }
    expect(problems).toEqual([]);
    expect(sent).toBeGreaterThan(5_000);
    // Over 5,000 requests in sequence: 33 s were seen on a loaded machine (the default is 30 s).
  }, 180_000);
});
