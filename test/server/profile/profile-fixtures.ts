import { randomBytes } from 'node:crypto';
import { expect } from 'vitest';
import type { AccountCategory, BasicProfile, Language, TeacherProfile } from '../../../contract/index.ts';
import type { Db } from '../../../server/db/schema.ts';
import { type AccountFixture, type TestResponse, type TestServer, createAccount, signIn } from '../support.ts';

/** A signed-in account and its calls under /api. */
export interface ProfileUser {
  account: AccountFixture;
  cookie: string;
  get(path: string): Promise<TestResponse>;
  post(path: string, body?: unknown): Promise<TestResponse>;
  put(path: string, body?: unknown): Promise<TestResponse>;
  /** A raw body, sent as is. */
  putRaw(path: string, raw: string): Promise<TestResponse>;
  postRaw(path: string, raw: string): Promise<TestResponse>;
}

export interface ProfileUserOptions {
  category?: AccountCategory;
  email?: string | null;
  schoolCode?: string | null;
  language?: Language;
}

export async function profileUser(server: TestServer, options: ProfileUserOptions = {}): Promise<ProfileUser> {
  const account = await createAccount(server, options);
  const cookie = await signIn(server, account.loginId);
  return {
    account,
    cookie,
    get: (path) => server.get(`/api${path}`, { cookie }),
    post: (path, body) => server.post(`/api${path}`, body, { cookie }),
    put: (path, body) => server.request('PUT', `/api${path}`, { cookie, ...(body !== undefined ? { json: body } : {}) }),
    putRaw: (path, raw) => server.request('PUT', `/api${path}`, { cookie, raw }),
    postRaw: (path, raw) => server.request('POST', `/api${path}`, { cookie, raw }),
  };
}

/** A school with accepted teacher email domains. */
/** A school with both names (issue 26: SPEC's school has a Chinese and an English name), as the profile answers it. */
export async function createSchool(db: Db, domains: string[] = []): Promise<{ code: string; name: string; chineseName: string }> {
  const code = `S${randomBytes(4).toString('hex').toUpperCase()}`;
  const school = { code, name: `School ${code}`, chineseName: `學校${code}` };
  await db.insertInto('schools').values({ code, name: school.name, chinese_name: school.chineseName, allow_qr_login: false }).execute();
  for (const domain of domains) await db.insertInto('school_email_domains').values({ school_code: code, domain }).execute();
  return school;
}

export function basicProfile(overrides: Partial<BasicProfile> = {}): BasicProfile {
  return {
    title: 'ms',
    chineseSurname: '陳',
    chineseGivenName: '小文',
    englishSurname: 'Chan',
    englishGivenName: 'Siu Man',
    nickname: '',
    gender: 'female',
    yearOfBirth: '1990',
    roles: ['PARENT'],
    region: 'HONGKONG',
    district: 'SHA_TIN',
    addressLine1Zh: '沙田大圍村南道 1 號',
    addressLine2Zh: '',
    addressLine1En: '1 Tai Wai Tsuen Road South',
    addressLine2En: 'Sha Tin',
    subscriptions: [],
    ...overrides,
  };
}

export function teacherProfile(overrides: Partial<TeacherProfile> = {}): TeacherProfile {
  return {
    teacherType: 'registered',
    institution: 'Demo Primary School',
    username: 'tchan',
    confirmUsername: 'tchan',
    teachingLevels: ['primary', 'special'],
    specialCurricula: ['BASIC'],
    subjects: ['PRIMARY.MATHS', 'SPECIAL.LIFE_SKILLS'],
    duties: ['SUBJECT_TEACHER', 'OTHERS'],
    dutyRemark: 'Reading club',
    interests: ['STEM', 'READING'],
    ...overrides,
  };
}

let nicknames = 0;
export function uniqueNickname(prefix = 'Nick'): string {
  nicknames++;
  return `${prefix}${nicknames.toString(36)}${randomBytes(3).toString('hex')}`;
}

export function expectData(response: TestResponse): any {
  expect(response.status, response.text).toBe(200);
  return response.body.data;
}

export function expectRefused(response: TestResponse, code: string, status: number): void {
  expect(response.body?.error?.code, `${response.status} ${response.text}`).toBe(code);
  expect(response.status).toBe(status);
}

/**
 * Everything a profile call could change, to prove a refused call changed nothing: the rows of
 * every profile table and the outbox, as JSON.
 */
export async function profileSnapshot(db: Db): Promise<string> {
  const [users, teachers, staff, requests, subscriptions, outbox, domains, schools] = await Promise.all([
    db.selectFrom('users').selectAll().orderBy('id').execute(),
    db.selectFrom('teacher_profiles').selectAll().orderBy('user_id').execute(),
    db.selectFrom('school_staff').selectAll().orderBy('user_id').execute(),
    db.selectFrom('subscription_requests').selectAll().orderBy('token_hash').execute(),
    db.selectFrom('email_subscriptions').selectAll().orderBy('email').execute(),
    db.selectFrom('outbox').select(['id', 'recipient', 'subject']).orderBy('id').execute(),
    db.selectFrom('school_email_domains').selectAll().orderBy('school_code').orderBy('domain').execute(),
    db.selectFrom('schools').selectAll().orderBy('code').execute(),
  ]);
  return JSON.stringify({ users, teachers, staff, requests, subscriptions, outbox, domains, schools });
}
