import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fullPath, type CallDeclaration } from '../../../contract/call.ts';
import { ALL_CALLS } from '../../../contract/calls/index.ts';
import type { Db } from '../../../server/db/schema.ts';
import { type TestServer, createAccount, databases, signIn, startTestServer, uniqueLoginId } from '../support.ts';

/**
 * Control characters in any field of any declared call are refused with 400 `controlCharacter`
 * and never reach the database; text that passes is stored in NFC (issue 13).
 */

interface SchemaNode {
  type: string;
  entries?: Record<string, SchemaNode>;
  wrapped?: SchemaNode;
  item?: SchemaNode;
  options?: readonly (SchemaNode | string)[];
  literal?: unknown;
  enum?: Record<string, unknown>;
  value?: SchemaNode;
  getter?: (input: unknown) => SchemaNode;
}

/**
 * Payloads of the schema's shape, one per variant or union option (the rest of each payload the
 * first option): every string field of every shape appears in at least one.
 */
function samples(schema: SchemaNode): unknown[] {
  switch (schema.type) {
    case 'string':
      return ['sample'];
    case 'picklist':
      return [schema.options?.[0]];
    case 'literal':
      return [schema.literal];
    case 'enum':
      return [Object.values(schema.enum ?? {})[0]];
    case 'boolean':
      return [true];
    case 'number':
    case 'integer':
      return [1];
    case 'undefined':
    case 'void':
      return [undefined];
    case 'null':
      return [null];
    case 'optional':
    case 'exact_optional':
    case 'nullable':
    case 'nullish':
    case 'non_optional':
    case 'non_nullable':
    case 'non_nullish':
      return samples(schema.wrapped as SchemaNode);
    case 'lazy':
      return samples((schema.getter as (input: unknown) => SchemaNode)(undefined));
    case 'array':
      return samples(schema.item as SchemaNode).map((item) => [item]);
    case 'record':
      return samples(schema.value as SchemaNode).map((value) => ({ key: value }));
    case 'union':
    case 'variant':
      return (schema.options as SchemaNode[]).flatMap((option) => samples(option));
    case 'object':
    case 'strict_object':
    case 'loose_object':
    case 'object_with_rest': {
      const entries = Object.entries(schema.entries ?? {}).map(([key, entry]) => [key, samples(entry)] as const);
      const base = Object.fromEntries(entries.map(([key, values]) => [key, values[0]]));
      const variants = entries.flatMap(([key, values]) => values.slice(1).map((value) => ({ ...base, [key]: value })));
      return [base, ...variants];
    }
    default:
      return ['sample'];
  }
}

/** Every path (as valibot's dotted path) of a string in the value. */
function stringPaths(value: unknown, path: (string | number)[] = []): (string | number)[][] {
  if (typeof value === 'string') return [path];
  if (Array.isArray(value)) return value.flatMap((item, index) => stringPaths(item, [...path, index]));
  if (value !== null && typeof value === 'object') return Object.entries(value).flatMap(([key, item]) => stringPaths(item, [...path, key]));
  return [];
}

function withAt(value: unknown, path: readonly (string | number)[], change: (old: string) => string): unknown {
  if (path.length === 0) return change(value as string);
  const [head, ...rest] = path as [string | number, ...(string | number)[]];
  if (Array.isArray(value)) return value.map((item, index) => (index === head ? withAt(item, rest, change) : item));
  return { ...(value as Record<string, unknown>), [head]: withAt((value as Record<string, unknown>)[head], rest, change) };
}

/** A fingerprint of every table of the schema: the same before and after means nothing was written. */
async function databaseFingerprint(db: Db): Promise<Record<string, string>> {
  const tables = await sql<{ table_name: string }>`SELECT table_name FROM information_schema.tables
    WHERE table_schema = current_schema() AND table_type = 'BASE TABLE' ORDER BY table_name`.execute(db);
  const out: Record<string, string> = {};
  for (const { table_name } of tables.rows) {
    const row = await sql<{ n: string; digest: string | null }>`SELECT count(*)::text AS n, md5(string_agg(t::text, '|' ORDER BY t::text)) AS digest
      FROM ${sql.table(table_name)} t`.execute(db);
    out[table_name] = `${row.rows[0]?.n}:${row.rows[0]?.digest ?? ''}`;
  }
  return out;
}

interface Probe {
  call: CallDeclaration;
  field: string;
  /** The request as sent: a JSON body or a query string. */
  send: (server: TestServer, cookie: string) => Promise<{ status: number; body: any; text: string }>;
}

/** Every declared call taking input, with a NUL at the end of each string field (and in a key). */
function probes(character: string): Probe[] {
  const out: Probe[] = [];
  for (const call of ALL_CALLS) {
    if (call.input === 'none') continue;
    const shapes = samples(call.request as unknown as SchemaNode).filter((shape) => shape !== null && typeof shape === 'object');
    const seen = new Set<string>();
    for (const shape of shapes) {
      for (const path of stringPaths(shape)) {
        const field = path.join('.');
        if (seen.has(field)) continue;
        seen.add(field);
        const payload = withAt(shape, path, (old) => `${old.slice(0, 3)}${character}${old.slice(3)}`) as Record<string, unknown>;
        out.push({ call, field, send: sender(call, payload) });
      }
    }
    // A key holding the character, beside a payload of the right shape.
    const key = `extra${character}key`;
    out.push({ call, field: key, send: sender(call, { ...((shapes[0] as Record<string, unknown>) ?? {}), [key]: 'value' }) });
  }
  return out;
}

function sender(call: CallDeclaration, payload: Record<string, unknown>): Probe['send'] {
  return (server, cookie) => {
    if (call.input === 'query') {
      const query = new URLSearchParams();
      for (const [key, value] of Object.entries(payload)) {
        for (const item of Array.isArray(value) ? value : [value]) if (item !== undefined) query.append(key, String(item));
      }
      return server.request(call.method.toUpperCase(), `${fullPath(call)}?${query.toString()}`, { cookie });
    }
    return server.request(call.method.toUpperCase(), fullPath(call), { cookie, json: payload });
  };
}

describe.each(databases)('control characters on $name', ({ name }) => {
  let server: TestServer;
  let cookie: string;
  beforeAll(async () => {
    server = await startTestServer(name);
    const account = await createAccount(server);
    cookie = await signIn(server, account.loginId);
  });
  afterAll(() => server.close());

  it('every string field (and key) of every declared call refuses a NUL with 400 controlCharacter naming it, and nothing is written', async () => {
    const all = probes('\u0000');
    // Every call that takes input is probed, the nine fields of a registration among them.
    expect(new Set(all.map((probe) => probe.call.name)).size).toBe(ALL_CALLS.filter((call) => call.input !== 'none').length);
    expect(all.length).toBeGreaterThan(150);
    const before = await databaseFingerprint(server.db);
    const wrong: string[] = [];
    for (const probe of all) {
      for (const session of ['', cookie]) {
        const response = await probe.send(server, session);
        const ok =
          response.status === 400 &&
          response.body?.error?.code === 'controlCharacter' &&
          (response.body.error.fields as { field: string; rule: string }[]).some((f) => f.field === probe.field && f.rule === 'controlCharacter');
        if (!ok) wrong.push(`${probe.call.name} ${JSON.stringify(probe.field)} ${session ? 'signed in' : 'anonymous'}: ${response.status} ${response.text.slice(0, 200)}`);
      }
    }
    expect(wrong).toEqual([]);
    expect(await databaseFingerprint(server.db)).toEqual(before);
  }, 300_000);

  it.each([
    ['a tab', '\t'],
    ['a line feed', '\n'],
    ['a carriage return', '\r'],
    ['an escape', '\u001b'],
    ['DEL', '\u007f'],
    ['a C1 control (NEL)', '\u0085'],
    ['a C1 control (CSI)', '\u009b'],
    ['a line separator', '\u2028'],
    ['a paragraph separator', '\u2029'],
  ])('%s in a field is refused as well', async (_label, character) => {
    const response = await server.post('/auth/login', { loginId: `some${character}one`, password: 'Correct-Horse-42' });
    expect(response.status).toBe(400);
    expect(response.body.error).toMatchObject({ code: 'controlCharacter', fields: [{ field: 'loginId', rule: 'controlCharacter' }] });
    expect(response.body.error.message).toMatch(/control character/);
  });

  it('an unpaired surrogate (not storable as UTF-8) is refused, while letters of every plane pass', async () => {
    const lone = await server.request('POST', '/auth/login', {
      raw: '{"loginId":"abc\\ud800","password":"Correct-Horse-42"}',
      headers: { 'content-type': 'application/json' },
    });
    expect(lone.status).toBe(400);
    expect(lone.body.error.code).toBe('controlCharacter');
    const emoji = await server.post('/auth/login', { loginId: 'someone😀𠀋', password: 'Correct-Horse-42' });
    expect(emoji.body.error.code).not.toBe('controlCharacter');
  });

  it('a query string with a NUL (or a NUL in its name) is refused the same way', async () => {
    const value = await server.get('/api/family/family?lang=en%00', { cookie });
    expect(value.status).toBe(400);
    expect(value.body.error).toMatchObject({ code: 'controlCharacter', fields: [{ field: 'lang', rule: 'controlCharacter' }] });
    const name = await server.get('/api/family/family?lang=en&x%00=1', { cookie });
    expect(name.status).toBe(400);
    expect(name.body.error.code).toBe('controlCharacter');
  });

  it('stores text in NFC: a name typed with combining accents is stored composed', async () => {
    const loginId = uniqueLoginId('nfc');
    const decomposed = 'Jose\u0301 Cha\u0300n';
    expect(decomposed).not.toBe(decomposed.normalize('NFC'));
    const response = await server.post('/api/users/register', {
      loginId,
      email: `${loginId}@example.test`,
      displayName: decomposed,
      acceptTerms: true,
      recaptcha: 'token',
      lang: 'en',
    });
    expect(response.status).toBe(200);
    const row = await server.db.selectFrom('users').select('display_name').where('login_id', '=', loginId).executeTakeFirstOrThrow();
    expect(row.display_name).toBe('José Chàn');
    expect(row.display_name).toBe(decomposed.normalize('NFC'));
  });
});
