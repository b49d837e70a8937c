import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_BODY_BYTES, fullPath } from '../../../contract/call.ts';
import { ALL_CALLS } from '../../../contract/calls/index.ts';
import { type Person, createFamily, expectData, familySnapshot, joinBody, people, requestJoin } from './family-fixtures.ts';
import { type TestServer, databases, startTestServer } from '../support.ts';
import { asSent, spoiledWholes, TEN_KB, withoutEach } from '../spoiled-bodies.ts';


/** Bodies that are not the payload; `optional` fields may be left out of a valid one. */
function spoiled(valid: Record<string, unknown>, optional: readonly string[] = []): [string, string][] {
  const keys = Object.keys(valid);
  const variants: [string, unknown][] = [
    ...spoiledWholes(valid),
    ['true', true],
    ['every field empty', Object.fromEntries(keys.map((k) => [k, '']))],
    ['every field blank', Object.fromEntries(keys.map((k) => [k, '   ']))],
    ...withoutEach(valid, optional),
    ...keys.map((k): [string, unknown] => [`${k} 10 KB long`, { ...valid, [k]: TEN_KB }]),
    ...keys.map((k): [string, unknown] => [`${k} a number`, { ...valid, [k]: 7 }]),
    ...keys.map((k): [string, unknown] => [`${k} a boolean`, { ...valid, [k]: false }]),
    ...keys.map((k): [string, unknown] => [`${k} an array`, { ...valid, [k]: [valid[k]] }]),
    ...keys.map((k): [string, unknown] => [`${k} empty`, { ...valid, [k]: '' }]),
  ];
  return asSent(variants, '{"familyId": "a",');
}

describe.each(databases)('bad inputs to the family calls on $name', ({ name }) => {
  let server: TestServer;
  let admin: Person;
  let requester: Person;
  let outsider: Person;
  let familyId: string;
  let requestId: string;
  let valid: { path: string; body: Record<string, unknown>; as: () => Person; optional?: string[] }[];

  beforeAll(async () => {
    server = await startTestServer(name);
    [admin, requester, outsider] = await people(server, 3);
    const family = await createFamily(admin);
    familyId = family.familyId;
    requestId = await requestJoin(requester, family, admin);
    // Each valid body would change something if a spoiled copy were accepted.
    valid = [
      { path: '', body: { familyName: 'New family', nickname: 'Me', role: 'MOTHER', recaptcha: 'token' }, as: () => outsider },
      { path: '/join', body: joinBody(family, admin.email), as: () => outsider },
      { path: '/handle-request', body: { familyId, memberId: requestId, actions: 'ACCEPT', lang: 'en' }, as: () => admin },
      { path: '/regen-family-code', body: { familyId }, as: () => admin },
      { path: '/leave-family', body: { familyId }, as: () => admin },
      {
        path: '/update-info',
        body: { familyId, nickname: 'Renamed', familyRole: 'GUARDIAN', lang: 'en', familyName: 'Renamed family' },
        as: () => admin,
        optional: ['familyName'],
      },
      { path: '/invite', body: { familyId, email: 'friend@example.test', lang: 'en' }, as: () => admin },
    ];
  });
  afterAll(async () => {
    await server.close();
  });

  it('refuses every malformed body to every family call with 400 and a code, changing nothing', async () => {
    const before = await familySnapshot(server);
    for (const call of valid) {
      const path = `/api/family${call.path}`;
      const limit = ALL_CALLS.find((declared) => declared.method === 'post' && fullPath(declared) === path)?.bodyLimit.bytes ?? DEFAULT_BODY_BYTES;
      for (const [label, raw] of spoiled(call.body, call.optional)) {
        const response = await server.request('POST', `/api/family${call.path}`, {
          raw,
          headers: { 'content-type': 'application/json' },
          cookie: call.as().cookie,
        });
        // A body over the call's limit is refused for its size before it is read (platform/request-bounds.test.ts).
        if (Buffer.byteLength(raw) > limit) {
          expect([response.status, response.body?.error?.code], `${call.path || '/'} with ${label}`).toEqual([413, 'payloadTooLarge']);
          continue;
        }
        expect(response.status, `${call.path || '/'} with ${label}: ${response.text}`).toBe(400);
        expect(['malformedJson', 'invalidPayload'], `${call.path || '/'} with ${label}`).toContain(response.body?.error?.code);
      }
    }
    expect(await familySnapshot(server)).toEqual(before);
  });

  it('names the field and the rule it broke', async () => {
    const response = await outsider.post('/join', joinBody({ familyRef: 'ABCDEFGHJKM', code: '12345' }, 'not-an-email', { nickname: 'n'.repeat(101), role: 'UNCLE' }));
    expect(response.status).toBe(400);
    expect(response.body.error.fields).toEqual([
      { field: 'adminEmail', rule: 'format' },
      { field: 'familyRef', rule: 'maxLength' },
      { field: 'code', rule: 'sixDigits' },
      { field: 'nickname', rule: 'maxLength' },
      { field: 'role', rule: 'required' },
    ]);
  });

  it('refuses a body over 64 KiB with 413', async () => {
    const response = await server.request('POST', '/api/family/update-info', {
      raw: JSON.stringify({ familyId, nickname: 'x'.repeat(70 * 1024), familyRole: 'OTHER', lang: 'en' }),
      cookie: admin.cookie,
    });
    expect(response.status).toBe(413);
    expect(response.body.error.code).toBe('payloadTooLarge');
  });

  it('refuses a bad family id in the dismiss query, and a bad language on reads, with 400', async () => {
    const before = await familySnapshot(server);
    for (const query of ['', '?familyId=', '?familyId=%20%20', `?familyId=${'x'.repeat(65)}`, `?other=${familyId}`]) {
      const response = await admin.del(`/dismiss-family${query}`);
      expect(response.status, query).toBe(400);
      expect(response.body.error.code).toBe('invalidPayload');
    }
    for (const path of ['/family?lang=fr', '/request?lang=', `/family?lang=${'x'.repeat(5000)}`]) {
      const response = await admin.get(path);
      expect(response.status, path).toBe(400);
      expect(response.body.error).toMatchObject({ code: 'invalidPayload', fields: [{ field: 'lang', rule: 'format' }] });
    }
    expect(await familySnapshot(server)).toEqual(before);
  });

  it('still accepts the valid bodies afterwards (the refusals were about the bodies)', async () => {
    expectData(await admin.post('/handle-request', { familyId, memberId: requestId, actions: 'ACCEPT', lang: 'en' }));
    expectData(await admin.post('/update-info', { familyId, nickname: 'Renamed', familyRole: 'GUARDIAN', lang: 'en', familyName: 'Renamed family' }));
    expect(expectData(await admin.get('/family?lang=en')).familyName).toBe('Renamed family');
  });
});
