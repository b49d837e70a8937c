import { describe, expect, it } from 'vitest';
import { type Person, addMember, createFamily, expectData, handle, people, requestJoin } from './family-fixtures.ts';
import { PASSWORD, type TestServer, databases, signIn, useTestServer } from '../support.ts';

/** users/me as the person sees it, read twice so a reused (cached) lookup is checked as well. */
async function rolesOf(server: TestServer, p: Person): Promise<string[]> {
  const first = expectData(await server.get('/api/users/me', { cookie: p.cookie })).userFamilyRoles;
  const again = expectData(await server.get('/api/users/me', { cookie: p.cookie })).userFamilyRoles;
  expect(again).toEqual(first);
  return first as string[];
}

describe.each(databases)('users/me userFamilyRoles on $name', ({ name }) => {
  const server = useTestServer(name, { recaptcha: async (token) => token.length > 0 });

  it('follows create, join, accept, role change, leave, kick and dismiss at once', async () => {
    const [admin, member] = await people(server, 2);
    expect(await rolesOf(server, admin)).toEqual([]);
    expect(await rolesOf(server, member)).toEqual([]);

    const family = await createFamily(admin, { role: 'MOTHER' });
    expect(await rolesOf(server, admin)).toEqual(['MOTHER']);

    // A pending request is not membership.
    const memberId = await requestJoin(member, family, admin);
    expect(await rolesOf(server, member)).toEqual([]);

    expectData(await handle(admin, family.familyId, memberId, 'ACCEPT'));
    expect(await rolesOf(server, member)).toEqual(['CHILD']);
    expect(await rolesOf(server, admin)).toEqual(['MOTHER']);

    expectData(await member.post('/update-info', { familyId: family.familyId, nickname: 'Kiddo', familyRole: 'SIBLING', lang: 'en' }));
    expect(await rolesOf(server, member)).toEqual(['SIBLING']);

    // A fresh login answers with the same user.
    const login = await server.post('/auth/login', { loginId: member.account.loginId, password: PASSWORD });
    expect(expectData(login).user.userFamilyRoles).toEqual(['SIBLING']);

    expectData(await member.post('/leave-family', { familyId: family.familyId }));
    expect(await rolesOf(server, member)).toEqual([]);
    expect(await rolesOf(server, admin)).toEqual(['MOTHER']);

    // Back in, then kicked: no role either.
    const again = await addMember(admin, family, member, 'Back');
    expect(await rolesOf(server, member)).toEqual(['CHILD']);
    expectData(await handle(admin, family.familyId, again, 'KICK'));
    expect(await rolesOf(server, member)).toEqual([]);

    const dismissed = await server.request('DELETE', `/api/family/dismiss-family?familyId=${family.familyId}`, { cookie: admin.cookie });
    expectData(dismissed);
    expect(await rolesOf(server, admin)).toEqual([]);
  });

  it('is empty for an account that never joined a family', async () => {
    const [p] = await people(server, 1);
    const cookie = await signIn(server, p.account.loginId);
    expect(expectData(await server.get('/api/users/me', { cookie })).userFamilyRoles).toEqual([]);
  });
});
