import type { Insertable } from 'kysely';
import type { Db, TeacherProfilesTable, UsersTable } from '../schema.ts';
import { DEMO_ACCOUNTS } from './accounts.ts';
import { DEMO_SCHOOL, seedOnce } from './demo-accounts.ts';

/** Teacher email domains the demo school accepts (ordinary domains, so every email check passes them). */
export const DEMO_SCHOOL_EMAIL_DOMAINS = ['demo-school.edu.hk', 'teachers.demo-school.edu.hk'] as const;

/** Realistic profiles of the demo accounts, names in Chinese and English; display names stay as listed in README. */
const DEMO_PROFILES: Record<string, Partial<Insertable<UsersTable>>> = {
  demo_public1: {
    title: 'mrs',
    chinese_surname: '張',
    chinese_given_name: '美玲',
    english_surname: 'Cheung',
    english_given_name: 'Mei Ling',
    gender: 'female',
    year_of_birth: 1985,
    roles: ['PARENT'],
    region: 'HONGKONG',
    district: 'KWUN_TONG',
    address_line1_zh: '觀塘道 388 號',
    address_line1_en: '388 Kwun Tong Road',
    subscriptions: ['edPost', 'parentInfo'],
    parent_interests: ['E_LEARNING', 'PARENT_CHILD', 'READING'],
  },
  demo_student1: {
    chinese_surname: '陳',
    chinese_given_name: '小明',
    english_surname: 'Chan',
    english_given_name: 'Siu Ming',
    gender: 'male',
    year_of_birth: 2014,
    roles: ['STUDENT'],
    region: 'HONGKONG',
    district: 'SHA_TIN',
  },
  demo_studentmember1: {
    chinese_surname: '林',
    chinese_given_name: '曉晴',
    english_surname: 'Lam',
    english_given_name: 'Hiu Ching',
    gender: 'female',
    year_of_birth: 2010,
    roles: ['STUDENT'],
    region: 'HONGKONG',
    district: 'TUEN_MUN',
    subscriptions: ['studentInfo'],
  },
  demo_fullmember1: {
    title: 'mr',
    chinese_surname: '何',
    chinese_given_name: '家明',
    english_surname: 'Ho',
    english_given_name: 'Ka Ming',
    gender: 'male',
    year_of_birth: 1980,
    roles: ['PARENT'],
    region: 'MACAU',
    parent_interests: ['CHILD_DEVELOPMENT', 'EDU_AND_CAREERS'],
  },
  demo_teacher1: {
    title: 'ms',
    chinese_surname: '李',
    chinese_given_name: '嘉欣',
    english_surname: 'Lee',
    english_given_name: 'Ka Yan',
    gender: 'female',
    year_of_birth: 1988,
    roles: ['TEACHER'],
    region: 'HONGKONG',
    district: 'WAN_CHAI',
    subscriptions: ['teacherInfo'],
  },
  demo_iteacher1: {
    title: 'mr',
    chinese_surname: '黃',
    chinese_given_name: '志強',
    english_surname: 'Wong',
    english_given_name: 'Chi Keung',
    gender: 'male',
    year_of_birth: 1975,
    roles: ['TEACHER', 'PARENT'],
    region: 'HONGKONG',
    district: 'YUEN_LONG',
  },
  demo_schooladmin1: {
    title: 'miss',
    chinese_surname: '周',
    chinese_given_name: '慧敏',
    english_surname: 'Chow',
    english_given_name: 'Wai Man',
    roles: ['TEACHER'],
  },
};

const DEMO_TEACHER_PROFILES: Record<string, Omit<Insertable<TeacherProfilesTable>, 'user_id' | 'updated_at'>> = {
  demo_teacher1: {
    teacher_type: 'registered',
    institution: DEMO_SCHOOL.name,
    username: 'kylee',
    teaching_levels: ['primary'],
    special_curricula: [],
    subjects: ['PRIMARY.MATHS', 'PRIMARY.GENERAL_STUDIES'],
    duties: ['SUBJECT_TEACHER', 'IT_COORDINATOR'],
    duty_remark: '',
    interests: ['STEM', 'E_LEARNING'],
    teacher_email: 'kylee@demo-school.edu.hk',
  },
  demo_iteacher1: {
    teacher_type: 'preService',
    institution: 'The Education University of Hong Kong',
    username: '',
    teaching_levels: ['secondary', 'special'],
    special_curricula: ['BASIC'],
    subjects: ['SECONDARY.PHYSICS', 'SECONDARY.MATHS', 'SPECIAL.SCIENCE'],
    duties: ['OTHERS'],
    duty_remark: 'Teaching practice',
    interests: ['SPECIAL', 'ASSESSMENT'],
    teacher_email: null,
  },
};

/** The demo school-based teacher as the school knows them (/school-staff-info). */
const DEMO_SCHOOL_STAFF = { loginId: 'demo_teacher1', school_email: 'kylee@demo-school.edu.hk', ch_full_name: '李嘉欣', en_full_name: 'LEE Ka Yan' };

/** The profiles of the demo accounts, once, also on a database seeded before profiles existed; accounts deleted or moved to another school are skipped. */
export function seedDemoProfiles(db: Db, now: Date): Promise<boolean> {
  return seedOnce(db, 'demo_profiles_seeded_at', now, async ({ tx }) => {
    const school = await tx.selectFrom('schools').select('code').where('code', '=', DEMO_SCHOOL.code).executeTakeFirst();
    if (school) {
      await tx
        .insertInto('school_email_domains')
        .values(DEMO_SCHOOL_EMAIL_DOMAINS.map((domain) => ({ school_code: DEMO_SCHOOL.code, domain })))
        .onConflict((oc) => oc.column('domain').doNothing())
        .execute();
    }
    const users = await tx.selectFrom('users').select(['id', 'login_id', 'school_code']).where('login_id', 'in', DEMO_ACCOUNTS.map((a) => a.loginId)).execute();
    const idOf = new Map(users.map((user) => [user.login_id, user]));
    for (const [loginId, profile] of Object.entries(DEMO_PROFILES)) {
      await tx.updateTable('users').set(profile).where('login_id', '=', loginId).execute();
    }
    for (const [loginId, teacher] of Object.entries(DEMO_TEACHER_PROFILES)) {
      const user = idOf.get(loginId);
      if (!user) continue;
      await tx
        .insertInto('teacher_profiles')
        .values({ user_id: user.id, ...teacher, teacher_email_verified_at: teacher.teacher_email ? now : null, updated_at: now })
        .onConflict((oc) => oc.column('user_id').doNothing())
        .execute();
    }
    const staff = idOf.get(DEMO_SCHOOL_STAFF.loginId);
    if (staff && staff.school_code === DEMO_SCHOOL.code) {
      const { loginId: _loginId, ...row } = DEMO_SCHOOL_STAFF;
      await tx
        .insertInto('school_staff')
        .values({ user_id: staff.id, school_code: DEMO_SCHOOL.code, ...row, updated_at: now })
        .onConflict((oc) => oc.column('user_id').doNothing())
        .execute();
    }
  });
}
