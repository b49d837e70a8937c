import { describe, expect, it } from 'vitest';
import { migrate, migrationFiles } from '../../../server/db/migrate.ts';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, seedDemoData } from '../../../server/db/seed.ts';
import { permissionsFor } from '../../../server/domain/permissions.ts';
import { databases, useTestServer } from '../support.ts';

describe.each(databases)('database on $name', ({ name }) => {
  const server = useTestServer(name);

  it('records each migration and applies none twice', async () => {
    const files = await migrationFiles();
    expect(files.slice(0, 2)).toEqual(['0001_core.sql', '0002_session_lookup.sql']);
    expect(await migrate(server.database)).toEqual([]);
    const applied = await server.db.selectFrom('schema_migrations' as never).select('name' as never).execute();
    expect(applied.map((row) => (row as { name: string }).name)).toEqual(files);
  });

  it('seeds the demo school and accounts once, all signing in with the demo password', async () => {
    expect(await seedDemoData(server.db, server.clock.now())).toBe(true);
    expect(await seedDemoData(server.db, server.clock.now())).toBe(false);
    const school = await server.db.selectFrom('schools').selectAll().where('code', '=', 'DEMO01').executeTakeFirstOrThrow();
    expect(school).toEqual({ code: 'DEMO01', name: 'Demo Primary School', chinese_name: '示範小學', allow_qr_login: true, school_email: null });
    const loginIds = DEMO_ACCOUNTS.map((a) => a.loginId);
    expect(loginIds).toEqual([
      'demo_public1', 'demo_public2', 'demo_public3', 'demo_public4', 'demo_public5', 'demo_public6', 'demo_public7', 'demo_public8',
      'demo_student1', 'demo_studentmember1', 'demo_fullmember1', 'demo_teacher1', 'demo_iteacher1', 'demo_schooladmin1', 'demo_school1',
    ]);
    for (const account of DEMO_ACCOUNTS) {
      const response = await server.post('/auth/login', { loginId: account.email ?? account.loginId, password: DEMO_PASSWORD });
      expect(response.status, account.loginId).toBe(200);
      if (account.category === 'SCHOOL_ADMINISTRATOR') {
        // Issue 9: a password alone gives an administrator no session, only the second step.
        expect(response.body.data, account.loginId).toEqual({ status: 'secondFactor', setupNeeded: true, expiresAt: expect.any(String) });
        expect(response.cookie, account.loginId).toBeUndefined();
        continue;
      }
      expect(response.body.data.user, account.loginId).toMatchObject({
        loginId: account.loginId,
        loginEmail: account.email,
        category: account.category,
        schoolCode: account.school ? 'DEMO01' : null,
        permissions: permissionsFor(account.category, { schoolAllowsQrLogin: account.school ? true : null }),
      });
    }
    const student = await server.post('/auth/login', { loginId: 'demo_student1', password: DEMO_PASSWORD });
    expect(student.body.data.user).toMatchObject({ category: 'STUDENT', loginEmail: null, permissions: ['loginQrCode', 'student'] });
  });

  it('gives the demo schools their Chinese names once, also in a database seeded before schools had one (migration 0032)', async () => {
    await seedDemoData(server.db, server.clock.now());
    const names = async () => (await server.db.selectFrom('schools').select(['code', 'chinese_name']).where('code', 'in', ['DEMO01', 'DEMO02']).orderBy('code').execute());
    expect(await names()).toEqual([
      { code: 'DEMO01', chinese_name: '示範小學' },
      { code: 'DEMO02', chinese_name: '示範中學' },
    ]);
    // As a database seeded before the names: the step runs once and fills only what is missing.
    await server.db.updateTable('schools').set({ chinese_name: null }).where('code', '=', 'DEMO01').execute();
    await server.db.updateTable('schools').set({ chinese_name: '已改名中學' }).where('code', '=', 'DEMO02').execute();
    await server.db.deleteFrom('app_meta').where('key', '=', 'demo_school_chinese_names_seeded_at').execute();
    expect(await seedDemoData(server.db, server.clock.now())).toBe(true);
    expect(await names()).toEqual([
      { code: 'DEMO01', chinese_name: '示範小學' },
      { code: 'DEMO02', chinese_name: '已改名中學' },
    ]);
    expect(await seedDemoData(server.db, server.clock.now())).toBe(false);
  });

});

describe('the embedded database in a data folder', () => {
  it('creates the cluster in a child process, keeps its data across opens and runs with the small-server settings', async () => {
    const { mkdtempSync, rmSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const { join } = await import('node:path');
    const { sql } = await import('kysely');
    const { openDatabase } = await import('../../../server/db/database.ts');
    const dir = mkdtempSync(join(tmpdir(), 'portal-datadir-'));
    try {
      const first = await openDatabase({ dataDir: dir });
      await sql`CREATE TABLE kept (value text)`.execute(first.db);
      await sql`INSERT INTO kept VALUES ('still here')`.execute(first.db);
      await first.close();

      const second = await openDatabase({ dataDir: dir });
      try {
        expect((await sql<{ value: string }>`SELECT value FROM kept`.execute(second.db)).rows).toEqual([{ value: 'still here' }]);
        const setting = async (name: string) => (await sql.raw<Record<string, string>>(`SHOW ${name}`).execute(second.db)).rows[0]?.[name];
        expect(await setting('shared_buffers')).toBe('32MB');
        expect(await setting('max_connections')).toBe('5');
      } finally {
        await second.close();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});
