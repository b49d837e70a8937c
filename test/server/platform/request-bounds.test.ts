import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_BODY_BYTES, fullPath } from '../../../contract/call.ts';
import { ALL_CALLS } from '../../../contract/calls/index.ts';
import { checkImport } from '../../../contract/calls/org-account.ts';
import { ERROR_CODES } from '../../../contract/errors.ts';
import { ORG_IMPORT_MAX_BYTES } from '../../../contract/schemas/org-account.ts';
import { MAX_JSON_DEPTH, MAX_JSON_VALUES } from '../../../contract/text.ts';
import { MAX_URL_BYTES } from '../../../server/app.ts';
import { type TestResponse, type TestServer, PUBLIC_URL, createAccount, databases, signIn, startTestServer, tableCounts } from '../support.ts';
import { listen, rawRequest, type Listening, type RawAnswer } from './raw-http.ts';

/**
 * What a request may cost and how every refusal looks (issue 21; docs/decisions/request-bounds.md):
 * the body's nesting, encoding and size are judged before it is parsed and before the session is
 * looked at, every call's body limit fits what it takes, and every refusal, even of requests the
 * app never sees whole, is the envelope with the security headers.
 */

type SchemaNode = {
  type: string;
  pipe?: { type: string; requirement?: unknown }[];
  entries?: Record<string, SchemaNode>;
  wrapped?: SchemaNode;
  item?: SchemaNode;
  options?: readonly (SchemaNode | string)[];
  literal?: unknown;
  enum?: Record<string, unknown>;
  getter?: (input: unknown) => SchemaNode;
};

/** Bytes a string without a length limit is allowed for (login IDs at login, codes held by a pattern). */
const UNBOUNDED_STRING = 256;

/**
 * The most bytes a payload the schema accepts can take as JSON, sent as a browser sends it
 * (UTF-8, no white space): every string at its maximum length in characters of 3 bytes (a UTF-16
 * unit is at most 3 bytes in UTF-8; `"` and `\` escape to 2), base64 text at 1, every list at
 * its maximum length, every optional field present.
 */
function largestPayload(schema: SchemaNode): number {
  const maxLength = schema.pipe?.find((action) => action.type === 'max_length')?.requirement as number | undefined;
  switch (schema.type) {
    case 'string': {
      const ascii = schema.pipe?.some((action) => action.type === 'base64') ?? false;
      return maxLength === undefined ? UNBOUNDED_STRING : maxLength * (ascii ? 1 : 3) + 2;
    }
    case 'picklist':
      return Math.max(...(schema.options as string[]).map((option) => JSON.stringify(option).length));
    case 'literal':
      return JSON.stringify(schema.literal).length;
    case 'enum':
      return Math.max(...Object.values(schema.enum ?? {}).map((option) => JSON.stringify(option).length));
    case 'boolean':
      return 5;
    case 'number':
    case 'integer':
      return 24;
    case 'null':
    case 'undefined':
      return 4;
    case 'optional':
    case 'exact_optional':
    case 'nullable':
    case 'nullish':
    case 'non_optional':
      return Math.max(4, largestPayload(schema.wrapped as SchemaNode));
    case 'lazy':
      return largestPayload((schema.getter as (input: unknown) => SchemaNode)(undefined));
    case 'array': {
      const item = schema.item as SchemaNode;
      // A list of choices without a length limit: each choice once.
      const count = maxLength ?? (item.type === 'picklist' ? (item.options as string[]).length : 16);
      return 2 + count * (largestPayload(item) + 1);
    }
    case 'union':
    case 'variant':
      return Math.max(...(schema.options as SchemaNode[]).map((option) => largestPayload(option)));
    case 'object':
    case 'strict_object':
    case 'loose_object':
      return 2 + Object.entries(schema.entries ?? {}).reduce((total, [key, entry]) => total + JSON.stringify(key).length + 2 + largestPayload(entry), 0);
    default:
      throw new Error(`No size for a ${schema.type} schema: teach largestPayload about it`);
  }
}

/** The most values (containers, items, members) a payload the schema accepts can hold, every list full. */
function mostValues(schema: SchemaNode): number {
  const maxLength = schema.pipe?.find((action) => action.type === 'max_length')?.requirement as number | undefined;
  switch (schema.type) {
    case 'optional':
    case 'exact_optional':
    case 'nullable':
    case 'nullish':
    case 'non_optional':
      return mostValues(schema.wrapped as SchemaNode);
    case 'lazy':
      return mostValues((schema.getter as (input: unknown) => SchemaNode)(undefined));
    case 'array': {
      const item = schema.item as SchemaNode;
      return 1 + (maxLength ?? (item.type === 'picklist' ? (item.options as string[]).length : 16)) * mostValues(item);
    }
    case 'union':
    case 'variant':
      return Math.max(...(schema.options as SchemaNode[]).map((option) => mostValues(option)));
    case 'object':
    case 'strict_object':
    case 'loose_object':
      return 1 + Object.values(schema.entries ?? {}).reduce((total, entry) => total + mostValues(entry), 0);
    default:
      return 1;
  }
}

/** A JSON body of exactly `bytes` bytes (one string field of padding). */
function bodyOf(bytes: number): string {
  return `{"padding":"${'x'.repeat(bytes - '{"padding":""}'.length)}"}`;
}

/** `levels` arrays, one inside the other, around `inner`. */
const nestedArrays = (levels: number, inner = '1') => `${'['.repeat(levels)}${inner}${']'.repeat(levels)}`;
/** `levels` objects, one inside the other under the empty key, around `inner`. */
const nestedObjects = (levels: number, inner = '1') => `${'{"":'.repeat(levels)}${inner}${'}'.repeat(levels)}`;

const JSON_HEADERS = { 'content-type': 'application/json' };

/** Every refusal: the envelope with its catalogue code and status, never stored, with the security headers. */
function expectEnvelope(answer: Pick<TestResponse, 'status' | 'body'> & { headers: Headers | Record<string, string> }, code: string): void {
  const header = (name: string) => (answer.headers instanceof Headers ? answer.headers.get(name) : answer.headers[name]);
  expect({ status: answer.status, code: answer.body?.error?.code }).toEqual({ status: ERROR_CODES[code as keyof typeof ERROR_CODES], code });
  expect(typeof answer.body.error.message).toBe('string');
  expect(header('content-type')).toMatch(/^application\/json/);
  expect(header('cache-control')).toBe('no-store');
  expect(header('x-content-type-options')).toBe('nosniff');
  expect(header('content-security-policy')).toContain("default-src 'self'");
  expect(header('x-frame-options')).toBe('DENY');
}

const rawHead = (method: string, path: string, headers: Record<string, string | number> = {}) =>
  `${method} ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\n${Object.entries(headers)
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('')}\r\n`;

describe.each(databases)('request bounds on $name', ({ name }) => {
  let server: TestServer;
  let listening: Listening;
  let cookie: string;
  /** A request with raw bytes for a body, as `app.request` sends it (streamed, no Content-Length). */
  let sendBytes: (method: string, path: string, bytes: Uint8Array, headers?: Record<string, string>) => Promise<TestResponse>;
  beforeAll(async () => {
    server = await startTestServer(name);
    const account = await createAccount(server);
    cookie = await signIn(server, account.loginId);
    listening = await listen(server.app);
    sendBytes = async (method, path, bytes, headers = JSON_HEADERS) => {
      const response = await server.app.request(`${PUBLIC_URL}${path}`, { method, headers, body: bytes as Uint8Array<ArrayBuffer> });
      const text = await response.text();
      let body: unknown;
      try {
        body = JSON.parse(text);
      } catch {
        body = undefined;
      }
      return { status: response.status, headers: response.headers, text, body, cookie: undefined, setCookie: response.headers.get('set-cookie') };
    };
  });
  afterAll(async () => {
    await listening.close();
    await server.close();
  });

  describe(`JSON nested deeper than ${MAX_JSON_DEPTH} levels`, () => {
    it(`reads a body nested ${MAX_JSON_DEPTH} levels deep and refuses one a level deeper with 400 jsonTooDeep`, async () => {
      // The body is the first level: the login ID's arrays make up the rest.
      const body = (levels: number) => `{"loginId":${nestedArrays(levels - 1, '"someone"')},"password":"x"}`;
      const read = await server.request('POST', '/auth/login', { raw: body(MAX_JSON_DEPTH), headers: JSON_HEADERS });
      expect(read.body.error.code).toBe('invalidPayload');
      expectEnvelope(await server.request('POST', '/auth/login', { raw: body(MAX_JSON_DEPTH + 1), headers: JSON_HEADERS }), 'jsonTooDeep');
      expectEnvelope(await server.request('POST', '/auth/login', { raw: `[${nestedObjects(MAX_JSON_DEPTH)}]`, headers: JSON_HEADERS }), 'jsonTooDeep');
    });

    it('refuses the bodies that answered 500 (2,400 arrays, 1,800 objects) and a 600 KB one, before the session is looked at', async () => {
      for (const [path, raw] of [
        ['/auth/login', nestedArrays(2_400)],
        ['/api/password/change', nestedArrays(2_400)],
        // 1,800 objects is over the default limit (8 KiB): the school list's update reads 64 KiB.
        ['/api/org-accounts/update', nestedObjects(1_800)],
        // A NUL at the bottom: the depth is judged first, the control characters never looked for.
        ['/api/org-accounts/import/check', nestedArrays(300_000, '"\\u0000"')],
        ['/api/org-accounts/import/check', nestedObjects(100_000)],
      ] as const) {
        expectEnvelope(await server.request('POST', path, { raw, headers: JSON_HEADERS }), 'jsonTooDeep');
        expectEnvelope(await server.request('POST', path, { raw, headers: JSON_HEADERS, cookie }), 'jsonTooDeep');
      }
    });

    it(`refuses a body of more than ${MAX_JSON_VALUES} values, whatever its bytes, with 413 and the call’s code, before the session`, async () => {
      const values = (count: number) => `[${Array.from({ length: count - 1 }, () => '1').join(',')}]`;
      expectEnvelope(await server.request('POST', '/auth/login', { raw: values(MAX_JSON_VALUES + 1), headers: JSON_HEADERS }), 'payloadTooLarge');
      expect((await server.request('POST', '/auth/login', { raw: values(MAX_JSON_VALUES), headers: JSON_HEADERS })).body.error.code).toBe('invalidPayload');
      const wide = JSON.stringify(Object.fromEntries(Array.from({ length: 40_000 }, (_, index) => [`key${index}`, 'text'])));
      expectEnvelope(await server.request('POST', '/api/org-accounts/import/check', { raw: wide, headers: JSON_HEADERS }), 'importFileTooLarge');
      expectEnvelope(await server.request('POST', '/api/org-accounts/import/check', { raw: wide, headers: JSON_HEADERS, cookie }), 'importFileTooLarge');
    });

    it('counts brackets inside strings as text, not as nesting', async () => {
      const answer = await server.post('/auth/login', { loginId: `${'['.repeat(120)}${'{'.repeat(120)}`, password: 'Correct-Horse-42' });
      expect(answer.body.error.code).toBe('loginFailed');
    });
  });

  describe('encoding', () => {
    const utf8 = (text: string) => new TextEncoder().encode(text);
    /** The registration body with `bytes` in the middle of its display name. */
    const registration = (bytes: number[]) =>
      new Uint8Array([
        ...utf8('{"loginId":"encoding_test","email":"encoding@example.test","displayName":"A'),
        ...bytes,
        ...utf8('B","acceptTerms":true,"recaptcha":"token","lang":"en"}'),
      ]);

    it('refuses a body that is not UTF-8 with 400 invalidEncoding, storing nothing (no U+FFFD in its place)', async () => {
      const before = await tableCounts(server.db);
      for (const bytes of [[0xff], [0xc0, 0xaf], [0xe4, 0xb8], [0xed, 0xa0, 0x80], [0xf8, 0x88, 0x80, 0x80, 0x80], [0x80]]) {
        expectEnvelope(await sendBytes('POST', '/api/users/register', registration(bytes)), 'invalidEncoding');
        expectEnvelope(await sendBytes('POST', '/api/password/change', registration(bytes)), 'invalidEncoding');
      }
      expect(await tableCounts(server.db)).toEqual(before);
      // The same body in UTF-8 is read: 中 is E4 B8 AD.
      expect((await sendBytes('POST', '/api/users/register', registration([0xe4, 0xb8, 0xad]))).status).toBe(200);
    });

    it('reads UTF-8 with characters of every length, and a byte-order mark', async () => {
      const body = JSON.stringify({ loginId: 'é中😀', password: 'x' });
      expect((await sendBytes('POST', '/auth/login', utf8(body))).body.error.code).toBe('loginFailed');
      expect((await sendBytes('POST', '/auth/login', new Uint8Array([0xef, 0xbb, 0xbf, ...utf8(body)]))).body.error.code).toBe('loginFailed');
    });

    it('refuses a query string escape that is not UTF-8 with 400 invalidEncoding', async () => {
      for (const query of ['q=%FF', 'q=%E4%B8', 'q=%ZZ', 'q=100%', '%C0%AF=1']) {
        expectEnvelope(await server.get(`/api/org-accounts?${query}`, { cookie }), 'invalidEncoding');
        expectEnvelope(await server.get(`/api/health?${query}`), 'invalidEncoding');
      }
      expect((await server.get('/api/health?q=%E4%B8%AD&r=a+b')).status).toBe(200);
    });
  });

  describe('body limits', () => {
    it('every call’s limit admits the largest payload its schema accepts, and is not much larger', () => {
      const wrong: string[] = [];
      for (const call of ALL_CALLS.filter((declared) => declared.input === 'json')) {
        const largest = largestPayload(call.request as unknown as SchemaNode);
        const { bytes } = call.bodyLimit;
        if (bytes < largest || bytes > Math.max(DEFAULT_BODY_BYTES, 2 * largest)) wrong.push(`${call.name}: limit ${bytes}, largest payload ${largest}`);
      }
      expect(wrong).toEqual([]);
      // Calls with no body read none past the default either.
      for (const call of ALL_CALLS.filter((declared) => declared.input !== 'json')) expect(call.bodyLimit.bytes, call.name).toBe(DEFAULT_BODY_BYTES);
    });

    it(`no call takes a payload of more than ${MAX_JSON_VALUES} values`, () => {
      const most = Math.max(...ALL_CALLS.filter((call) => call.input === 'json').map((call) => mostValues(call.request as unknown as SchemaNode)));
      expect(most).toBeGreaterThan(100);
      expect(most * 2).toBeLessThanOrEqual(MAX_JSON_VALUES);
    });

    it('the import check reads the largest file accepted and refuses a larger body as importFileTooLarge', () => {
      expect(checkImport.bodyLimit.code).toBe('importFileTooLarge');
      const largestFile = JSON.stringify({ content: Buffer.alloc(ORG_IMPORT_MAX_BYTES).toString('base64'), lang: 'zh_hant' });
      expect(checkImport.bodyLimit.bytes).toBeGreaterThanOrEqual(largestFile.length);
      expect(checkImport.bodyLimit.bytes).toBeLessThan(largestFile.length + 2 * 1024);
    });

    it('refuses a body one byte over its call’s limit with 413 and the call’s code, signed in or not; a body at the limit is read', async () => {
      const changes = ALL_CALLS.filter((call) => call.method !== 'get');
      expect(changes.length).toBeGreaterThan(40);
      for (const call of changes) {
        const { bytes, code } = call.bodyLimit;
        const over = await server.request(call.method.toUpperCase(), fullPath(call), { raw: bodyOf(bytes + 1), headers: JSON_HEADERS });
        expectEnvelope(over, code);
        if (call.session) expectEnvelope(await server.request(call.method.toUpperCase(), fullPath(call), { raw: bodyOf(bytes + 1), headers: JSON_HEADERS, cookie }), code);
        const at = await server.request(call.method.toUpperCase(), fullPath(call), { raw: bodyOf(bytes), headers: JSON_HEADERS });
        expect(at.status, `${call.name} at its limit: ${at.text.slice(0, 200)}`).not.toBe(413);
        expect(at.status, call.name).toBeLessThan(500);
      }
    });

    it('answers a 62 KB body to /auth/login from its head alone: 413, the connection closed, the body never sent', async () => {
      const answer = await rawRequest(listening.port, rawHead('POST', '/auth/login', { 'Content-Type': 'application/json', 'Content-Length': 62_000 }));
      expectEnvelope(answer as RawAnswer & { headers: Record<string, string> }, 'payloadTooLarge');
      expect(answer.headers.connection).toBe('close');
      expect(answer.closedByServer).toBe(true);
    });

    it('answers an import body over the limit from its head alone with importFileTooLarge, and a 600 KB file too', async () => {
      const answer = await rawRequest(listening.port, rawHead('POST', '/api/org-accounts/import/check', { 'Content-Type': 'application/json', 'Content-Length': 1024 * 1024 }));
      expectEnvelope(answer as RawAnswer & { headers: Record<string, string> }, 'importFileTooLarge');
      expect(answer.closedByServer).toBe(true);
      const file = { content: Buffer.alloc(600 * 1024, 7).toString('base64'), lang: 'en' };
      expectEnvelope(await server.post('/api/org-accounts/import/check', file, { cookie }), 'importFileTooLarge');
    });

    it('a chunked body is refused as soon as it passes the limit', async () => {
      const big = bodyOf(DEFAULT_BODY_BYTES * 8);
      const answer = await rawRequest(
        listening.port,
        rawHead('POST', '/auth/otp/send', { 'Content-Type': 'application/json', 'Transfer-Encoding': 'chunked' }),
        `${big.length.toString(16)}\r\n${big}\r\n0\r\n\r\n`,
      );
      expectEnvelope(answer as RawAnswer & { headers: Record<string, string> }, 'payloadTooLarge');
      expect(answer.closedByServer).toBe(true);
    });
  });

  describe('the envelope on every refusal', () => {
    it('answers a path the adapter cannot read (a backslash) with 400 in the envelope, the security headers and no-store', async () => {
      for (const path of ['/\\', '/\\evil.example', '/\\\\evil.example/x', '/api/\\users/me', '/auth\\login']) {
        const answer = await rawRequest(listening.port, rawHead('GET', path, { Connection: 'keep-alive' }));
        expectEnvelope(answer as RawAnswer & { headers: Record<string, string> }, 'malformedJson');
        expect(answer.closedByServer, path).toBe(true);
      }
      // A backslash in the query is no problem of the path.
      expect((await rawRequest(listening.port, rawHead('GET', '/api/health?q=a\\b', { Connection: 'close' }))).status).toBe(200);
    });

    it('adds Strict-Transport-Security to the answers made outside the app in production, as the app does to its own', async () => {
      const production = await listen(server.app, { production: true });
      try {
        for (const head of [rawHead('GET', '/\\evil.example'), rawHead('GET', '/api/health', { Cookie: 'x'.repeat(20_000) })]) {
          expect((await rawRequest(production.port, head)).headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
        }
      } finally {
        await production.close();
      }
      expect((await rawRequest(listening.port, rawHead('GET', '/\\evil.example'))).headers['strict-transport-security']).toBeUndefined();
    });

    it('answers 413 and 414 with the security headers and no-store', async () => {
      // A call with the default limit (OTP send and OTP login take 16 KiB since they accept a reCAPTCHA token).
      expectEnvelope(await server.request('POST', '/auth/qr-login', { raw: bodyOf(DEFAULT_BODY_BYTES + 1), headers: JSON_HEADERS }), 'payloadTooLarge');
      expectEnvelope(await server.get(`/api/health?pad=${'x'.repeat(MAX_URL_BYTES)}`), 'uriTooLong');
      const head = await rawRequest(listening.port, rawHead('GET', `/api/health?pad=${'x'.repeat(20_000)}`));
      expectEnvelope(head as RawAnswer & { headers: Record<string, string> }, 'headersTooLarge');
    });
  });

  describe('query strings', () => {
    it('refuses control characters in the query of routes no declaration describes (development helpers, downloads, unknown paths)', async () => {
      for (const path of [
        '/dev/api/outbox?to=%00',
        '/dev/mailbox?to=a%0Ab',
        '/api/org-accounts/export.xlsx?q=%00',
        '/api/org-accounts/template.xlsx?lang=%1B',
        '/api/no-such-call?x=%7F',
        '/auth/no-such-call?x=%C2%85',
      ]) {
        const answer = await server.get(path, { cookie });
        expectEnvelope(answer, 'controlCharacter');
        expect(answer.body.error.fields?.length, path).toBe(1);
      }
    });

    it('refuses control characters in the query of every declared call, whether it takes a query or not, naming each parameter', async () => {
      for (const call of ALL_CALLS) {
        const answer = await server.request(call.method.toUpperCase(), `${fullPath(call)}?ok=fine&bad=%00&a%0Ab=1&list=x&list=%E2%80%A8`, {
          ...(call.method === 'get' ? {} : { json: {} }),
        });
        expectEnvelope(answer, 'controlCharacter');
        expect(answer.body.error.fields, call.name).toEqual([
          { field: 'bad', rule: 'controlCharacter' },
          { field: 'a\nb', rule: 'controlCharacter' },
          { field: 'list.1', rule: 'controlCharacter' },
        ]);
      }
    });

    it('reads queries without control characters as before', async () => {
      const answer = await server.get('/dev/api/outbox?to=nobody%40example.test');
      expect(answer.status).toBe(200);
      expect(answer.body.data).toEqual([]);
    });
  });
});
