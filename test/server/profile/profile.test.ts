import { describe, expect, it } from 'vitest';
import { HOUR, MINUTE, databases, emailsTo, useTestServer, tokenFromEmail } from '../support.ts';
import {
  type ProfileUser,
  basicProfile,
  createSchool,
  expectData,
  expectRefused,
  profileSnapshot,
  profileUser,
  uniqueNickname,
} from './profile-fixtures.ts';

describe.each(databases)('basic profile calls on $name', ({ name }) => {
  const server = useTestServer(name);

  const userRow = (id: string) => server.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  describe('GET /api/profile', () => {
    it('answers 401 without a session', async () => {
      expectRefused(await server.get('/api/profile'), 'unauthorized', 401);
    });

    it('shows a new account with empty fields, no mobile, no school and no links', async () => {
      const user = await profileUser(server);
      const data = expectData(await user.get('/profile'));
      expect(data).toEqual({
        loginId: user.account.loginId,
        // The name given at registration (issue 13 item 4): the page shows it while no nickname is saved.
        displayName: `Test ${user.account.loginId}`,
        category: 'PUBLIC',
        loginEmail: user.account.email,
        pendingLoginEmail: null,
        contactEmail: user.account.email,
        pendingContactEmail: null,
        mobile: null,
        values: {
          title: '',
          chineseSurname: '',
          chineseGivenName: '',
          englishSurname: '',
          englishGivenName: '',
          nickname: '',
          gender: '',
          yearOfBirth: '',
          roles: [],
          region: '',
          district: '',
          addressLine1Zh: '',
          addressLine2Zh: '',
          addressLine1En: '',
          addressLine2En: '',
          subscriptions: [],
        },
        pendingSubscriptions: null,
        thirdPartyLinks: [],
        school: null,
        schoolReadOnly: false,
      });
    });

    it("shows a student's school read-only, with both its names", async () => {
      const school = await createSchool(server.db);
      expect(school.chineseName).not.toBe('');
      const student = await profileUser(server, { category: 'STUDENT', email: null, schoolCode: school.code });
      const data = expectData(await student.get('/profile'));
      expect(data.school).toEqual(school);
      expect(data.schoolReadOnly).toBe(true);
      const teacher = await profileUser(server, { category: 'SCHOOL_BASED_TEACHER', schoolCode: school.code });
      const teacherData = expectData(await teacher.get('/profile'));
      expect(teacherData.school).toEqual(school);
      expect(teacherData.schoolReadOnly).toBe(false);
    });

    it('shows the login and contact emails waiting for their links, not superseded, used or lapsed ones', async () => {
      const user = await profileUser(server);
      const now = server.clock.now();
      const row = (kind: 'login' | 'contact', email: string, extra: Record<string, unknown> = {}) => ({
        token_hash: `${kind}-${email}`,
        user_id: user.account.id,
        kind,
        email,
        lang: 'en' as const,
        expires_at: new Date(now.getTime() + HOUR),
        used_at: null,
        superseded_at: null,
        created_at: new Date(now.getTime() - MINUTE),
        ...extra,
      });
      await server.db
        .insertInto('email_changes')
        .values([
          row('login', 'old-login@example.test', { superseded_at: now, created_at: new Date(now.getTime() - 2 * MINUTE) }),
          row('login', 'new-login@example.test'),
          row('contact', 'used@example.test', { used_at: now }),
          row('contact', 'lapsed@example.test', { expires_at: now }),
        ])
        .execute();
      const data = expectData(await user.get('/profile'));
      expect(data.pendingLoginEmail).toBe('new-login@example.test');
      expect(data.pendingContactEmail).toBeNull();
    });

    it('shows the mobile number and whether it is verified', async () => {
      const user = await profileUser(server);
      await server.db.updateTable('users').set({ mobile_country_code: '852', mobile_number: '91234567' }).where('id', '=', user.account.id).execute();
      expect(expectData(await user.get('/profile')).mobile).toEqual({ countryCode: '852', mobile: '91234567', verified: false });
      await server.db.updateTable('users').set({ mobile_verified_at: server.clock.now() }).where('id', '=', user.account.id).execute();
      expect(expectData(await user.get('/profile')).mobile).toEqual({ countryCode: '852', mobile: '91234567', verified: true });
    });
  });

  describe('PUT /api/profile/basic', () => {
    it('stores every field and answers them as stored', async () => {
      const user = await profileUser(server);
      const values = basicProfile({ roles: ['PARENT', 'TEACHER'], title: 'mrs' });
      const saved = expectData(await user.put('/profile/basic', values));
      const read = expectData(await user.get('/profile'));
      expect(saved).toEqual({ values: { ...values, roles: ['TEACHER', 'PARENT'] }, displayName: read.displayName, pendingSubscriptions: null, confirmationEmail: null });
      expect(read.values).toEqual(saved.values);
      const row = await userRow(user.account.id);
      expect(row).toMatchObject({ title: 'mrs', chinese_surname: '陳', year_of_birth: 1990, district: 'SHA_TIN', nickname: null });
    });

    it('trims the text fields', async () => {
      const user = await profileUser(server);
      const saved = expectData(await user.put('/profile/basic', basicProfile({ englishSurname: '  Chan  ' })));
      expect(saved.values.englishSurname).toBe('Chan');
    });

    it('clears empty choices: no title, gender, year of birth or region', async () => {
      const user = await profileUser(server);
      await user.put('/profile/basic', basicProfile());
      const saved = expectData(await user.put('/profile/basic', basicProfile({ title: '', gender: '', yearOfBirth: '', region: '', district: '' })));
      expect(saved.values).toMatchObject({ title: '', gender: '', yearOfBirth: '', region: '', district: '' });
      expect(await userRow(user.account.id)).toMatchObject({ title: null, gender: null, year_of_birth: null, region: null, district: null });
    });

    it('keeps a district only for Hong Kong: another region clears it', async () => {
      const user = await profileUser(server);
      const saved = expectData(await user.put('/profile/basic', basicProfile({ region: 'MACAU', district: 'SHA_TIN' })));
      expect(saved.values).toMatchObject({ region: 'MACAU', district: '' });
    });

    it('makes a nickname the name the header shows; clearing it keeps that name', async () => {
      const user = await profileUser(server);
      const nickname = uniqueNickname('Sunny');
      expectData(await user.put('/profile/basic', basicProfile({ nickname })));
      expect(expectData(await user.get('/users/me')).displayName).toBe(nickname);
      const saved = expectData(await user.put('/profile/basic', basicProfile({ nickname: '' })));
      expect(saved.values.nickname).toBe('');
      expect((await userRow(user.account.id)).nickname).toBeNull();
      expect(expectData(await user.get('/users/me')).displayName).toBe(nickname);
    });

    it('lets the owner keep or recase their own nickname', async () => {
      const user = await profileUser(server);
      const nickname = uniqueNickname('owner');
      expectData(await user.put('/profile/basic', basicProfile({ nickname })));
      expectData(await user.put('/profile/basic', basicProfile({ nickname })));
      expect(expectData(await user.put('/profile/basic', basicProfile({ nickname: nickname.toUpperCase() }))).values.nickname).toBe(nickname.toUpperCase());
    });

    it('refuses a nickname another account holds, ignoring case, and changes nothing', async () => {
      const [holder, other] = [await profileUser(server), await profileUser(server)];
      const nickname = uniqueNickname('Taken');
      expectData(await holder.put('/profile/basic', basicProfile({ nickname })));
      const before = await profileSnapshot(server.db);
      const response = await other.put('/profile/basic', basicProfile({ nickname: nickname.toLowerCase(), chineseSurname: '李', subscriptions: ['edPost'] }));
      expectRefused(response, 'nicknameTaken', 409);
      expect(response.body.error.fields).toEqual([{ field: 'nickname', rule: 'taken' }]);
      expect(await profileSnapshot(server.db)).toBe(before);
    });

    it('of two parallel saves of one nickname, exactly one succeeds', async () => {
      const users = [await profileUser(server), await profileUser(server), await profileUser(server)];
      const nickname = uniqueNickname('Race');
      const responses = await Promise.all(users.map((user) => user.put('/profile/basic', basicProfile({ nickname }))));
      expect(responses.map((r) => r.status).sort()).toEqual([200, 409, 409]);
      const holders = await server.db.selectFrom('users').select('id').where('nickname', '=', nickname).execute();
      expect(holders).toHaveLength(1);
    });

    it('refuses indecent names, nickname and address with every field at fault, and changes nothing', async () => {
      const user = await profileUser(server);
      const before = await profileSnapshot(server.db);
      const response = await user.put('/profile/basic', basicProfile({ englishGivenName: 'fuck', nickname: '屌你', addressLine1En: 'f u c k street' }));
      expectRefused(response, 'indecentLanguage', 400);
      expect(response.body.error.fields).toEqual([
        { field: 'englishGivenName', rule: 'indecent' },
        { field: 'nickname', rule: 'indecent' },
        { field: 'addressLine1En', rule: 'indecent' },
      ]);
      expect(await profileSnapshot(server.db)).toBe(before);
    });

    it('accepts innocent names the word list could mistake (Dick Lee, 幹部)', async () => {
      const user = await profileUser(server);
      expectData(await user.put('/profile/basic', basicProfile({ englishGivenName: 'Dick', englishSurname: 'Lee', addressLine1Zh: '幹部宿舍' })));
    });

    it('refuses school information from a student, whatever else the body holds, and changes nothing', async () => {
      const school = await createSchool(server.db);
      const student = await profileUser(server, { category: 'STUDENT', schoolCode: school.code });
      const before = await profileSnapshot(server.db);
      for (const extra of [{ schoolCode: 'OTHER' }, { school: { code: 'X' } }, { schoolName: 'Mine' }, { school_code: 'X' }, { class: '6A' }, { className: '6A' }]) {
        const response = await student.put('/profile/basic', { ...basicProfile(), ...extra });
        expectRefused(response, 'schoolInfoReadOnly', 403);
        expect(response.body.error.fields).toEqual([{ field: Object.keys(extra)[0], rule: 'format' }]);
      }
      expect(await profileSnapshot(server.db)).toBe(before);
    });

    it('refuses school information from any account', async () => {
      const user = await profileUser(server);
      expectRefused(await user.put('/profile/basic', { ...basicProfile(), schoolCode: 'DEMO01' }), 'schoolInfoReadOnly', 403);
    });
  });

  describe('subscription changes on the profile', () => {
    const requestsOf = (userId: string) =>
      server.db.selectFrom('subscription_requests').selectAll().where('user_id', '=', userId).orderBy('created_at').execute();
    const verify = (token: string) => server.post('/api/email-subscriptions/verify', { kind: 'subscription', token });

    async function ask(user: ProfileUser, subscriptions: string[]) {
      return expectData(await user.put('/profile/basic', basicProfile({ subscriptions: subscriptions as never })));
    }

    it('does not apply a change: it emails a 24 h link to the contact email in the account language', async () => {
      const user = await profileUser(server, { language: 'zh_hant' });
      await server.db.updateTable('users').set({ contact_email: `contact-${user.account.loginId}@example.test` }).where('id', '=', user.account.id).execute();
      const contact = `contact-${user.account.loginId}@example.test`;
      const saved = await ask(user, ['teacherInfo', 'edPost']);
      expect(saved).toMatchObject({ pendingSubscriptions: ['edPost', 'teacherInfo'], confirmationEmail: contact });
      expect(saved.values.subscriptions).toEqual([]);
      expect((await userRow(user.account.id)).subscriptions).toEqual([]);
      const [request, ...others] = await requestsOf(user.account.id);
      expect(others).toEqual([]);
      expect(request).toMatchObject({ email: contact, services: ['edPost', 'teacherInfo'], lang: 'zh_hant', used_at: null });
      expect(request!.expires_at.getTime() - server.clock.now().getTime()).toBe(24 * HOUR);
      const [mail] = await emailsTo(server, contact);
      expect(mail?.subject).toBe('確認更改你的教育平台訂閱');
      expect(mail?.text).toContain('教師資訊');
      expect(mail?.text).toMatch(new RegExp(`^${server.config.publicUrl}/zh_hant/subscriptions/verify\\?token=[A-Za-z0-9_-]{43}$`, 'm'));
      expect(expectData(await user.get('/profile')).pendingSubscriptions).toEqual(['edPost', 'teacherInfo']);
      expect(await emailsTo(server, user.account.email!)).toEqual([]);
    });

    it('falls back to the login email and writes English and Simplified Chinese too', async () => {
      for (const [language, subject] of [
        ['en', 'Confirm the change to your education platform subscriptions'],
        ['zh_hans', '确认更改你的教育平台订阅'],
      ] as const) {
        const user = await profileUser(server, { language });
        await server.db.updateTable('users').set({ contact_email: null }).where('id', '=', user.account.id).execute();
        expect((await ask(user, ['parentInfo'])).confirmationEmail).toBe(user.account.email);
        expect((await emailsTo(server, user.account.email!))[0]?.subject).toBe(subject);
      }
    });

    it('following the link replaces the account subscriptions, not the public list; a second use is alreadyUsed', async () => {
      const user = await profileUser(server);
      await ask(user, ['edPost', 'DoNotCall']);
      const token = tokenFromEmail((await emailsTo(server, user.account.email!))[0]);
      expect(expectData(await verify(token))).toEqual({ kind: 'subscription', email: user.account.email, services: ['edPost', 'DoNotCall'] });
      expect((await userRow(user.account.id)).subscriptions).toEqual(['edPost', 'DoNotCall']);
      expect(await server.db.selectFrom('email_subscriptions').selectAll().where('email', '=', user.account.email!).execute()).toEqual([]);
      const data = expectData(await user.get('/profile'));
      expect(data.values.subscriptions).toEqual(['edPost', 'DoNotCall']);
      expect(data.pendingSubscriptions).toBeNull();
      expectRefused(await verify(token), 'alreadyUsed', 410);
    });

    it('unsubscribing from everything is a change too', async () => {
      const user = await profileUser(server);
      await server.db.updateTable('users').set({ subscriptions: ['edPost'] }).where('id', '=', user.account.id).execute();
      expect((await ask(user, [])).pendingSubscriptions).toEqual([]);
      await verify(tokenFromEmail((await emailsTo(server, user.account.email!))[0]));
      expect((await userRow(user.account.id)).subscriptions).toEqual([]);
    });

    it('a newer change replaces the waiting one, whose link then answers expired', async () => {
      const user = await profileUser(server);
      await ask(user, ['edPost']);
      const first = tokenFromEmail((await emailsTo(server, user.account.email!))[0]);
      server.clock.advance(MINUTE);
      await ask(user, ['studentInfo']);
      const mails = await emailsTo(server, user.account.email!);
      expect(mails).toHaveLength(2);
      expectRefused(await verify(first), 'expired', 410);
      expectData(await verify(tokenFromEmail(mails[0])));
      expect((await userRow(user.account.id)).subscriptions).toEqual(['studentInfo']);
    });

    it('saving again with the change still waiting sends no second email', async () => {
      const user = await profileUser(server);
      await ask(user, ['edPost']);
      const saved = await ask(user, ['edPost']);
      expect(saved.pendingSubscriptions).toEqual(['edPost']);
      expect(await emailsTo(server, user.account.email!)).toHaveLength(1);
    });

    it('asking for the subscriptions in force withdraws the waiting change', async () => {
      const user = await profileUser(server);
      await ask(user, ['edPost']);
      const token = tokenFromEmail((await emailsTo(server, user.account.email!))[0]);
      expect((await ask(user, [])).pendingSubscriptions).toBeNull();
      expectRefused(await verify(token), 'expired', 410);
      expect((await userRow(user.account.id)).subscriptions).toEqual([]);
    });

    it('an account without any email cannot change subscriptions, and nothing is saved', async () => {
      const student = await profileUser(server, { category: 'STUDENT', email: null });
      const before = await profileSnapshot(server.db);
      expectRefused(await student.put('/profile/basic', basicProfile({ nickname: uniqueNickname(), subscriptions: ['studentInfo'] })), 'accountHasNoEmail', 409);
      expect(await profileSnapshot(server.db)).toBe(before);
      expectData(await student.put('/profile/basic', basicProfile()));
    });

    it('a link followed 20 times in parallel is applied once', async () => {
      const user = await profileUser(server);
      await ask(user, ['parentInfo']);
      const token = tokenFromEmail((await emailsTo(server, user.account.email!))[0]);
      const responses = await Promise.all(Array.from({ length: 20 }, () => verify(token)));
      expect(responses.filter((r) => r.status === 200)).toHaveLength(1);
      expect(responses.filter((r) => r.status !== 200).every((r) => r.body.error.code === 'alreadyUsed')).toBe(true);
      expect((await userRow(user.account.id)).subscriptions).toEqual(['parentInfo']);
    });

    it('a lapsed link answers expired and changes nothing', async () => {
      const user = await profileUser(server);
      await ask(user, ['parentInfo']);
      const token = tokenFromEmail((await emailsTo(server, user.account.email!))[0]);
      server.clock.advance(24 * HOUR);
      expectRefused(await verify(token), 'expired', 410);
      expect((await userRow(user.account.id)).subscriptions).toEqual([]);
    });
  });

  describe('POST /api/profile/check', () => {
    it('answers no issues for clean values', async () => {
      const user = await profileUser(server);
      expect(expectData(await user.post('/profile/check', { form: 'basic', values: basicProfile({ nickname: uniqueNickname() }) }))).toEqual({ fields: [] });
      expect(expectData(await user.post('/profile/parent/check', { interests: ['READING'] }))).toEqual({ fields: [] });
      expect(expectData(await user.post('/profile/check', { form: 'schoolStaff', values: { chFullName: '陳大文', enFullName: 'Chan Tai Man' } }))).toEqual({ fields: [] });
    });

    it('checks the school staff names for indecent words', async () => {
      const user = await profileUser(server);
      const answer = expectData(await user.post('/profile/check', { form: 'schoolStaff', values: { chFullName: '屌你老母', enFullName: 'Chan Tai Man' } }));
      expect(answer).toEqual({ fields: [{ field: 'chFullName', rule: 'indecent' }] });
    });

    it('names indecent fields and a nickname another account holds, as data', async () => {
      const [holder, user] = [await profileUser(server), await profileUser(server)];
      const nickname = uniqueNickname('Held');
      expectData(await holder.put('/profile/basic', basicProfile({ nickname })));
      const data = expectData(await user.post('/profile/check', { form: 'basic', values: basicProfile({ nickname: nickname.toUpperCase(), chineseGivenName: '屌' }) }));
      expect(data.fields).toEqual([
        { field: 'chineseGivenName', rule: 'indecent' },
        { field: 'nickname', rule: 'taken' },
      ]);
      expect(expectData(await holder.post('/profile/check', { form: 'basic', values: basicProfile({ nickname }) })).fields).toEqual([]);
    });

    it('checks the teacher form: indecent institution or remark, subjects and curricula outside the levels', async () => {
      const user = await profileUser(server);
      const values = {
        teacherType: 'others',
        institution: 'Fuck School',
        username: '',
        confirmUsername: '',
        teachingLevels: ['primary'],
        specialCurricula: ['BASIC'],
        subjects: ['PRIMARY.MATHS', 'SECONDARY.PHYSICS'],
        duties: ['OTHERS'],
        dutyRemark: 'shit duty',
        interests: [],
      };
      expect(expectData(await user.post('/profile/teacher/check', values)).fields).toEqual([
        { field: 'institution', rule: 'indecent' },
        { field: 'dutyRemark', rule: 'indecent' },
        { field: 'subjects', rule: 'format' },
        { field: 'specialCurricula', rule: 'format' },
      ]);
    });

    it('refuses a body that is not a form', async () => {
      const user = await profileUser(server);
      expectRefused(await user.post('/profile/check', { form: 'family', values: {} }), 'invalidPayload', 400);
      // The teacher and parent forms have their own checks (/profile/teacher/check, /profile/parent/check).
      expectRefused(await user.post('/profile/check', { form: 'parent', values: { interests: [] } }), 'invalidPayload', 400);
      expectRefused(await server.post('/api/profile/check', { form: 'basic', values: basicProfile() }), 'unauthorized', 401);
      expectRefused(await server.post('/api/profile/teacher/check', {}), 'unauthorized', 401);
      expectRefused(await server.post('/api/profile/parent/check', { interests: [] }), 'unauthorized', 401);
    });
  });
});
