import { randomUUID } from 'node:crypto';
import type { AccountCategory } from '../../contract/index.ts';
import { hashPassword } from '../domain/passwords.ts';
import type { Insertable } from 'kysely';
import type { Db, TeacherProfilesTable, UsersTable } from './schema.ts';

export const DEMO_PASSWORD = 'Portal-Demo-2026';
export const DEMO_SCHOOL = { code: 'DEMO01', name: 'Demo Primary School', allow_qr_login: true };

interface DemoAccount {
  loginId: string;
  email: string | null;
  category: AccountCategory;
  displayName: string;
  school?: boolean;
}

/** The demo accounts of issue 2 (README lists them). All use DEMO_PASSWORD. */
export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  ...Array.from({ length: 8 }, (_, i): DemoAccount => ({
    loginId: `demo_public${i + 1}`,
    email: `public${i + 1}@demo.test`,
    category: 'PUBLIC',
    displayName: `Demo Public ${i + 1}`,
  })),
  { loginId: 'demo_student1', email: null, category: 'STUDENT', displayName: 'Demo Student 1', school: true },
  { loginId: 'demo_studentmember1', email: 'studentmember1@demo.test', category: 'STUDENT_MEMBER', displayName: 'Demo Student Member 1' },
  { loginId: 'demo_fullmember1', email: 'fullmember1@demo.test', category: 'FULL_MEMBER', displayName: 'Demo Full Member 1' },
  { loginId: 'demo_teacher1', email: 'teacher1@demo.test', category: 'SCHOOL_BASED_TEACHER', displayName: 'Demo Teacher 1', school: true },
  { loginId: 'demo_iteacher1', email: 'iteacher1@demo.test', category: 'INDIVIDUAL_TEACHER', displayName: 'Demo Individual Teacher 1' },
  // Seeded without a two-factor email (users.mfa_email, issue 9): its first login sets one up.
  {
    loginId: 'demo_schooladmin1',
    email: 'schooladmin1@demo.test',
    category: 'SCHOOL_ADMINISTRATOR',
    displayName: 'Demo School Administrator 1',
    school: true,
  },
  { loginId: 'demo_school1', email: null, category: 'SCHOOL', displayName: 'Demo Primary School', school: true },
];

const SEEDED_KEY = 'demo_seeded_at';
const PROFILES_SEEDED_KEY = 'demo_profiles_seeded_at';

/**
 * Development only: seeds the demo school and accounts once, then (issue 4) their profiles once,
 * also on a database seeded before profiles existed. Marker rows remember each step, so deleting
 * a demo account or editing a demo profile is not undone by the next start. Returns whether it
 * seeded anything.
 */
export async function seedDemoData(db: Db, now: Date): Promise<boolean> {
  const accounts = await seedDemoAccounts(db, now);
  const profiles = await seedDemoProfiles(db, now);
  const associations = await seedDemoAssociations(db, now);
  const upgrade = await seedUpgradeAccounts(db, now);
  const fullUpgrade = await seedFullUpgradeAccounts(db, now);
  const ssoAdmin = await seedSsoExportAdmin(db, now);
  const orgAccounts = await seedOrgAccountReader(db, now);
  const orgAdmin = await seedOrgSchoolAdmin(db, now);
  return accounts || profiles || associations || upgrade || fullUpgrade || ssoAdmin || orgAccounts || orgAdmin;
}

const UPGRADE_SEEDED_KEY = 'demo_upgrade_seeded_at';

/**
 * Issue 12: an account of DEMO01 that may read the school email list but not change it (the
 * SCHOOL category holds org_account.read only, server/domain/permissions.ts), for its read-only
 * mode. `demo_schooladmin1` has write permission.
 */
export const DEMO_ORG_READER: DemoAccount = { loginId: 'demo_schoolreader1', email: null, category: 'SCHOOL', displayName: 'Demo School Reader 1', school: true };
const ORG_READER_SEEDED_KEY = 'demo_org_reader_seeded_at';

function seedOrgAccountReader(db: Db, now: Date): Promise<boolean> {
  return seedOnce(db, ORG_READER_SEEDED_KEY, now, (tx, passwordHash) => insertDemoAccounts(tx, [DEMO_ORG_READER], passwordHash, now));
}

/**
 * Issue 11: students of DEMO01 who can take the student-member upgrade (two, so one can be
 * upgraded by hand while the other stays for the journeys), seeded once, also on a database
 * seeded before.
 */
export const DEMO_UPGRADE_ACCOUNTS: readonly DemoAccount[] = [
  { loginId: 'demo_student2', email: null, category: 'STUDENT', displayName: 'Demo Student 2', school: true },
  { loginId: 'demo_student3', email: null, category: 'STUDENT', displayName: 'Demo Student 3', school: true },
];

function seedUpgradeAccounts(db: Db, now: Date): Promise<boolean> {
  return seedOnce(db, UPGRADE_SEEDED_KEY, now, (tx, passwordHash) => insertDemoAccounts(tx, DEMO_UPGRADE_ACCOUNTS, passwordHash, now));
}

const FULL_UPGRADE_SEEDED_KEY = 'demo_full_upgrade_seeded_at';

/**
 * Issue 11, second part: a public member kept for trying the full-member upgrade by hand
 * (demo_public9: the other public demo accounts serve other journeys and examples), and a
 * student of DEMO01 whose journey links the student-member upgrade to an existing member account
 * (demo_student4). Seeded once, also on a database seeded before.
 */
export const DEMO_FULL_UPGRADE_ACCOUNTS: readonly DemoAccount[] = [
  { loginId: 'demo_public9', email: 'public9@demo.test', category: 'PUBLIC', displayName: 'Demo Public 9' },
  { loginId: 'demo_student4', email: null, category: 'STUDENT', displayName: 'Demo Student 4', school: true },
];

function seedFullUpgradeAccounts(db: Db, now: Date): Promise<boolean> {
  return seedOnce(db, FULL_UPGRADE_SEEDED_KEY, now, (tx, passwordHash) => insertDemoAccounts(tx, DEMO_FULL_UPGRADE_ACCOUNTS, passwordHash, now));
}

/**
 * Runs `work` once per database: the `app_meta` marker `key` is written in the same transaction,
 * so of two processes starting at once only one seeds. One argon2 hash serves every demo account.
 */
async function seedOnce(db: Db, key: string, now: Date, work: (tx: Db, passwordHash: string) => Promise<void>): Promise<boolean> {
  const done = await db.selectFrom('app_meta').select('value').where('key', '=', key).executeTakeFirst();
  if (done) return false;
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  return db.transaction().execute(async (tx) => {
    const inserted = await tx
      .insertInto('app_meta')
      .values({ key, value: now.toISOString() })
      .onConflict((oc) => oc.column('key').doNothing())
      .returning('key')
      .execute();
    if (inserted.length === 0) return false;
    await work(tx, passwordHash);
    return true;
  });
}

/** Active demo accounts (with the demo school when `school`), in Traditional Chinese. */
async function insertDemoAccounts(tx: Db, accounts: readonly DemoAccount[], passwordHash: string, now: Date): Promise<void> {
  await tx.insertInto('schools').values(DEMO_SCHOOL).onConflict((oc) => oc.column('code').doNothing()).execute();
  await tx
    .insertInto('users')
    .values(
      accounts.map((account) => ({
        id: randomUUID(),
        login_id: account.loginId,
        login_email: account.email,
        contact_email: account.email,
        category: account.category,
        display_name: account.displayName,
        school_code: account.school ? DEMO_SCHOOL.code : null,
        password_hash: passwordHash,
        status: 'active' as const,
        language: 'zh_hant' as const,
        created_at: now,
        activated_at: now,
      })),
    )
    .onConflict((oc) => oc.column('login_id').doNothing())
    .execute();
}

function seedDemoAccounts(db: Db, now: Date): Promise<boolean> {
  return seedOnce(db, SEEDED_KEY, now, (tx, passwordHash) => insertDemoAccounts(tx, DEMO_ACCOUNTS, passwordHash, now));
}

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

/** The profiles of the demo accounts, once; accounts deleted or moved to another school are skipped. */
async function seedDemoProfiles(db: Db, now: Date): Promise<boolean> {
  const done = await db.selectFrom('app_meta').select('value').where('key', '=', PROFILES_SEEDED_KEY).executeTakeFirst();
  if (done) return false;
  return db.transaction().execute(async (tx) => {
    const inserted = await tx
      .insertInto('app_meta')
      .values({ key: PROFILES_SEEDED_KEY, value: now.toISOString() })
      .onConflict((oc) => oc.column('key').doNothing())
      .returning('key')
      .execute();
    if (inserted.length === 0) return false;
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
    return true;
  });
}

/**
 * Issue 11: old student accounts for account association (README "Try it"), in a step of their
 * own so databases seeded before get them once. `demo_oldstudent2` is associated with
 * `demo_fullmember1`; `demo_oldstudent1` is free to associate. Both use DEMO_PASSWORD.
 */
export const DEMO_OLD_STUDENTS = [
  { loginId: 'demo_oldstudent1', displayName: 'Demo Old Student 1' },
  { loginId: 'demo_oldstudent2', displayName: 'Demo Old Student 2' },
] as const;
export const DEMO_ASSOCIATION = { member: 'demo_fullmember1', student: 'demo_oldstudent2' } as const;
const ASSOCIATIONS_SEEDED_KEY = 'demo_associations_seeded_at';

function seedDemoAssociations(db: Db, now: Date): Promise<boolean> {
  return seedOnce(db, ASSOCIATIONS_SEEDED_KEY, now, async (tx, passwordHash) => {
    const school = await tx.selectFrom('schools').select('code').where('code', '=', DEMO_SCHOOL.code).executeTakeFirst();
    await tx
      .insertInto('users')
      .values(
        DEMO_OLD_STUDENTS.map((account) => ({
          id: randomUUID(),
          login_id: account.loginId,
          login_email: null,
          contact_email: null,
          category: 'STUDENT' as const,
          display_name: account.displayName,
          school_code: school ? DEMO_SCHOOL.code : null,
          password_hash: passwordHash,
          status: 'active' as const,
          language: 'zh_hant' as const,
          created_at: now,
          activated_at: now,
          roles: ['STUDENT'],
        })),
      )
      .onConflict((oc) => oc.column('login_id').doNothing())
      .execute();
    const member = await tx.selectFrom('users').select(['id', 'category']).where('login_id', '=', DEMO_ASSOCIATION.member).executeTakeFirst();
    const student = await tx.selectFrom('users').select(['id', 'category']).where('login_id', '=', DEMO_ASSOCIATION.student).executeTakeFirst();
    if (member?.category === 'FULL_MEMBER' && student?.category === 'STUDENT') {
      await tx
        .insertInto('user_relationships')
        .values({ id: randomUUID(), member_id: member.id, associate_id: student.id, nature: 'OLD_STUDENT_ACCOUNT', created_at: now, removed_at: null })
        .onConflict((oc) => oc.column('associate_id').where('removed_at', 'is', null).doNothing())
        .execute();
    }
  });
}

/**
 * Issue 12: a second administrator of DEMO01 whose two-factor email is already set, so the
 * single sign-on export can be tried (and its journey run) without touching demo_schooladmin1,
 * whose first login sets two-factor up (README, the two-factor journey). Seeded once.
 */
export const DEMO_SSO_ADMIN = { loginId: 'demo_ssoadmin1', email: 'ssoadmin1@demo.test', mfaEmail: 'ssoadmin1.mfa@demo.test' } as const;
const SSO_ADMIN_SEEDED_KEY = 'demo_sso_admin_seeded_at';

function seedSsoExportAdmin(db: Db, now: Date): Promise<boolean> {
  return seedOnce(db, SSO_ADMIN_SEEDED_KEY, now, async (tx, passwordHash) => {
    await insertDemoAccounts(
      tx,
      [{ loginId: DEMO_SSO_ADMIN.loginId, email: DEMO_SSO_ADMIN.email, category: 'SCHOOL_ADMINISTRATOR', displayName: 'Demo School Administrator 2', school: true }],
      passwordHash,
      now,
    );
    await tx
      .updateTable('users')
      .set({ mfa_email: DEMO_SSO_ADMIN.mfaEmail, english_given_name: 'Siu Wai', english_surname: 'Ma', chinese_surname: '馬', chinese_given_name: '小慧', roles: ['TEACHER'] })
      .where('login_id', '=', DEMO_SSO_ADMIN.loginId)
      .where('mfa_email', 'is', null)
      .execute();
  });
}

/**
 * Issue 12: a second demo school with its own administrator (write permission, two-factor email
 * already set), so the school email list's imports and the school settings can be tried (and their
 * journeys run) without changing `DEMO01`, whose domains and QR-code login other journeys rely on.
 * Seeded once; the school starts with QR-code login off, one teacher email domain and an empty list.
 */
export const DEMO_ORG_SCHOOL = { code: 'DEMO02', name: 'Demo Secondary School', allow_qr_login: false } as const;
export const DEMO_ORG_SCHOOL_DOMAINS = ['demo-secondary.edu.hk'] as const;
export const DEMO_ORG_ADMIN = { loginId: 'demo_orgadmin1', email: 'orgadmin1@demo.test', mfaEmail: 'orgadmin1.mfa@demo.test' } as const;
const ORG_ADMIN_SEEDED_KEY = 'demo_org_admin_seeded_at';

function seedOrgSchoolAdmin(db: Db, now: Date): Promise<boolean> {
  return seedOnce(db, ORG_ADMIN_SEEDED_KEY, now, async (tx, passwordHash) => {
    await tx.insertInto('schools').values(DEMO_ORG_SCHOOL).onConflict((oc) => oc.column('code').doNothing()).execute();
    await tx
      .insertInto('school_email_domains')
      .values(DEMO_ORG_SCHOOL_DOMAINS.map((domain) => ({ school_code: DEMO_ORG_SCHOOL.code, domain })))
      .onConflict((oc) => oc.column('domain').doNothing())
      .execute();
    await tx
      .insertInto('users')
      .values({
        id: randomUUID(),
        login_id: DEMO_ORG_ADMIN.loginId,
        login_email: DEMO_ORG_ADMIN.email,
        contact_email: DEMO_ORG_ADMIN.email,
        mfa_email: DEMO_ORG_ADMIN.mfaEmail,
        category: 'SCHOOL_ADMINISTRATOR',
        display_name: 'Demo School Administrator 3',
        english_given_name: 'Wing Sze',
        english_surname: 'Ho',
        chinese_surname: '何',
        chinese_given_name: '詠詩',
        school_code: DEMO_ORG_SCHOOL.code,
        password_hash: passwordHash,
        status: 'active',
        language: 'zh_hant',
        created_at: now,
        activated_at: now,
      })
      .onConflict((oc) => oc.column('login_id').doNothing())
      .execute();
  });
}
