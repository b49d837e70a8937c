import * as v from 'valibot';
import { NAME_MAX, REMARK_MAX } from '../constants.ts';
import { sameAsCheck } from './common.ts';
import { optionalText, picklistArray, SchoolSchema } from './profile.ts';
import { isTeachingSubjectChoice, type SubjectLevel } from './teaching-subjects.ts';

/*
 * The teacher profile (/profile/teacher): its catalogues, form and answers. Apart from
 * ./profile.ts so that only the teacher page and its calls (contract/calls/teacher-profile.ts)
 * download them and the teaching subjects (vite.config.ts `PROFILE_CONTRACT`; issue 26, item 14).
 */

export type { SubjectLevel };

export const TEACHER_TYPES = ['registered', 'preService', 'prePrimary', 'universityTeacher', 'retired', 'others'] as const;
export type TeacherType = (typeof TEACHER_TYPES)[number];

export const TEACHING_LEVELS = ['prePrimary', 'primary', 'secondary', 'tertiary', 'special'] as const;
export type TeachingLevel = (typeof TEACHING_LEVELS)[number];

export const SPECIAL_CURRICULA = ['BASIC', 'SENIOR', 'BASIC_ID', 'SENIOR_ID'] as const;

export const MAJOR_DUTIES = [
  'PRINCIPAL',
  'VICE_PRINCIPAL',
  'ASSISTANT_PRINCIPAL',
  'DISCIPLINE',
  'SCH_AFFR_OFFICER',
  'SUBJECT_PANEL',
  'SUBJECT_TEACHER',
  'IT_COORDINATOR',
  'LIBRARIAN',
  'CAREER',
  'CDP_COORDINATOR',
  'OTHERS',
] as const;

export const TEACHER_INTEREST_AREAS = [
  'SPECIAL',
  'READING',
  'PARENT_SCH_COOP',
  'WIFI',
  'STEM',
  'ASSESSMENT',
  'RESOURCE',
  'SELF_LEARNING',
  'E_LEARNING',
  'PROFESSIONAL',
] as const;

const TeacherProfileObject = v.object({
  teacherType: v.picklist(TEACHER_TYPES, 'required'),
  institution: v.pipe(v.string('required'), v.trim(), v.nonEmpty('required'), v.maxLength(NAME_MAX, 'maxLength')),
  username: optionalText(NAME_MAX),
  confirmUsername: optionalText(NAME_MAX),
  teachingLevels: picklistArray(TEACHING_LEVELS),
  specialCurricula: picklistArray(SPECIAL_CURRICULA),
  /** `LEVEL.CODE` choices from TEACHING_SUBJECTS (contract/schemas/teaching-subjects.ts). */
  subjects: v.pipe(
    v.array(v.pipe(v.string('format'), v.maxLength(60, 'format'), v.check(isTeachingSubjectChoice, 'format')), 'format'),
    v.maxLength(200, 'maxLength'),
  ),
  duties: picklistArray(MAJOR_DUTIES),
  dutyRemark: optionalText(REMARK_MAX),
  interests: picklistArray(TEACHER_INTEREST_AREAS),
});
type TeacherProfileOutput = v.InferOutput<typeof TeacherProfileObject>;
export const TeacherProfileSchema = v.pipe(
  TeacherProfileObject,
  sameAsCheck<TeacherProfileOutput>('confirmUsername', 'username'),
  v.rawCheck<TeacherProfileOutput>(({ dataset, addIssue }) => {
    if (dataset.typed && dataset.value.duties.includes('OTHERS') && dataset.value.dutyRemark.trim() === '') {
      addIssue({
        message: 'required',
        path: [
          {
            type: 'object',
            origin: 'value',
            input: dataset.value as Record<string, unknown>,
            key: 'dutyRemark',
            value: dataset.value.dutyRemark,
          },
        ],
      });
    }
  }),
);
export type TeacherProfile = v.InferInput<typeof TeacherProfileSchema>;

/** GET /api/profile/teacher */
export const TeacherProfileDataSchema = v.object({
  /** Null fields mean the teacher profile was never saved; the form starts from defaults. */
  values: v.nullable(TeacherProfileSchema),
  teacherEmail: v.nullable(v.string()),
  pendingTeacherEmail: v.nullable(v.string()),
  /** Managed by the school administrator; shown read-only (SPEC §6). */
  emailDomains: v.array(v.string()),
  schoolEmail: v.nullable(v.string()),
  school: v.nullable(SchoolSchema),
});
export type TeacherProfileData = v.InferOutput<typeof TeacherProfileDataSchema>;
