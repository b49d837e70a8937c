import type * as v from 'valibot';
import {
  MAJOR_DUTIES,
  PARENT_INTEREST_AREAS,
  SPECIAL_CURRICULA,
  SUBJECT_LEVEL_OF,
  TEACHER_INTEREST_AREAS,
  TEACHING_LEVELS,
  type FieldIssue,
  type ParentProfileData,
  type ParentProfileSchema,
  type Permission,
  type SchoolInfo,
  type SchoolStaffInfoData,
  type SchoolStaffInfoSchema,
  type TeacherProfile,
  type TeacherProfileData,
  type TeacherProfileSchema,
  type TeacherType,
} from '../../contract/index.ts';
import type { Db } from '../db/schema.ts';
import { DomainError } from './errors.ts';
import { assertDecent, indecentFields } from './indecent.ts';
import { permissionsFor } from './permissions.ts';
import { type ProfileActor, pendingEmail, schoolOf } from './profile-reads.ts';

type TeacherValues = v.InferOutput<typeof TeacherProfileSchema>;

/** The catalogue's order, each entry once. */
function ordered<T extends string>(catalogue: readonly T[], chosen: readonly string[]): T[] {
  return catalogue.filter((entry) => chosen.includes(entry));
}

export function assertPermission(actor: ProfileActor, permission: Permission): void {
  if (!permissionsFor(actor.category, { schoolAllowsQrLogin: actor.allow_qr_login }).includes(permission)) {
    throw new DomainError('forbidden');
  }
}

/**
 * Subjects are `LEVEL.CODE`: each must belong to a chosen teaching level. Special education
 * curricula belong to the `special` level and need it chosen (docs/decisions/profile-server.md).
 */
export function teacherLevelIssues(values: Pick<TeacherValues, 'teachingLevels' | 'specialCurricula' | 'subjects'>): FieldIssue[] {
  const levels = new Set<string>(values.teachingLevels.map((level) => SUBJECT_LEVEL_OF[level]));
  const issues: FieldIssue[] = [];
  if (values.subjects.some((subject) => !levels.has(subject.slice(0, subject.indexOf('.'))))) issues.push({ field: 'subjects', rule: 'format' });
  if (values.specialCurricula.length > 0 && !values.teachingLevels.includes('special')) issues.push({ field: 'specialCurricula', rule: 'format' });
  return issues;
}

/**
 * POST /api/profile/teacher/check: the checks a schema cannot make, as data (an empty list when
 * fine): indecent words, subjects or curricula outside the chosen levels.
 */
export function checkTeacherProfile(values: TeacherValues): FieldIssue[] {
  return [...indecentFields({ institution: values.institution, username: values.username, dutyRemark: values.dutyRemark }), ...teacherLevelIssues(values)];
}

/**
 * The teacher email domains shown read-only: the school's, for a teacher with a school; for a
 * teacher without one (individual teachers), every domain some school accepts.
 */
export async function emailDomainsFor(db: Db, schoolCode: string | null): Promise<string[]> {
  let query = db.selectFrom('school_email_domains').select('domain').distinct().orderBy('domain');
  if (schoolCode) query = query.where('school_code', '=', schoolCode);
  return (await query.execute()).map((row) => row.domain);
}

async function schoolEmailOf(db: Db, userId: string): Promise<string | null> {
  const row = await db.selectFrom('school_staff').select('school_email').where('user_id', '=', userId).executeTakeFirst();
  return row?.school_email ?? null;
}

/** GET /api/profile/teacher (permission `profile.teacher`). */
export async function readTeacherProfile(db: Db, actor: ProfileActor, now: Date): Promise<TeacherProfileData> {
  assertPermission(actor, 'profile.teacher');
  const [row, pendingTeacherEmail, emailDomains, schoolEmail, school] = await Promise.all([
    db.selectFrom('teacher_profiles').selectAll().where('user_id', '=', actor.id).executeTakeFirst(),
    pendingEmail(db, actor.id, 'teacher', now),
    emailDomainsFor(db, actor.school_code),
    schoolEmailOf(db, actor.id),
    schoolOf(db, actor.school_code),
  ]);
  const values: TeacherProfile | null = row
    ? {
        teacherType: row.teacher_type as TeacherType,
        institution: row.institution,
        username: row.username,
        confirmUsername: row.username,
        teachingLevels: ordered(TEACHING_LEVELS, row.teaching_levels),
        specialCurricula: ordered(SPECIAL_CURRICULA, row.special_curricula),
        subjects: row.subjects,
        duties: ordered(MAJOR_DUTIES, row.duties),
        dutyRemark: row.duty_remark,
        interests: ordered(TEACHER_INTEREST_AREAS, row.interests),
      }
    : null;
  return { values, teacherEmail: row?.teacher_email ?? null, pendingTeacherEmail, emailDomains, schoolEmail, school };
}

/** PUT /api/profile/teacher: the teacher email changes through its own verified call, not here. */
export async function saveTeacherProfile(db: Db, actor: ProfileActor, input: TeacherValues, now: Date): Promise<TeacherProfileData> {
  assertPermission(actor, 'profile.teacher');
  const issues = teacherLevelIssues(input);
  if (issues.length > 0) throw new DomainError('invalidPayload', { fields: issues });
  assertDecent({ institution: input.institution, username: input.username, dutyRemark: input.dutyRemark });
  const columns = {
    teacher_type: input.teacherType,
    institution: input.institution,
    username: input.username,
    teaching_levels: ordered(TEACHING_LEVELS, input.teachingLevels),
    special_curricula: ordered(SPECIAL_CURRICULA, input.specialCurricula),
    subjects: [...new Set(input.subjects)],
    duties: ordered(MAJOR_DUTIES, input.duties),
    // A remark belongs to OTHERS; without it the remark would linger unseen.
    duty_remark: input.duties.includes('OTHERS') ? input.dutyRemark : '',
    interests: ordered(TEACHER_INTEREST_AREAS, input.interests),
    updated_at: now,
  };
  await db
    .insertInto('teacher_profiles')
    .values({ user_id: actor.id, ...columns })
    .onConflict((oc) => oc.column('user_id').doUpdateSet(columns))
    .execute();
  return readTeacherProfile(db, actor, now);
}

/** GET /api/profile/parent (permission `profile.parent`). */
export async function readParentProfile(db: Db, actor: ProfileActor): Promise<ParentProfileData> {
  assertPermission(actor, 'profile.parent');
  const row = await db.selectFrom('users').select('parent_interests').where('id', '=', actor.id).executeTakeFirstOrThrow();
  return { values: { interests: ordered(PARENT_INTEREST_AREAS, row.parent_interests) } };
}

/** PUT /api/profile/parent */
export async function saveParentProfile(db: Db, actor: ProfileActor, input: v.InferOutput<typeof ParentProfileSchema>): Promise<ParentProfileData> {
  assertPermission(actor, 'profile.parent');
  await db.updateTable('users').set({ parent_interests: ordered(PARENT_INTEREST_AREAS, input.interests) }).where('id', '=', actor.id).execute();
  return readParentProfile(db, actor);
}

/** School staff info is for school-based teachers of a school (SPEC §2, §6). */
export async function assertSchoolStaff(db: Db, actor: ProfileActor): Promise<SchoolInfo> {
  assertPermission(actor, 'profile.teacher');
  const school = actor.category === 'SCHOOL_BASED_TEACHER' ? await schoolOf(db, actor.school_code) : null;
  if (!school) throw new DomainError('schoolStaffOnly', { message: 'Only school-based teachers have school staff information.' });
  return school;
}

/**
 * GET /api/school-staff-info. A school-based teacher without a row yet reads empty names; the
 * first save creates the row for their school (a read never writes).
 */
export async function readSchoolStaffInfo(db: Db, actor: ProfileActor): Promise<SchoolStaffInfoData> {
  const school = await assertSchoolStaff(db, actor);
  const [row, emailDomains] = await Promise.all([
    db.selectFrom('school_staff').select(['ch_full_name', 'en_full_name', 'school_email']).where('user_id', '=', actor.id).executeTakeFirst(),
    emailDomainsFor(db, school.code),
  ]);
  return {
    values: { chFullName: row?.ch_full_name ?? '', enFullName: row?.en_full_name ?? '' },
    school,
    schoolEmail: row?.school_email ?? null,
    emailDomains,
  };
}

/** PUT /api/school-staff-info: the names only; school, school email and domains are the administrator's. */
export async function saveSchoolStaffInfo(db: Db, actor: ProfileActor, input: v.InferOutput<typeof SchoolStaffInfoSchema>, now: Date): Promise<SchoolStaffInfoData> {
  const school = await assertSchoolStaff(db, actor);
  assertDecent({ chFullName: input.chFullName, enFullName: input.enFullName });
  const names = { ch_full_name: input.chFullName, en_full_name: input.enFullName, updated_at: now };
  await db
    .insertInto('school_staff')
    .values({ user_id: actor.id, school_code: school.code, school_email: null, ...names })
    .onConflict((oc) => oc.column('user_id').doUpdateSet(names))
    .execute();
  return readSchoolStaffInfo(db, actor);
}
