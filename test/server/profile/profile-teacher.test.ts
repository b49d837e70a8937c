import { beforeAll, describe, expect, it } from 'vitest';
import { HOUR, databases, useTestServer } from '../support.ts';
import { createSchool, expectData, expectRefused, profileSnapshot, profileUser, teacherProfile } from './profile-fixtures.ts';

describe.each(databases)('teacher, parent and school staff calls on $name', ({ name }) => {
  let school: { code: string; name: string; chineseName: string };
  let otherSchool: { code: string; name: string };
  const server = useTestServer(name);
  beforeAll(async () => {
    school = await createSchool(server.db, ['school-a.edu.hk', 'staff.school-a.edu.hk']);
    otherSchool = await createSchool(server.db, ['school-b.edu.hk']);
  });

  describe('/api/profile/teacher', () => {
    it('a school-based teacher reads an unsaved profile with the school, its domains and the school email', async () => {
      const teacher = await profileUser(server, { category: 'SCHOOL_BASED_TEACHER', schoolCode: school.code });
      await server.db
        .insertInto('school_staff')
        .values({ user_id: teacher.account.id, school_code: school.code, school_email: 'tchan@school-a.edu.hk', ch_full_name: '', en_full_name: '', updated_at: server.clock.now() })
        .execute();
      expect(expectData(await teacher.get('/profile/teacher'))).toEqual({
        values: null,
        teacherEmail: null,
        pendingTeacherEmail: null,
        emailDomains: ['school-a.edu.hk', 'staff.school-a.edu.hk'],
        schoolEmail: 'tchan@school-a.edu.hk',
        school,
      });
    });

    it('saves and reads back the profile in catalogue order; the remark goes with OTHERS', async () => {
      const teacher = await profileUser(server, { category: 'INDIVIDUAL_TEACHER' });
      const values = teacherProfile({ teachingLevels: ['special', 'primary'], interests: ['STEM', 'READING'] });
      const data = expectData(await teacher.put('/profile/teacher', values));
      expect(data.values).toEqual({ ...values, teachingLevels: ['primary', 'special'], interests: ['READING', 'STEM'] });
      expect(expectData(await teacher.get('/profile/teacher')).values).toEqual(data.values);
      const withoutOthers = expectData(await teacher.put('/profile/teacher', teacherProfile({ duties: ['LIBRARIAN'], dutyRemark: 'left over' })));
      expect(withoutOthers.values).toMatchObject({ duties: ['LIBRARIAN'], dutyRemark: '' });
    });

    it('an individual teacher sees every domain a school accepts, and no school', async () => {
      const teacher = await profileUser(server, { category: 'INDIVIDUAL_TEACHER' });
      const data = expectData(await teacher.get('/profile/teacher'));
      expect(data.school).toBeNull();
      expect(data.emailDomains).toEqual(expect.arrayContaining(['school-a.edu.hk', 'staff.school-a.edu.hk', 'school-b.edu.hk']));
      expect([...data.emailDomains].sort()).toEqual(data.emailDomains);
    });

    it('shows the verified teacher email and the one waiting for its link', async () => {
      const teacher = await profileUser(server, { category: 'SCHOOL_BASED_TEACHER', schoolCode: otherSchool.code });
      expectData(await teacher.put('/profile/teacher', teacherProfile()));
      await server.db.updateTable('teacher_profiles').set({ teacher_email: 'old@school-b.edu.hk' }).where('user_id', '=', teacher.account.id).execute();
      const now = server.clock.now();
      await server.db
        .insertInto('email_changes')
        .values({
          token_hash: `teacher-${teacher.account.id}`,
          user_id: teacher.account.id,
          kind: 'teacher',
          email: 'new@school-b.edu.hk',
          lang: 'en',
          expires_at: new Date(now.getTime() + HOUR),
          used_at: null,
          superseded_at: null,
          created_at: now,
        })
        .execute();
      const data = expectData(await teacher.get('/profile/teacher'));
      expect(data).toMatchObject({ teacherEmail: 'old@school-b.edu.hk', pendingTeacherEmail: 'new@school-b.edu.hk' });
      // Saving the form keeps the teacher email: it changes only through its link.
      expect(expectData(await teacher.put('/profile/teacher', teacherProfile({ institution: 'Another' }))).teacherEmail).toBe('old@school-b.edu.hk');
    });

    it('refuses subjects of a level not chosen, and curricula without the special level, changing nothing', async () => {
      const teacher = await profileUser(server, { category: 'INDIVIDUAL_TEACHER' });
      expectData(await teacher.put('/profile/teacher', teacherProfile()));
      const before = await profileSnapshot(server.db);
      const subjects = await teacher.put('/profile/teacher', teacherProfile({ teachingLevels: ['primary'], specialCurricula: [], subjects: ['PRIMARY.MATHS', 'SECONDARY.PHYSICS'] }));
      expectRefused(subjects, 'invalidPayload', 400);
      expect(subjects.body.error.fields).toEqual([{ field: 'subjects', rule: 'format' }]);
      const curricula = await teacher.put('/profile/teacher', teacherProfile({ teachingLevels: ['primary'], subjects: [], specialCurricula: ['SENIOR'] }));
      expect(curricula.body.error.fields).toEqual([{ field: 'specialCurricula', rule: 'format' }]);
      for (const subject of ['TERTIARY.MATHS', 'PRIMARY.PHYSICS', 'MATHS', 'PRIMARY.', 'NURSERY.MATHS', 'primary.MATHS']) {
        const response = await teacher.put('/profile/teacher', teacherProfile({ teachingLevels: ['primary', 'tertiary'], subjects: [subject] }));
        expectRefused(response, 'invalidPayload', 400);
        expect(response.body.error.fields[0].field).toMatch(/^subjects/);
      }
      expect(await profileSnapshot(server.db)).toBe(before);
    });

    it('refuses an indecent institution or remark, an unknown type, a remark missing for OTHERS and a retype that differs', async () => {
      const teacher = await profileUser(server, { category: 'INDIVIDUAL_TEACHER' });
      const before = await profileSnapshot(server.db);
      const indecent = await teacher.put('/profile/teacher', teacherProfile({ institution: '屌你老母學校', dutyRemark: 'fuck' }));
      expectRefused(indecent, 'indecentLanguage', 400);
      expect(indecent.body.error.fields).toEqual([
        { field: 'institution', rule: 'indecent' },
        { field: 'dutyRemark', rule: 'indecent' },
      ]);
      expectRefused(await teacher.put('/profile/teacher', { ...teacherProfile(), teacherType: 'wizard' }), 'invalidPayload', 400);
      const remark = await teacher.put('/profile/teacher', teacherProfile({ duties: ['OTHERS'], dutyRemark: ' ' }));
      expect(remark.body.error.fields).toEqual([{ field: 'dutyRemark', rule: 'required' }]);
      const retype = await teacher.put('/profile/teacher', teacherProfile({ confirmUsername: 'other' }));
      expect(retype.body.error.fields).toEqual([{ field: 'confirmUsername', rule: 'sameAs' }]);
      expectRefused(await teacher.put('/profile/teacher', { ...teacherProfile(), schoolEmail: 'me@school-a.edu.hk' }), 'schoolInfoReadOnly', 403);
      expectRefused(await teacher.put('/profile/teacher', { ...teacherProfile(), emailDomains: ['evil.test'] }), 'schoolInfoReadOnly', 403);
      expect(await profileSnapshot(server.db)).toBe(before);
    });

    it('refuses accounts without the teacher profile permission, before reading the body', async () => {
      for (const category of ['PUBLIC', 'STUDENT', 'FULL_MEMBER', 'SCHOOL', 'OTHER'] as const) {
        const user = await profileUser(server, { category });
        const before = await profileSnapshot(server.db);
        expectRefused(await user.get('/profile/teacher'), 'forbidden', 403);
        expectRefused(await user.put('/profile/teacher', teacherProfile()), 'forbidden', 403);
        expectRefused(await user.putRaw('/profile/teacher', '{'), 'forbidden', 403);
        expect(await profileSnapshot(server.db)).toBe(before);
      }
      expectRefused(await server.get('/api/profile/teacher'), 'unauthorized', 401);
      expectRefused(await server.request('PUT', '/api/profile/teacher', { json: teacherProfile() }), 'unauthorized', 401);
    });

    it('a school administrator holds the permission', async () => {
      const admin = await profileUser(server, { category: 'SCHOOL_ADMINISTRATOR', schoolCode: school.code });
      expect(expectData(await admin.put('/profile/teacher', teacherProfile())).values.institution).toBe('Demo Primary School');
    });
  });

  describe('/api/profile/parent', () => {
    it('reads no interests at first, saves them in catalogue order', async () => {
      const parent = await profileUser(server, { category: 'PUBLIC' });
      expect(expectData(await parent.get('/profile/parent'))).toEqual({ values: { interests: [] } });
      expect(expectData(await parent.put('/profile/parent', { interests: ['SPECIAL', 'READING', 'CHILD_DEVELOPMENT'] }))).toEqual({
        values: { interests: ['CHILD_DEVELOPMENT', 'READING', 'SPECIAL'] },
      });
      expect(expectData(await parent.get('/profile/parent')).values.interests).toEqual(['CHILD_DEVELOPMENT', 'READING', 'SPECIAL']);
    });

    it('student and full members hold the permission; teachers and students do not', async () => {
      for (const category of ['STUDENT_MEMBER', 'FULL_MEMBER'] as const) {
        expectData(await (await profileUser(server, { category })).put('/profile/parent', { interests: ['READING'] }));
      }
      for (const category of ['SCHOOL_BASED_TEACHER', 'INDIVIDUAL_TEACHER', 'STUDENT', 'SCHOOL_ADMINISTRATOR'] as const) {
        const user = await profileUser(server, { category, schoolCode: category === 'INDIVIDUAL_TEACHER' ? null : school.code });
        const before = await profileSnapshot(server.db);
        expectRefused(await user.get('/profile/parent'), 'forbidden', 403);
        expectRefused(await user.put('/profile/parent', { interests: ['READING'] }), 'forbidden', 403);
        expect(await profileSnapshot(server.db)).toBe(before);
      }
    });

    it('refuses unknown interests and changes nothing', async () => {
      const parent = await profileUser(server);
      const before = await profileSnapshot(server.db);
      for (const interests of [['GAMBLING'], 'READING', [1], null, Array(9).fill('READING')]) {
        expectRefused(await parent.put('/profile/parent', { interests }), 'invalidPayload', 400);
      }
      expect(await profileSnapshot(server.db)).toBe(before);
    });
  });

  describe('/api/school-staff-info', () => {
    it('a school-based teacher without a row reads empty names, the school and its domains; saving creates the row', async () => {
      const teacher = await profileUser(server, { category: 'SCHOOL_BASED_TEACHER', schoolCode: school.code });
      expect(expectData(await teacher.get('/school-staff-info'))).toEqual({
        values: { chFullName: '', enFullName: '' },
        school,
        schoolEmail: null,
        emailDomains: ['school-a.edu.hk', 'staff.school-a.edu.hk'],
      });
      const saved = expectData(await teacher.put('/school-staff-info', { chFullName: '陳大文', enFullName: 'Chan Tai Man' }));
      expect(saved.values).toEqual({ chFullName: '陳大文', enFullName: 'Chan Tai Man' });
      const row = await server.db.selectFrom('school_staff').selectAll().where('user_id', '=', teacher.account.id).executeTakeFirstOrThrow();
      expect(row).toMatchObject({ school_code: school.code, school_email: null, ch_full_name: '陳大文' });
    });

    it('keeps the school email the administrator set', async () => {
      const teacher = await profileUser(server, { category: 'SCHOOL_BASED_TEACHER', schoolCode: school.code });
      await server.db
        .insertInto('school_staff')
        .values({ user_id: teacher.account.id, school_code: school.code, school_email: 'wong@school-a.edu.hk', ch_full_name: '黃', en_full_name: 'Wong', updated_at: server.clock.now() })
        .execute();
      const saved = expectData(await teacher.put('/school-staff-info', { chFullName: '黃小明', enFullName: 'Wong Siu Ming' }));
      expect(saved.schoolEmail).toBe('wong@school-a.edu.hk');
    });

    it('refuses school fields, indecent names and over-long names, changing nothing', async () => {
      const teacher = await profileUser(server, { category: 'SCHOOL_BASED_TEACHER', schoolCode: school.code });
      const before = await profileSnapshot(server.db);
      expectRefused(await teacher.put('/school-staff-info', { chFullName: '陳', enFullName: 'Chan', schoolEmail: 'me@evil.test' }), 'schoolInfoReadOnly', 403);
      expectRefused(await teacher.put('/school-staff-info', { chFullName: '陳', enFullName: 'Chan', schoolCode: otherSchool.code }), 'schoolInfoReadOnly', 403);
      const indecent = await teacher.put('/school-staff-info', { chFullName: '陳', enFullName: 'Fuck Chan' });
      expectRefused(indecent, 'indecentLanguage', 400);
      expect(indecent.body.error.fields).toEqual([{ field: 'enFullName', rule: 'indecent' }]);
      const long = await teacher.put('/school-staff-info', { chFullName: '陳'.repeat(101), enFullName: 'Chan' });
      expect(long.body.error.fields).toEqual([{ field: 'chFullName', rule: 'maxLength' }]);
      expect(await profileSnapshot(server.db)).toBe(before);
    });

    it('is for school-based teachers only: others with the teacher permission get schoolStaffOnly, the rest forbidden', async () => {
      const cases = [
        { category: 'INDIVIDUAL_TEACHER', schoolCode: null, code: 'schoolStaffOnly' },
        { category: 'SCHOOL_ADMINISTRATOR', schoolCode: school.code, code: 'schoolStaffOnly' },
        { category: 'SCHOOL_BASED_TEACHER', schoolCode: null, code: 'schoolStaffOnly' },
        { category: 'PUBLIC', schoolCode: null, code: 'forbidden' },
        { category: 'STUDENT', schoolCode: school.code, code: 'forbidden' },
        { category: 'STUDENT_MEMBER', schoolCode: null, code: 'forbidden' },
      ] as const;
      for (const { category, schoolCode, code } of cases) {
        const user = await profileUser(server, { category, schoolCode });
        const before = await profileSnapshot(server.db);
        expectRefused(await user.get('/school-staff-info'), code, 403);
        expectRefused(await user.put('/school-staff-info', { chFullName: '陳', enFullName: 'Chan' }), code, 403);
        expect(await profileSnapshot(server.db)).toBe(before);
      }
      expectRefused(await server.get('/api/school-staff-info'), 'unauthorized', 401);
    });
  });
});
