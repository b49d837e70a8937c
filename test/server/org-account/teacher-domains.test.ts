import { randomBytes } from 'node:crypto';
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { AccountCategory } from '../../../contract/index.ts';
import { openDatabase, type Database } from '../../../server/db/database.ts';
import { migrate, migrationFiles } from '../../../server/db/migrate.ts';
import type { Db } from '../../../server/db/schema.ts';
import { isPublicMailDomain, OUR_PUBLIC_MAIL_DOMAINS } from '../../../server/domain/email-domains.ts';
import { type DatabaseKind, createAccount, databases, signIn, uniqueLoginId, openTestSchema, useTestServer } from '../support.ts';

const SETTINGS = '/api/org-accounts/settings';
const REGISTER = '/api/edb/register';

/** What the issue names, and what the maintained list must hold. */
const PUBLIC = ['gmail.com', 'outlook.com', 'hotmail.com', 'yahoo.com', 'icloud.com', 'qq.com', '163.com', '126.com', 'netvigator.com', 'yahoo.com.hk'];

describe('public mail domains (email-providers plus our list)', () => {
  it('holds the big services and the Hong Kong and Mainland ones', () => {
    for (const domain of [...PUBLIC, 'sina.com', 'sohu.com', '139.com', 'hkbn.net', 'outlook.com.hk', 'foxmail.com']) expect(isPublicMailDomain(domain), domain).toBe(true);
  });

  it('never holds a school domain, nor a name that is only under a public one', () => {
    for (const domain of ['demo-school.edu.hk', 'hku.hk', 'cuhk.edu.hk', 'edb.gov.hk', 'school.org.hk', 'staff.qq.com', 'com.hk', 'edu.hk', 'hk']) {
      expect(isPublicMailDomain(domain), domain).toBe(false);
    }
    expect(OUR_PUBLIC_MAIL_DOMAINS.filter((domain) => domain.endsWith('.edu.hk') || domain !== domain.toLowerCase())).toEqual([]);
  });
});

describe.each(databases)('teacher email domains belong to one school, on $name', { timeout: 120_000 }, ({ name }) => {
  /** Tokens ending in "-robot" fail the check, like a real verifier refusing a bot. */
  const recaptcha = async (token: string) => token.length > 0 && !token.endsWith('-robot');
  const server = useTestServer(name, { recaptcha });

  const tag = () => randomBytes(3).toString('hex');

  /** A school with a writing administrator (signed in), and its own domain `<code>.edu.hk`. */
  async function school(category: AccountCategory = 'SCHOOL_ADMINISTRATOR') {
    const code = `D${tag().toUpperCase()}`;
    await server.db.insertInto('schools').values({ code, name: `School ${code}`, allow_qr_login: false }).execute();
    const admin = await createAccount(server, { category, schoolCode: code });
    const cookie = await signIn(server, admin.loginId);
    const save = (emailDomains: string, extra: { schoolEmail?: string; allowQrLogin?: boolean } = {}) =>
      server.post(SETTINGS, { schoolEmail: extra.schoolEmail ?? '', emailDomains, allowQrLogin: extra.allowQrLogin ?? false }, { cookie });
    return { code, domain: `${code.toLowerCase()}.edu.hk`, cookie, save };
  }

  const stored = async (code: string) =>
    (await server.db.selectFrom('school_email_domains').select('domain').where('school_code', '=', code).orderBy('domain').execute()).map((row) => row.domain);
  const owners = async (domain: string) =>
    (await server.db.selectFrom('school_email_domains').select('school_code').where('domain', '=', domain).execute()).map((row) => row.school_code);
  const schoolRow = (code: string) => server.db.selectFrom('schools').select(['school_email', 'allow_qr_login']).where('code', '=', code).executeTakeFirstOrThrow();

  it("refuses another school's domain with teacherDomainTaken naming it, and changes nothing", async () => {
    const a = await school();
    const b = await school();
    expect((await a.save(a.domain)).status).toBe(200);
    expect((await b.save(b.domain, { schoolEmail: 'office@b.edu.hk' })).status).toBe(200);
    const before = { domains: await stored(b.code), school: await schoolRow(b.code) };

    const refused = await b.save(`${b.domain} ${a.domain} new.${b.domain}`, { schoolEmail: 'head@b.edu.hk', allowQrLogin: true });
    expect(refused.status).toBe(409);
    expect(refused.body.error).toMatchObject({ code: 'teacherDomainTaken', fields: [{ field: `emailDomains.${a.domain}`, rule: 'domainTaken' }] });
    expect({ domains: await stored(b.code), school: await schoolRow(b.code) }).toEqual(before);
    expect(await owners(a.domain)).toEqual([a.code]);
    expect(await owners(`new.${b.domain}`)).toEqual([]);
    expect((await server.get(SETTINGS, { cookie: b.cookie })).body.data).toMatchObject({ schoolEmail: 'office@b.edu.hk', emailDomains: [b.domain], allowQrLogin: false });
  });

  it('answers both of the school’s names with its settings (issue 26): English, and Chinese once known', async () => {
    const a = await school();
    expect((await server.get(SETTINGS, { cookie: a.cookie })).body.data).toMatchObject({ schoolName: `School ${a.code}`, schoolChineseName: null });
    await server.db.updateTable('schools').set({ chinese_name: '測試學校' }).where('code', '=', a.code).execute();
    expect((await server.get(SETTINGS, { cookie: a.cookie })).body.data).toMatchObject({ schoolName: `School ${a.code}`, schoolChineseName: '測試學校' });
    // The save answers them too.
    expect((await a.save(a.domain)).body.data).toMatchObject({ schoolName: `School ${a.code}`, schoolChineseName: '測試學校' });
  });

  it('treats case, spaces and a trailing dot as the same domain, and stores it folded', async () => {
    const a = await school();
    const b = await school();
    const saved = await a.save(`  ${a.domain.toUpperCase()}.  Staff.${a.domain}.`);
    expect(saved.status, saved.text).toBe(200);
    expect(saved.body.data.emailDomains).toEqual([a.domain, `staff.${a.domain}`]);
    for (const variant of [a.domain.toUpperCase(), `${a.domain}.`, `STAFF.${a.domain}..`, ` ${a.domain.replace('edu', 'EDU')} `]) {
      const refused = await b.save(variant);
      expect(refused.status, variant).toBe(409);
      expect(refused.body.error.code, variant).toBe('teacherDomainTaken');
    }
    expect(await stored(b.code)).toEqual([]);
  });

  it('holds the rules in the database too: folded names only, one school per domain', async () => {
    const a = await school();
    const b = await school();
    await a.save(a.domain);
    await expect(server.db.insertInto('school_email_domains').values({ school_code: b.code, domain: a.domain }).execute()).rejects.toThrow();
    for (const unfolded of [`${b.domain}.`, ` ${b.domain}`, '']) {
      await expect(server.db.insertInto('school_email_domains').values({ school_code: b.code, domain: unfolded }).execute(), JSON.stringify(unfolded)).rejects.toThrow();
    }
    expect(await stored(b.code)).toEqual([]);
  });

  it("refuses public mail services' domains, naming every refused domain at once", async () => {
    const a = await school();
    const b = await school();
    await a.save(a.domain);
    const refused = await b.save(`${b.domain} Gmail.com qq.com ${a.domain} netvigator.com yahoo.com.hk 163.com`, { allowQrLogin: true });
    expect(refused.status).toBe(400);
    expect(refused.body.error.code).toBe('teacherDomainPublic');
    expect(refused.body.error.fields).toEqual([
      { field: 'emailDomains.gmail.com', rule: 'publicDomain' },
      { field: 'emailDomains.qq.com', rule: 'publicDomain' },
      { field: `emailDomains.${a.domain}`, rule: 'domainTaken' },
      { field: 'emailDomains.netvigator.com', rule: 'publicDomain' },
      { field: 'emailDomains.yahoo.com.hk', rule: 'publicDomain' },
      { field: 'emailDomains.163.com', rule: 'publicDomain' },
    ]);
    expect(await stored(b.code)).toEqual([]);
    expect((await schoolRow(b.code)).allow_qr_login).toBe(false);
    for (const domain of PUBLIC) {
      const alone = await b.save(domain);
      expect(alone.status, domain).toBe(400);
      expect(alone.body.error, domain).toMatchObject({ code: 'teacherDomainPublic', fields: [{ field: `emailDomains.${domain}`, rule: 'publicDomain' }] });
      expect(await owners(domain), domain).toEqual([]);
    }
  });

  it("saves the school's own domains again, in any order and case, and gives up the ones it drops", async () => {
    const a = await school();
    const b = await school();
    expect((await a.save(`${a.domain} staff.${a.domain}`)).status).toBe(200);
    const again = await a.save(`STAFF.${a.domain} ${a.domain}`, { allowQrLogin: true });
    expect(again.status, again.text).toBe(200);
    expect(again.body.data).toMatchObject({ emailDomains: [a.domain, `staff.${a.domain}`], allowQrLogin: true });
    expect((await a.save(a.domain)).status).toBe(200);
    // Dropped, the domain is free for another school.
    expect((await b.save(`staff.${a.domain}`)).status).toBe(200);
    expect(await owners(`staff.${a.domain}`)).toEqual([b.code]);
  });

  it('leaves exactly one owner when several schools claim one domain at the same time', async () => {
    const schools = await Promise.all(Array.from({ length: 6 }, () => school()));
    const contested = `contested-${tag()}.edu.hk`;
    const answers = await Promise.all(schools.map((s) => s.save(`${s.domain} ${contested}`)));
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses).toEqual([200, 409, 409, 409, 409, 409]);
    for (const answer of answers.filter((a) => a.status === 409)) {
      expect(answer.body.error).toMatchObject({ code: 'teacherDomainTaken', fields: [{ field: `emailDomains.${contested}`, rule: 'domainTaken' }] });
    }
    const winner = schools[answers.findIndex((answer) => answer.status === 200)]!;
    expect(await owners(contested)).toEqual([winner.code]);
    // The refused schools changed nothing, not even their own domain.
    for (const loser of schools.filter((s) => s !== winner)) expect(await stored(loser.code)).toEqual([]);
  });

  it("keeps a school's staff registration working after another school tried to take its domain", async () => {
    const a = await school();
    const b = await school();
    expect((await a.save(a.domain)).status).toBe(200);
    expect((await b.save(`${a.domain} gmail.com`)).status).toBe(409);
    const register = (email: string) =>
      server.post(REGISTER, { loginId: uniqueLoginId('staff'), email, enFullName: 'CHAN Tai Man', chFullName: '陳大文', acceptTerms: true, recaptcha: 'token', lang: 'en' });
    const teacher = `teacher.${tag()}@${a.domain}`;
    const accepted = await register(teacher);
    expect(accepted.status, accepted.text).toBe(200);
    expect(accepted.body.data).toEqual({ email: teacher, schoolName: `School ${a.code}` });
    const user = await server.db.selectFrom('users').select(['school_code', 'category']).where('login_email', '=', teacher).executeTakeFirstOrThrow();
    expect(user).toEqual({ school_code: a.code, category: 'SCHOOL_BASED_TEACHER' });
    const outsider = await register(`anyone.${tag()}@gmail.com`);
    expect(outsider.status).toBe(400);
    expect(outsider.body.error.code).toBe('staffEmailDomainNotAccepted');
  });

  it('ignores a public domain a school listed before the rule: no teacher registers with it', async () => {
    const a = await school();
    // Written as an older version could, before public domains were refused.
    const legacy = 'hotmail.com';
    await server.db.insertInto('school_email_domains').values({ school_code: a.code, domain: legacy }).execute();
    const registered = await server.post(REGISTER, { loginId: uniqueLoginId('staff'), email: `x.${tag()}@${legacy}`, enFullName: 'CHAN Tai Man', chFullName: '陳大文', acceptTerms: true, recaptcha: 'token', lang: 'en' });
    expect(registered.status).toBe(400);
    expect(registered.body.error.code).toBe('staffEmailDomainNotAccepted');
    // Saving the list again asks the administrator to remove it.
    const again = await a.save(`${a.domain} ${legacy}`);
    expect(again.body.error).toMatchObject({ code: 'teacherDomainPublic', fields: [{ field: `emailDomains.${legacy}`, rule: 'publicDomain' }] });
    await server.db.deleteFrom('school_email_domains').where('domain', '=', legacy).execute();
  });
});

/** A database with every migration before 0024 applied, of the given kind. */
async function databaseBeforeOwnership(kind: DatabaseKind): Promise<{ database: Database; dir: string; drop: () => Promise<void> }> {
  const source = fileURLToPath(new URL('../../../server/db/migrations/', import.meta.url));
  const dir = mkdtempSync(join(tmpdir(), 'migrations-'));
  for (const file of await migrationFiles(source)) if (file < '0024_') copyFileSync(join(source, file), join(dir, file));
  if (kind === 'pglite') {
    const database = await openDatabase({});
    return { database, dir, drop: async () => (await database.close(), rmSync(dir, { recursive: true, force: true })) };
  }
  const opened = await openTestSchema({ maxConnections: 4 });
  return { ...opened, dir, drop: async () => (await opened.drop(), rmSync(dir, { recursive: true, force: true })) };
}

describe.each(databases)('the ownership migration on $name', { timeout: 120_000 }, ({ name }) => {
  it('folds the stored domains and leaves a contested domain to the school whose addresses use it, else to none', async () => {
    const { database, dir, drop } = await databaseBeforeOwnership(name);
    try {
      await migrate(database, dir);
      const db: Db = database.db;
      for (const code of ['OWNER', 'CLAIMER', 'TIE1', 'TIE2']) await db.insertInto('schools').values({ code, name: code, allow_qr_login: false }).execute();
      await db
        .insertInto('school_email_domains')
        .values([
          { school_code: 'OWNER', domain: 'owner.edu.hk' },
          { school_code: 'CLAIMER', domain: 'owner.edu.hk' },
          { school_code: 'CLAIMER', domain: 'claimer.edu.hk.' },
          { school_code: 'CLAIMER', domain: ' claimer.edu.hk' },
          { school_code: 'TIE1', domain: 'tie.edu.hk' },
          { school_code: 'TIE2', domain: 'tie.edu.hk.' },
        ])
        .execute();
      // The owner's school email list holds an address in the domain: the evidence the migration weighs.
      await sql`INSERT INTO org_accounts (id, school_code, email_address, teacher_type, updated_at, updated_by_login)
        VALUES ('r1', 'OWNER', 'teacher@owner.edu.hk', 'UNIVERSITY_TEACHER', now(), 'admin')`.execute(db);
      expect(await migrate(database)).toContain('0024_teacher_domain_owner.sql');
      const rows = await db.selectFrom('school_email_domains').select(['school_code', 'domain']).orderBy('domain').orderBy('school_code').execute();
      expect(rows).toEqual([
        { school_code: 'CLAIMER', domain: 'claimer.edu.hk' },
        { school_code: 'OWNER', domain: 'owner.edu.hk' },
      ]);
    } finally {
      await drop();
    }
  });
});
