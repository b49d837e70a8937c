import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { HOUR, MINUTE, NEW_PASSWORD, createAccount, databases, emailsTo, signIn, useTestServer, tableCounts, tokenFromEmail, uniqueLoginId } from '../support.ts';

describe.each(databases)('staff registration (/edb/register) on $name', ({ name }) => {
  /** Tokens ending in "-robot" fail the check, like a real verifier refusing a bot. */
  const recaptcha = async (token: string) => token.length > 0 && !token.endsWith('-robot');
  const school = { code: `S${randomBytes(3).toString('hex').toUpperCase()}`, name: 'St. Test Secondary School', chineseName: '聖測試中學' };
  const domain = `${school.code.toLowerCase()}.edu.hk`;

  const server = useTestServer(name, { recaptcha });
  beforeAll(async () => {
    await server.db.insertInto('schools').values({ code: school.code, name: school.name, chinese_name: school.chineseName, allow_qr_login: false }).execute();
    await server.db
      .insertInto('school_email_domains')
      .values([
        { school_code: school.code, domain },
        { school_code: school.code, domain: `staff.${domain}` },
      ])
      .execute();
  });

  function form(overrides: Record<string, unknown> = {}) {
    const loginId = uniqueLoginId('staff');
    return { loginId, email: `${loginId}@${domain}`, enFullName: 'CHAN Tai Man', chFullName: '陳大文', acceptTerms: true, recaptcha: 'token', lang: 'en', ...overrides };
  }

  /** What a refused registration must leave untouched. */
  async function counts() {
    const staff = await server.db.selectFrom('school_staff').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    return { ...(await tableCounts(server.db)), school_staff: Number(staff.n) };
  }

  it('creates a pending school-based staff account of the school its email domain names, its school record and the activation email', async () => {
    const payload = form({ email: `Mixed.Case@STAFF.${domain.toUpperCase()}`, lang: 'zh_hant' });
    const response = await server.post('/api/edb/register', payload);
    expect(response.status, response.text).toBe(200);
    const email = `mixed.case@staff.${domain}`;
    // Named in the form's language: the school's Chinese name on a Chinese page.
    expect(response.body).toEqual({ data: { email, schoolName: school.chineseName } });
    const user = await server.db.selectFrom('users').selectAll().where('login_id', '=', String(payload.loginId)).executeTakeFirstOrThrow();
    expect(user).toMatchObject({ status: 'pending', category: 'SCHOOL_BASED_TEACHER', school_code: school.code, login_email: email, display_name: 'CHAN Tai Man', password_hash: null });
    const staff = await server.db.selectFrom('school_staff').selectAll().where('user_id', '=', user.id).executeTakeFirstOrThrow();
    expect(staff).toMatchObject({ school_code: school.code, school_email: email, en_full_name: 'CHAN Tai Man', ch_full_name: '陳大文' });
    const [mail] = await emailsTo(server, email);
    expect(mail?.text).toMatch(new RegExp(`${server.config.publicUrl}/zh_hant/user-activate\\?code=`));
  });

  it('activates by the emailed link into an active school-based teacher of that school, with the teacher profile permission', async () => {
    const payload = form();
    expect((await server.post('/api/edb/register', payload)).status).toBe(200);
    const token = tokenFromEmail((await emailsTo(server, String(payload.email)))[0]);
    const activated = await server.post('/api/user-activate', { encryptCode: token, newPassword: NEW_PASSWORD, confirmNewPassword: NEW_PASSWORD });
    expect(activated.status, activated.text).toBe(200);
    const cookie = await signIn(server, String(payload.loginId), NEW_PASSWORD);
    const me = await server.get('/api/users/me', { cookie });
    expect(me.body.data).toMatchObject({ category: 'SCHOOL_BASED_TEACHER', schoolCode: school.code, loginEmail: payload.email });
    expect(me.body.data.permissions).toContain('profile.teacher');
    // The school staff info page reads the names and school email the registration recorded.
    const info = await server.get('/api/school-staff-info', { cookie });
    expect(info.status, info.text).toBe(200);
    expect(info.body.data).toMatchObject({ values: { enFullName: 'CHAN Tai Man', chFullName: '陳大文' }, schoolEmail: payload.email, school: { code: school.code } });
  });

  it('reports every problem of the form at once: taken login ID, a domain no school lists, indecent name', async () => {
    const existing = await createAccount(server);
    const before = await counts();
    const response = await server.post('/api/edb/register', form({ loginId: existing.loginId.toUpperCase(), email: 'someone@gmail.com', enFullName: 'fuck you' }));
    expect(response.status).toBe(409);
    expect(response.body.error.code).toBe('loginIdTaken');
    expect(response.body.error.fields).toEqual([
      { field: 'loginId', rule: 'taken' },
      { field: 'email', rule: 'schoolDomain' },
      { field: 'enFullName', rule: 'indecent' },
    ]);
    expect(await counts()).toEqual(before);
  });

  it('refuses an email whose domain no school lists with staffEmailDomainNotAccepted, also a parent domain of a listed one', async () => {
    const before = await counts();
    for (const email of ['teacher@gmail.com', `teacher@other.${domain}`, 'teacher@edu.hk']) {
      const response = await server.post('/api/edb/register', form({ email }));
      expect(response.status, email).toBe(400);
      expect(response.body.error).toMatchObject({ code: 'staffEmailDomainNotAccepted', fields: [{ field: 'email', rule: 'schoolDomain' }] });
    }
    expect(await counts()).toEqual(before);
  });

  it('registers into the one school a domain belongs to: a second school cannot list it (issue 21)', async () => {
    const other = `S${randomBytes(3).toString('hex').toUpperCase()}`;
    await server.db.insertInto('schools').values({ code: other, name: 'Other School', allow_qr_login: false }).execute();
    await expect(server.db.insertInto('school_email_domains').values({ school_code: other, domain }).execute()).rejects.toThrow();
    const response = await server.post('/api/edb/register', form());
    expect(response.status, response.text).toBe(200);
    expect(response.body.data.schoolName).toBe(school.name);
  });

  it('names the school in the form’s language: Chinese in both Chinese languages, English in English and while no Chinese name is known', async () => {
    const named = async (lang: string) => (await server.post('/api/edb/register', form({ lang }))).body.data.schoolName;
    expect([await named('zh_hans'), await named('en')]).toEqual([school.chineseName, school.name]);
    await server.db.updateTable('schools').set({ chinese_name: null }).where('code', '=', school.code).execute();
    try {
      expect(await named('zh_hant')).toBe(school.name);
    } finally {
      await server.db.updateTable('schools').set({ chinese_name: school.chineseName }).where('code', '=', school.code).execute();
    }
  });

  it('answers emailTaken for a login email in use, whatever the case', async () => {
    const existing = await createAccount(server, { email: `${uniqueLoginId('t')}@${domain}` });
    const response = await server.post('/api/edb/register', form({ email: (existing.email ?? '').toUpperCase() }));
    expect(response.status).toBe(409);
    expect(response.body.error).toMatchObject({ code: 'emailTaken', fields: [{ field: 'email', rule: 'taken' }] });
  });

  it('needs the terms accepted: termsNotAccepted alone, and every field at once with the other problems', async () => {
    const before = await counts();
    const terms = await server.post('/api/edb/register', form({ acceptTerms: false }));
    expect(terms.status).toBe(400);
    expect(terms.body.error).toMatchObject({ code: 'termsNotAccepted', fields: [{ field: 'acceptTerms', rule: 'accepted' }] });
    const empty = await server.post('/api/edb/register', { loginId: '', email: 'nope', enFullName: '', chFullName: 'x'.repeat(101), acceptTerms: false, recaptcha: '', lang: 'en' });
    expect(empty.status).toBe(400);
    expect(empty.body.error.code).toBe('invalidPayload');
    expect(empty.body.error.fields).toEqual([
      { field: 'loginId', rule: 'required' },
      { field: 'email', rule: 'format' },
      { field: 'enFullName', rule: 'required' },
      { field: 'chFullName', rule: 'maxLength' },
      { field: 'acceptTerms', rule: 'accepted' },
      { field: 'recaptcha', rule: 'recaptcha' },
    ]);
    expect(await counts()).toEqual(before);
  });

  it('checks the robot first, and tells nothing about taken names to a robot', async () => {
    const existing = await createAccount(server);
    const before = await counts();
    const response = await server.post('/api/edb/register', form({ loginId: existing.loginId, recaptcha: 'token-robot' }));
    expect(response.status).toBe(400);
    expect(response.body.error.code).toBe('recaptchaFailed');
    expect(await counts()).toEqual(before);
  });

  it('gives back the login ID and email of a staff registration whose link expired unused', async () => {
    const first = form();
    expect((await server.post('/api/edb/register', first)).status).toBe(200);
    const held = await server.post('/api/edb/register', form({ loginId: first.loginId, email: first.email }));
    expect(held.body.error.fields).toEqual([
      { field: 'loginId', rule: 'taken' },
      { field: 'email', rule: 'taken' },
    ]);
    server.clock.advance(72 * HOUR + MINUTE);
    const again = await server.post('/api/edb/register', form({ loginId: first.loginId, email: first.email }));
    expect(again.status, again.text).toBe(200);
  });

  it('answers no 5xx to payloads of the wrong shape', async () => {
    for (const body of [null, [], 'text', { loginId: 1, email: {}, enFullName: [], chFullName: null, acceptTerms: 'yes', recaptcha: 5, lang: 'xx' }]) {
      const response = await server.post('/api/edb/register', body);
      expect(response.status, JSON.stringify(body)).toBeGreaterThanOrEqual(400);
      expect(response.status, JSON.stringify(body)).toBeLessThan(500);
    }
    const malformed = await server.request('POST', '/api/edb/register', { raw: '{"loginId":', headers: { 'content-type': 'application/json' } });
    expect(malformed.status).toBe(400);
  });

  it('refuses a cross-site registration (Origin check)', async () => {
    const response = await server.post('/api/edb/register', form(), { headers: { origin: 'https://evil.example' } });
    expect(response.status).toBe(403);
    expect(response.body.error.code).toBe('crossSiteRequest');
  });
});
