import type { Language } from '../../../contract/languages.ts';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccountCategory } from '../../../contract/index.ts';
import type { Db } from '../../../server/db/schema.ts';
import { EMAIL_CHANGES_PER_DAY } from '../../../server/domain/email-change.ts';
import { isAcceptedEmailDomain } from '../../../server/domain/email-domains.ts';
import { randomToken, sha256 } from '../../../server/domain/tokens.ts';
import { type AccountFixture, HOUR, type TestServer, createAccount, databases, rowCount, emailsTo, signIn, startTestServer, tokenFromEmail } from '../support.ts';

/** Row counts of every table an email change or its link could change. */
async function counts(db: Db): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const table of ['users', 'email_changes', 'outbox', 'teacher_profiles', 'holds'] as const) out[table] = await rowCount(db, table);
  return out;
}

let addresses = 0;
function uniqueEmail(domain = 'example.test'): string {
  addresses++;
  return `new.${addresses.toString(36)}${randomBytes(3).toString('hex')}@${domain}`;
}

describe('the email domain policy', () => {
  const dev = { allowTestDomains: true };
  const prod = { allowTestDomains: false };
  it('accepts ordinary providers, schools and the development domains', () => {
    for (const email of ['a@gmail.com', 'b@netvigator.com', 'c@qq.com', 'd@163.com', 'e@school.edu.hk', 'f@yahoo.com.hk']) {
      expect(isAcceptedEmailDomain(email, prod), email).toBe(true);
    }
    expect(isAcceptedEmailDomain('public1@demo.test', dev)).toBe(true);
  });
  it('refuses reserved names, .test in production, and disposable providers with their subdomains', () => {
    for (const email of ['a@example.com', 'a@mail.example.org', 'a@example.net', 'a@x.invalid', 'a@host.localhost', 'a@foo.example', 'a@localhost', 'a@mailinator.com', 'a@eu.yopmail.com']) {
      expect(isAcceptedEmailDomain(email, dev), email).toBe(false);
    }
    expect(isAcceptedEmailDomain('public1@demo.test', prod)).toBe(false);
  });
});

describe.each(databases)('email changes on $name', ({ name }) => {
  let server: TestServer;
  const lines: string[] = [];
  beforeAll(async () => {
    const capture = (message: string, fields?: Record<string, unknown>) => lines.push(JSON.stringify({ message, ...fields }));
    server = await startTestServer(name, { log: { info: capture, warn: capture, error: capture } });
    await server.db.insertInto('schools').values({ code: 'SCH1', name: 'School One', allow_qr_login: false }).execute();
    await server.db.insertInto('schools').values({ code: 'SCH2', name: 'School Two', allow_qr_login: false }).execute();
    await server.db
      .insertInto('school_email_domains')
      .values([
        { school_code: 'SCH1', domain: 'sch1.edu.test' },
        { school_code: 'SCH2', domain: 'sch2.edu.test' },
      ])
      .execute();
  });
  afterAll(async () => {
    await server.close();
  });

  async function signedIn(category: AccountCategory = 'PUBLIC', schoolCode: string | null = null, language: Language = 'en'): Promise<AccountFixture & { cookie: string }> {
    const account = await createAccount(server, { category, schoolCode, language });
    return { ...account, cookie: await signIn(server, account.loginId) };
  }

  function change(cookie: string, body: Record<string, unknown>) {
    return server.post('/api/profile/email-change', { lang: 'en', ...body }, { cookie });
  }

  function verify(kind: string, token: unknown) {
    return server.post('/api/email-verifications', { kind, token });
  }

  async function linkTo(email: string): Promise<string> {
    const mails = await emailsTo(server, email);
    return tokenFromEmail(mails[0]);
  }

  function userRow(id: string) {
    return server.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  }

  async function teacherProfile(userId: string) {
    await server.db
      .insertInto('teacher_profiles')
      .values({
        user_id: userId,
        teacher_type: 'registered',
        institution: 'School One',
        username: '',
        teaching_levels: [],
        special_curricula: [],
        subjects: [],
        duties: [],
        duty_remark: '',
        interests: [],
        teacher_email: null,
        teacher_email_verified_at: null,
        updated_at: server.clock.now(),
      })
      .execute();
  }

  describe('POST /api/profile/email-change (login)', () => {
    it('emails a 24-hour link to the new address in the account’s language and changes nothing yet', async () => {
      // An email to an account is in its language, whatever page asked (docs/decisions/emails.md).
      const user = await signedIn('PUBLIC', null, 'zh_hant');
      const email = uniqueEmail();
      const response = await change(user.cookie, { kind: 'login', email: email.toUpperCase(), lang: 'en' });
      expect(response.status, response.text).toBe(200);
      const expiresAt = new Date(server.clock.now().getTime() + 24 * HOUR).toISOString();
      expect(response.body).toEqual({ data: { pendingEmail: email, expiresAt } });
      const [mail, ...more] = await emailsTo(server, email);
      expect(more).toEqual([]);
      expect(mail?.subject).toBe('確認你的教育平台登入電郵');
      expect(mail?.text).toContain(user.loginId);
      expect(mail?.text).toMatch(new RegExp(`^${server.config.publicUrl}/zh_hant/login-emails/verify\\?token=[A-Za-z0-9_-]{43}$`, 'm'));
      expect((await userRow(user.id)).login_email).toBe(user.email);
      const row = await server.db.selectFrom('email_changes').selectAll().where('user_id', '=', user.id).executeTakeFirstOrThrow();
      expect(row.token_hash).not.toBe(tokenFromEmail(mail));
      expect(row).toMatchObject({ kind: 'login', email, lang: 'zh_hant', used_at: null, superseded_at: null });
      const status = await server.get('/api/profile/email-change?kind=login', { cookie: user.cookie });
      expect(status.body).toEqual({ data: { kind: 'login', email: user.email, pendingEmail: email } });
    });

    it('writes the English and Simplified Chinese links to their pages, for each kind', async () => {
      const user = await signedIn();
      const login = uniqueEmail();
      await change(user.cookie, { kind: 'login', email: login, lang: 'zh_hans' });
      const [mail] = await emailsTo(server, login);
      expect(mail?.subject).toBe('Confirm your education platform login email');
      expect(mail?.text).toContain(`${server.config.publicUrl}/en/login-emails/verify?token=`);
      const chinese = await signedIn('PUBLIC', null, 'zh_hans');
      const contact = uniqueEmail();
      await change(chinese.cookie, { kind: 'contact', email: contact, lang: 'en' });
      const [contactMail] = await emailsTo(server, contact);
      expect(contactMail?.subject).toBe('确认你的教育平台联系邮箱');
      expect(contactMail?.text).toContain(`${server.config.publicUrl}/zh_hans/contact-emails/verify?token=`);
    });

    it('refuses the current address, a taken one, one pending for another account and a refused domain', async () => {
      const user = await signedIn();
      const other = await signedIn();
      const before = await counts(server.db);
      const cases: [Record<string, unknown>, number, string][] = [
        [{ kind: 'login', email: user.email?.toUpperCase() }, 400, 'emailUnchanged'],
        [{ kind: 'login', email: other.email }, 409, 'loginEmailTaken'],
        [{ kind: 'login', email: 'someone@example.com' }, 400, 'emailDomainNotAccepted'],
        [{ kind: 'login', email: 'someone@mailinator.com' }, 400, 'emailDomainNotAccepted'],
        [{ kind: 'contact', email: user.email }, 400, 'emailUnchanged'],
        [{ kind: 'contact', email: 'x@yopmail.com' }, 400, 'emailDomainNotAccepted'],
      ];
      for (const [body, status, code] of cases) {
        const response = await change(user.cookie, body);
        expect([response.status, response.body.error?.code], JSON.stringify(body)).toEqual([status, code]);
      }
      expect(await counts(server.db)).toEqual(before);

      const wanted = uniqueEmail();
      expect((await change(other.cookie, { kind: 'login', email: wanted })).status).toBe(200);
      const pending = await change(user.cookie, { kind: 'login', email: wanted });
      expect([pending.status, pending.body.error.code]).toEqual([409, 'loginEmailPending']);
      // Once the other account's link has lapsed, the address is free again.
      server.clock.advance(24 * HOUR + 1);
      const again = await signIn(server, user.loginId);
      expect((await change(again, { kind: 'login', email: wanted })).status).toBe(200);
    });

    it('lets a contact email be anyone’s (no uniqueness), only not the current one', async () => {
      const user = await signedIn();
      const other = await signedIn();
      const response = await change(user.cookie, { kind: 'contact', email: other.email });
      expect(response.status, response.text).toBe(200);
    });

    it('refuses bad inputs with a code and changes nothing', async () => {
      const user = await signedIn();
      const before = await counts(server.db);
      const bad: unknown[] = [
        { kind: 'login', email: 'not-an-email', lang: 'en' },
        { kind: 'login', email: `${'a'.repeat(5_000)}@example.test`, lang: 'en' },
        { kind: 'password', email: uniqueEmail(), lang: 'en' },
        { kind: 'login', email: uniqueEmail(), lang: 'fr' },
        { kind: 'login', email: ['a@b.test'], lang: 'en' },
        { kind: 'login', email: '用户@例子.中国', lang: 'en' },
        { kind: 'contact', email: 'ａ@ｂ.com', lang: 'en' },
        { kind: 'contact', email: 'a@b..test', lang: 'en' },
        { kind: 'login', email: 'a@localhost', lang: 'en' },
        {},
      ];
      for (const body of bad) {
        const response = await server.post('/api/profile/email-change', body, { cookie: user.cookie });
        expect([response.status, response.body.error?.code], JSON.stringify(body).slice(0, 80)).toEqual([400, 'invalidPayload']);
      }
      const broken = await server.request('POST', '/api/profile/email-change', { cookie: user.cookie, raw: '{' });
      expect(broken.body.error.code).toBe('malformedJson');
      const status = await server.get('/api/profile/email-change?kind=mobile', { cookie: user.cookie });
      expect([status.status, status.body.error.code]).toEqual([400, 'invalidPayload']);
      expect(await counts(server.db)).toEqual(before);
    });

    it('allows EMAIL_CHANGES_PER_DAY requests a day per account, even in parallel, then emailChangeLimit until the window ends', async () => {
      const user = await signedIn();
      const emails = Array.from({ length: EMAIL_CHANGES_PER_DAY + 4 }, () => uniqueEmail());
      const answers = await Promise.all(emails.map((email, n) => change(user.cookie, { kind: n % 2 ? 'login' : 'contact', email })));
      expect(answers.filter((answer) => answer.status === 200)).toHaveLength(EMAIL_CHANGES_PER_DAY);
      for (const answer of answers.filter((a) => a.status !== 200)) expect([answer.status, answer.body.error.code]).toEqual([429, 'emailChangeLimit']);
      const sent = (await Promise.all(emails.map((email) => emailsTo(server, email)))).flat();
      expect(sent).toHaveLength(EMAIL_CHANGES_PER_DAY);
      server.clock.advance(24 * HOUR);
      const cookie = await signIn(server, user.loginId);
      expect((await change(cookie, { kind: 'contact', email: uniqueEmail() })).status).toBe(200);
    });

    it('answers 401 without a session', async () => {
      const post = await server.post('/api/profile/email-change', { kind: 'login', email: uniqueEmail(), lang: 'en' });
      expect([post.status, post.body.error.code]).toEqual([401, 'unauthorized']);
      const get = await server.get('/api/profile/email-change?kind=login');
      expect(get.status).toBe(401);
    });
  });

  describe('POST /api/email-verifications', () => {
    it('applies a login email change once, notifies the old address, and reports the link used after', async () => {
      const user = await signedIn();
      const email = uniqueEmail();
      await change(user.cookie, { kind: 'login', email, lang: 'en' });
      const token = await linkTo(email);
      // No session needed: the link may be opened in another browser.
      const response = await verify('login', token);
      expect(response.status, response.text).toBe(200);
      expect(response.body).toEqual({ data: { kind: 'login', email, services: [] } });
      expect((await userRow(user.id)).login_email).toBe(email);
      const [notice] = await emailsTo(server, user.email ?? '');
      expect(notice?.subject).toBe('Your education platform login email was changed');
      expect(notice?.text).toContain(`${email[0]}***@example.test`);
      expect(notice?.text).not.toContain(email);
      // A security email like the others (issue 10): what to do if it was not them, with links
      // to the forgotten-password and security pages only.
      expect(notice?.text).toContain('If this was not you, reset your password at once:');
      expect(notice?.text.match(/https?:\/\/\S+/g)).toEqual([`${server.config.publicUrl}/en/forget-password`, `${server.config.publicUrl}/en/profile/security`]);
      const again = await verify('login', token);
      expect([again.status, again.body.error.code]).toEqual([410, 'alreadyUsed']);
      const status = await server.get('/api/profile/email-change?kind=login', { cookie: user.cookie });
      expect(status.body.data).toEqual({ kind: 'login', email, pendingEmail: null });
      // The new login email signs in.
      expect((await server.post('/auth/login', { loginId: email, password: user.password })).status).toBe(200);
    });

    it('sends the notice in the account’s language', async () => {
      const account = await createAccount(server, { language: 'zh_hans' });
      const cookie = await signIn(server, account.loginId);
      const email = uniqueEmail();
      await change(cookie, { kind: 'login', email, lang: 'en' });
      await verify('login', await linkTo(email));
      const [notice] = await emailsTo(server, account.email ?? '');
      expect(notice?.subject).toBe('你的教育平台登录邮箱已更改');
    });

    it('applies a contact email change', async () => {
      const user = await signedIn();
      const email = uniqueEmail();
      await change(user.cookie, { kind: 'contact', email });
      const response = await verify('contact', await linkTo(email));
      expect(response.body.data).toEqual({ kind: 'contact', email, services: [] });
      const row = await userRow(user.id);
      expect([row.contact_email, row.login_email]).toEqual([email, user.email]);
    });

    it('tells expired, superseded, unknown and other-kind links apart, applying nothing', async () => {
      const user = await signedIn();
      const first = uniqueEmail();
      const second = uniqueEmail();
      await change(user.cookie, { kind: 'login', email: first });
      const superseded = await linkTo(first);
      await change(user.cookie, { kind: 'login', email: second });
      const current = await linkTo(second);
      const before = await counts(server.db);
      const cases: [string, string, number, string][] = [
        ['login', superseded, 400, 'linkInvalid'],
        ['contact', current, 400, 'linkInvalid'],
        ['teacher', current, 400, 'linkInvalid'],
        ['login', 'A'.repeat(43), 400, 'linkInvalid'],
        ['login', 'short', 400, 'linkInvalid'],
      ];
      for (const [kind, token, status, code] of cases) {
        const response = await verify(kind, token);
        expect([response.status, response.body.error.code], `${kind} ${token.slice(0, 6)}`).toEqual([status, code]);
      }
      server.clock.advance(24 * HOUR);
      const expired = await verify('login', current);
      expect([expired.status, expired.body.error.code]).toEqual([410, 'expired']);
      expect(await counts(server.db)).toEqual(before);
      expect((await userRow(user.id)).login_email).toBe(user.email);
      for (const body of [{ kind: 'login' }, { kind: 'email', token: current }, { kind: 'login', token: 'x'.repeat(5_000) }, { kind: 'login', token: 42 }]) {
        const response = await server.post('/api/email-verifications', body);
        expect([response.status, response.body.error.code]).toEqual([400, 'invalidPayload']);
      }
    });

    it('answers linkDuplicated and applies nothing when the address became another account’s login email', async () => {
      const first = await signedIn();
      const second = await signedIn();
      const email = uniqueEmail();
      await change(first.cookie, { kind: 'login', email });
      const token = await linkTo(email);
      // The second account takes the address first, by registering it directly.
      await server.db.updateTable('users').set({ login_email: email }).where('id', '=', second.id).execute();
      const outboxBefore = (await counts(server.db)).outbox;
      const response = await verify('login', token);
      expect([response.status, response.body.error.code]).toEqual([409, 'linkDuplicated']);
      expect((await userRow(first.id)).login_email).toBe(first.email);
      expect((await counts(server.db)).outbox).toBe(outboxBefore);
      const row = await server.db.selectFrom('email_changes').select('used_at').where('user_id', '=', first.id).executeTakeFirstOrThrow();
      expect(row.used_at).toBeNull();
    });

    it('applies one link followed 20 times in parallel exactly once', async () => {
      const user = await signedIn();
      const email = uniqueEmail();
      await change(user.cookie, { kind: 'login', email });
      const token = await linkTo(email);
      const results = await Promise.all(Array.from({ length: 20 }, () => verify('login', token)));
      const statuses = results.map((r) => (r.status === 200 ? 'ok' : r.body.error.code));
      expect(statuses.filter((s) => s === 'ok')).toHaveLength(1);
      expect(statuses.filter((s) => s !== 'ok').every((s) => s === 'alreadyUsed')).toBe(true);
      expect(await emailsTo(server, user.email ?? '')).toHaveLength(1);
    });

    it('lets only one of two accounts confirm the same login email in parallel', async () => {
      const email = uniqueEmail();
      const first = await signedIn();
      const second = await signedIn();
      await change(first.cookie, { kind: 'login', email });
      const firstToken = await linkTo(email);
      // Both pending at once (the request refuses that, but a lapsed-and-renewed race can leave it so).
      const secondToken = randomToken();
      await server.db
        .insertInto('email_changes')
        .values({
          token_hash: sha256(secondToken),
          user_id: second.id,
          kind: 'login',
          email,
          lang: 'en',
          expires_at: new Date(server.clock.now().getTime() + HOUR),
          used_at: null,
          superseded_at: null,
          created_at: server.clock.now(),
        })
        .execute();
      const results = await Promise.all([verify('login', firstToken), verify('login', secondToken)]);
      const codes = results.map((r) => (r.status === 200 ? 'ok' : r.body.error.code)).sort();
      expect(codes).toEqual(['linkDuplicated', 'ok']);
      const holders = await server.db.selectFrom('users').select('id').where('login_email', '=', email).execute();
      expect(holders).toHaveLength(1);
    });

    it('never writes a link token into the logs', async () => {
      const user = await signedIn();
      const email = uniqueEmail();
      await change(user.cookie, { kind: 'login', email });
      const token = await linkTo(email);
      await verify('contact', token);
      await verify('login', token);
      expect(lines.join('\n')).not.toContain(token);
    });

    it('still confirms public subscriptions with kind subscription', async () => {
      const email = uniqueEmail();
      await server.post('/api/email-subscriptions', { email, confirmEmail: email, services: ['edPost'], recaptcha: 'token', lang: 'en' });
      const response = await verify('subscription', await linkTo(email));
      expect(response.body).toEqual({ data: { kind: 'subscription', email, services: ['edPost'] } });
    });
  });

  describe('teacher email', () => {
    it('is refused to accounts without the teacher profile permission', async () => {
      const parent = await signedIn('PUBLIC');
      const before = await counts(server.db);
      const response = await change(parent.cookie, { kind: 'teacher', email: uniqueEmail('sch1.edu.test') });
      expect([response.status, response.body.error.code]).toEqual([403, 'forbidden']);
      const status = await server.get('/api/profile/email-change?kind=teacher', { cookie: parent.cookie });
      expect(status.status).toBe(403);
      expect(await counts(server.db)).toEqual(before);
    });

    it('needs a saved teacher profile first', async () => {
      const teacher = await signedIn('INDIVIDUAL_TEACHER');
      const response = await change(teacher.cookie, { kind: 'teacher', email: uniqueEmail('sch1.edu.test') });
      expect([response.status, response.body.error.code]).toEqual([404, 'recordNotFound']);
    });

    it('takes only the own school’s domains for a school-based teacher, any registered domain for an individual one', async () => {
      const schoolTeacher = await signedIn('SCHOOL_BASED_TEACHER', 'SCH1');
      const individual = await signedIn('INDIVIDUAL_TEACHER');
      await teacherProfile(schoolTeacher.id);
      await teacherProfile(individual.id);
      const refused = await change(schoolTeacher.cookie, { kind: 'teacher', email: uniqueEmail('sch2.edu.test') });
      expect([refused.status, refused.body.error.code]).toEqual([400, 'emailDomainNotAccepted']);
      const free = await change(individual.cookie, { kind: 'teacher', email: uniqueEmail('gmail.com') });
      expect(free.body.error.code).toBe('emailDomainNotAccepted');
      expect((await change(individual.cookie, { kind: 'teacher', email: uniqueEmail('sch2.edu.test') })).status).toBe(200);

      const email = uniqueEmail('sch1.edu.test');
      const response = await change(schoolTeacher.cookie, { kind: 'teacher', email, lang: 'en' });
      expect(response.status, response.text).toBe(200);
      const [mail] = await emailsTo(server, email);
      expect(mail?.subject).toBe('Confirm your education platform teacher email');
      expect(mail?.text).toContain(`${server.config.publicUrl}/en/teacher-auths/verify?token=`);
      const verified = await verify('teacher', tokenFromEmail(mail));
      expect(verified.body.data).toEqual({ kind: 'teacher', email, services: [] });
      const profile = await server.db.selectFrom('teacher_profiles').selectAll().where('user_id', '=', schoolTeacher.id).executeTakeFirstOrThrow();
      expect(profile.teacher_email).toBe(email);
      expect(profile.teacher_email_verified_at?.toISOString()).toBe(server.clock.now().toISOString());
      const status = await server.get('/api/profile/email-change?kind=teacher', { cookie: schoolTeacher.cookie });
      expect(status.body.data).toEqual({ kind: 'teacher', email, pendingEmail: null });

      const unchanged = await change(schoolTeacher.cookie, { kind: 'teacher', email });
      expect(unchanged.body.error.code).toBe('emailUnchanged');
      const other = await signedIn('SCHOOL_BASED_TEACHER', 'SCH1');
      await teacherProfile(other.id);
      const taken = await change(other.cookie, { kind: 'teacher', email });
      expect([taken.status, taken.body.error.code]).toEqual([409, 'emailTaken']);
    });

    it('lets only one of two teachers confirm the same teacher email in parallel', async () => {
      const email = uniqueEmail('sch1.edu.test');
      const tokens: string[] = [];
      for (let i = 0; i < 2; i++) {
        const teacher = await signedIn('SCHOOL_BASED_TEACHER', 'SCH1');
        await teacherProfile(teacher.id);
        const token = randomToken();
        tokens.push(token);
        await server.db
          .insertInto('email_changes')
          .values({
            token_hash: sha256(token),
            user_id: teacher.id,
            kind: 'teacher',
            email,
            lang: 'en',
            expires_at: new Date(server.clock.now().getTime() + HOUR),
            used_at: null,
            superseded_at: null,
            created_at: server.clock.now(),
          })
          .execute();
      }
      const results = await Promise.all(tokens.map((token) => verify('teacher', token)));
      expect(results.map((r) => (r.status === 200 ? 'ok' : r.body.error.code)).sort()).toEqual(['linkDuplicated', 'ok']);
      const holders = await server.db.selectFrom('teacher_profiles').select('user_id').where('teacher_email', '=', email).execute();
      expect(holders).toHaveLength(1);
    });
  });
});
