import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ASSOCIATION, DEMO_OLD_STUDENTS, DEMO_PASSWORD, seedDemoData } from '../../../server/db/seed.ts';
import { databases, signIn, useTestServer } from '../support.ts';

describe.each(databases)('demo association accounts on $name', ({ name }) => {
  const server = useTestServer(name);
  beforeAll(async () => {
    await seedDemoData(server.db, server.clock.now());
  });

  it('the demo full member has one associated old student account, and the other can be associated with the demo password', async () => {
    const cookie = await signIn(server, DEMO_ASSOCIATION.member, DEMO_PASSWORD);
    const list = await server.get('/api/users/associate/get', { cookie });
    expect(list.body.data.associations).toEqual([expect.objectContaining({ cityId: DEMO_ASSOCIATION.student, displayName: 'Demo Old Student 2' })]);
    const free = DEMO_OLD_STUDENTS.find((account) => account.loginId !== DEMO_ASSOCIATION.student);
    server.clock.advance(60_000);
    const checked = await server.post('/api/users/associate/check', { cityId: free?.loginId, password: DEMO_PASSWORD }, { cookie });
    expect(checked.body.data).toMatchObject({ cityId: free?.loginId, category: 'STUDENT' });
    const associated = await server.post('/api/users/associate', { ticket: checked.body.data.ticket }, { cookie });
    expect(associated.status).toBe(200);
    expect(associated.body.data.associations.map((a: { cityId: string }) => a.cityId)).toEqual([DEMO_ASSOCIATION.student, free?.loginId]);
  });

  it('the old student accounts are student accounts that sign in with the demo password; a database seeded before gets them once', async () => {
    for (const account of DEMO_OLD_STUDENTS) {
      const response = await server.post('/auth/login', { loginId: account.loginId, password: DEMO_PASSWORD });
      expect(response.body.data.user, account.loginId).toMatchObject({ category: 'STUDENT', displayName: account.displayName });
    }
    expect(await seedDemoData(server.db, server.clock.now())).toBe(false);
    await server.db.deleteFrom('app_meta').where('key', '=', 'demo_associations_seeded_at').execute();
    expect(await seedDemoData(server.db, server.clock.now())).toBe(true);
    expect(await seedDemoData(server.db, server.clock.now())).toBe(false);
  });
});
