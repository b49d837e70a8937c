import { beforeAll, describe, expect, it } from 'vitest';
import { databases, useTestServer } from '../support.ts';
import { type ProfileUser, basicProfile, createSchool, profileSnapshot, profileUser, teacherProfile, uniqueNickname } from './profile-fixtures.ts';
import { asSent, spoiledWholes, TEN_KB, withoutEach } from '../spoiled-bodies.ts';


/**
 * Bodies that are not the payload, built from a valid one; `choices` are the keys holding a
 * single choice of an enumeration (free text would accept any word).
 */
function spoiled(valid: Record<string, unknown>, choices: readonly string[]): [string, string][] {
  const keys = Object.keys(valid);
  const variants: [string, unknown][] = [
    ...spoiledWholes(valid),
    ...withoutEach(valid),
    ...keys.map((k): [string, unknown] => [`${k} 10 KB long`, { ...valid, [k]: TEN_KB }]),
    ...keys.map((k): [string, unknown] => [`${k} a number`, { ...valid, [k]: 7 }]),
    ...keys.map((k): [string, unknown] => [`${k} a boolean`, { ...valid, [k]: false }]),
    ...keys
      .filter((k) => Array.isArray(valid[k]) || choices.includes(k))
      .map((k): [string, unknown] => [`${k} an unknown value`, { ...valid, [k]: Array.isArray(valid[k]) ? ['UNKNOWN_VALUE'] : 'UNKNOWN_VALUE' }]),
    ...keys.map((k): [string, unknown] => [`${k} an array of 10 KB strings`, { ...valid, [k]: [TEN_KB] }]),
  ];
  return [
    ...asSent(variants, '{"nickname": "a",').filter(([, raw]) => raw !== JSON.stringify(valid)),
    ['a body over 64 KiB', JSON.stringify({ ...valid, nickname: 'y'.repeat(70 * 1024) })],
  ];
}

describe.each(databases)('bad inputs to the profile calls on $name', ({ name }) => {
  let student: ProfileUser;
  let teacher: ProfileUser;
  let parent: ProfileUser;
  let calls: { method: 'PUT' | 'POST'; path: string; body: Record<string, unknown>; as: () => ProfileUser }[];

  const server = useTestServer(name);
  beforeAll(async () => {
    const school = await createSchool(server.db, ['bad-inputs.edu.hk']);
    student = await profileUser(server, { category: 'STUDENT', schoolCode: school.code });
    teacher = await profileUser(server, { category: 'SCHOOL_BASED_TEACHER', schoolCode: school.code });
    parent = await profileUser(server, { category: 'PUBLIC' });
    // Each valid body would change something if a spoiled copy were accepted.
    calls = [
      { method: 'PUT', path: '/profile/basic', body: basicProfile({ nickname: uniqueNickname(), subscriptions: ['edPost'] }), as: () => parent },
      { method: 'PUT', path: '/profile/teacher', body: teacherProfile(), as: () => teacher },
      { method: 'PUT', path: '/profile/parent', body: { interests: ['READING'] }, as: () => parent },
      { method: 'PUT', path: '/school-staff-info', body: { chFullName: '陳大文', enFullName: 'Chan Tai Man' }, as: () => teacher },
      { method: 'POST', path: '/profile/check', body: { form: 'basic', values: basicProfile() }, as: () => parent },
      { method: 'POST', path: '/profile/teacher/check', body: teacherProfile(), as: () => teacher },
      { method: 'POST', path: '/profile/nickname', body: { lang: 'en' }, as: () => parent },
    ];
  });

  it('every spoiled body on every call is a 4xx with a catalogue code, and changes nothing', async () => {
    for (const call of calls) {
      const before = await profileSnapshot(server.db);
      for (const [label, raw] of spoiled(call.body, ['title', 'gender', 'region', 'district', 'yearOfBirth', 'teacherType', 'form', 'lang'])) {
        const user = call.as();
        const response = call.method === 'PUT' ? await user.putRaw(call.path, raw) : await user.postRaw(call.path, raw);
        expect(response.status, `${call.path} ${label}: ${response.text.slice(0, 200)}`).toBeGreaterThanOrEqual(400);
        expect(response.status, `${call.path} ${label}`).toBeLessThan(500);
        expect(typeof response.body?.error?.code, `${call.path} ${label}`).toBe('string');
      }
      expect(await profileSnapshot(server.db), call.path).toBe(before);
    }
  });

  it('over-long names and nickname are refused with maxLength', async () => {
    for (const field of ['chineseSurname', 'chineseGivenName', 'englishSurname', 'englishGivenName', 'nickname']) {
      const response = await parent.put('/profile/basic', { ...basicProfile(), [field]: 'x'.repeat(101) });
      expect(response.status).toBe(400);
      expect(response.body.error.fields).toEqual([{ field, rule: 'maxLength' }]);
    }
  });

  it('unknown enumeration values are refused with format', async () => {
    for (const [field, value] of [
      ['title', 'sir'],
      ['gender', 'other'],
      ['region', 'TAIWAN'],
      ['district', 'MONG_KOK'],
      ['roles', ['ADMIN']],
      ['subscriptions', ['spam']],
      ['yearOfBirth', '1800'],
    ] as const) {
      const response = await parent.put('/profile/basic', { ...basicProfile(), [field]: value });
      expect(response.status, field).toBe(400);
      expect(response.body.error.code).toBe('invalidPayload');
      expect(response.body.error.fields[0].field, field).toMatch(new RegExp(`^${field}`));
    }
    // The year's rule is its own, so the screen can say which years are accepted (issue 13).
    const year = await parent.put('/profile/basic', { ...basicProfile(), yearOfBirth: '1800' });
    expect(year.body.error.fields).toEqual([{ field: 'yearOfBirth', rule: 'yearRange' }]);
  });

  it('a student sending school fields on any profile write is refused', async () => {
    const before = await profileSnapshot(server.db);
    for (const path of ['/profile/basic', '/profile/parent', '/profile/teacher', '/school-staff-info']) {
      const response = await student.put(path, { ...basicProfile(), schoolCode: 'X', className: '6A' });
      expect(response.status, path).toBe(403);
      expect(['schoolInfoReadOnly', 'forbidden']).toContain(response.body.error.code);
    }
    expect(await profileSnapshot(server.db)).toBe(before);
  });

  it('signed-out calls are 401 on every call and change nothing', async () => {
    const before = await profileSnapshot(server.db);
    for (const [method, path] of [
      ['GET', '/api/profile'],
      ['PUT', '/api/profile/basic'],
      ['POST', '/api/profile/check'],
      ['POST', '/api/profile/teacher/check'],
      ['POST', '/api/profile/parent/check'],
      ['POST', '/api/profile/nickname'],
      ['GET', '/api/profile/teacher'],
      ['PUT', '/api/profile/teacher'],
      ['GET', '/api/profile/parent'],
      ['PUT', '/api/profile/parent'],
      ['GET', '/api/school-staff-info'],
      ['PUT', '/api/school-staff-info'],
    ] as const) {
      const response = await server.request(method, path, method === 'GET' ? {} : { json: basicProfile() });
      expect(response.status, `${method} ${path}`).toBe(401);
      expect(response.body.error.code).toBe('unauthorized');
    }
    expect(await profileSnapshot(server.db)).toBe(before);
  });

  it('writes from another site are refused', async () => {
    const response = await server.request('PUT', '/api/profile/basic', { cookie: parent.cookie, json: basicProfile(), headers: { origin: 'https://evil.test' } });
    expect(response.status).toBe(403);
    expect(response.body.error.code).toBe('crossSiteRequest');
  });

  it('unknown methods and paths under /api/profile are 404 notFound', async () => {
    for (const [method, path] of [
      ['DELETE', '/api/profile'],
      ['POST', '/api/profile/basic'],
      ['GET', '/api/profile/unknown'],
      ['PATCH', '/api/school-staff-info'],
    ] as const) {
      const response = await server.request(method, path, { cookie: parent.cookie });
      expect(response.status, `${method} ${path}`).toBe(404);
    }
  });
});
