import * as v from 'valibot';
import { beforeAll, describe, expect, it } from 'vitest';
import { BasicProfileSchema, TeacherProfileSchema } from '../../../contract/index.ts';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, DEMO_ORG_SCHOOL_DOMAINS, DEMO_SCHOOL_EMAIL_DOMAINS, seedDemoData } from '../../../server/db/seed.ts';
import { databases, signIn, useTestServer } from '../support.ts';
import { expectData } from './profile-fixtures.ts';

describe.each(databases)('demo profiles on $name', ({ name }) => {
  const server = useTestServer(name);
  beforeAll(async () => {
    await seedDemoData(server.db, server.clock.now());
  });

  const as = async (loginId: string) => {
    const cookie = await signIn(server, loginId, DEMO_PASSWORD);
    return (path: string) => server.get(`/api${path}`, { cookie });
  };

  it('every demo account reads a profile the basic form accepts as is, names in Chinese and English', async () => {
    for (const account of DEMO_ACCOUNTS) {
      const data = expectData(await (await as(account.loginId))('/profile'));
      expect(v.safeParse(BasicProfileSchema, data.values).success, account.loginId).toBe(true);
      expect(data.loginId).toBe(account.loginId);
    }
    const student = expectData(await (await as('demo_student1'))('/profile'));
    expect(student).toMatchObject({ school: { code: 'DEMO01', name: 'Demo Primary School', chineseName: '示範小學' }, schoolReadOnly: true });
    expect(student.values).toMatchObject({ chineseSurname: '陳', englishGivenName: 'Siu Ming' });
  });

  it('the school-based teacher has a school staff entry, a school email, the school domains and a teacher profile', async () => {
    const get = await as('demo_teacher1');
    const staff = expectData(await get('/school-staff-info'));
    expect(staff).toEqual({
      values: { chFullName: '李嘉欣', enFullName: 'LEE Ka Yan' },
      school: { code: 'DEMO01', name: 'Demo Primary School', chineseName: '示範小學' },
      schoolEmail: 'kylee@demo-school.edu.hk',
      emailDomains: [...DEMO_SCHOOL_EMAIL_DOMAINS],
    });
    const teacher = expectData(await get('/profile/teacher'));
    expect(v.safeParse(TeacherProfileSchema, teacher.values).success).toBe(true);
    expect(teacher).toMatchObject({ teacherEmail: 'kylee@demo-school.edu.hk', schoolEmail: 'kylee@demo-school.edu.hk' });
    const individual = expectData(await (await as('demo_iteacher1'))('/profile/teacher'));
    expect(v.safeParse(TeacherProfileSchema, individual.values).success).toBe(true);
    // An individual teacher may name any school's domain: both demo schools' (DEMO02 is issue 12's second school).
    expect(individual.emailDomains).toEqual([...DEMO_SCHOOL_EMAIL_DOMAINS, ...DEMO_ORG_SCHOOL_DOMAINS].sort());
  });

  it('the parent account has interests; seeding again changes nothing, and a database seeded before profiles gets them once', async () => {
    expect(expectData(await (await as('demo_public1'))('/profile/parent')).values.interests).toEqual(['E_LEARNING', 'PARENT_CHILD', 'READING']);
    expect(await seedDemoData(server.db, server.clock.now())).toBe(false);
    await server.db.deleteFrom('app_meta').where('key', '=', 'demo_profiles_seeded_at').execute();
    expect(await seedDemoData(server.db, server.clock.now())).toBe(true);
    expect(await seedDemoData(server.db, server.clock.now())).toBe(false);
  });
});
