import * as v from 'valibot';
import { FIELD_RULES } from '../errors.ts';
import { declareCall } from '../call.ts';
import {
  BasicProfileSchema,
  NicknameRequestSchema,
  ParentProfileSchema,
  ProfileCheckRequestSchema,
  SchoolStaffInfoSchema,
  TeacherProfileSchema,
  BasicProfileSaveResultSchema,
  NicknameProposalSchema,
  ParentProfileDataSchema,
  ProfileDataSchema,
  SchoolStaffInfoDataSchema,
  TeacherProfileDataSchema,
} from '../schemas/profile.ts';

/** Profiles (docs/api.md "Profile"); email changes, emailed links and mobile codes are in ./verification.ts. */

const FieldIssues = v.array(v.object({ field: v.string(), rule: v.picklist(FIELD_RULES) }));

export const profile = declareCall({
  name: 'profile.read',
  method: 'get',
  path: 'profile',
  session: true,
  response: ProfileDataSchema,
  summary: "The signed-in user's profile: emails, mobile, basic values, school.",
});

export const saveBasic = declareCall({
  name: 'profile.saveBasic',
  method: 'put',
  path: 'profile/basic',
  session: true,
  request: BasicProfileSchema,
  response: BasicProfileSaveResultSchema,
  codes: ['schoolInfoReadOnly', 'indecentLanguage', 'nicknameTaken', 'accountHasNoEmail'],
  summary: 'Saves the basic profile; newsletter sign-ups wait for their emailed confirmation.',
});

export const check = declareCall({
  name: 'profile.check',
  method: 'post',
  path: 'profile/check',
  session: true,
  request: ProfileCheckRequestSchema,
  response: v.object({ fields: FieldIssues }),
  summary: "The server's checks of a profile form (indecent words, a taken nickname) before the confirm dialog.",
  // Any profile form, the teacher's with up to 200 teaching subjects among them.
  bodyLimit: { bytes: 40 * 1024 },
});

export const nickname = declareCall({
  name: 'profile.nickname',
  method: 'post',
  path: 'profile/nickname',
  session: true,
  request: NicknameRequestSchema,
  response: NicknameProposalSchema,
  summary: 'Proposes a free, clean nickname in a language.',
});

export const teacher = declareCall({
  name: 'profile.teacher',
  method: 'get',
  path: 'profile/teacher',
  session: true,
  response: TeacherProfileDataSchema,
  codes: ['forbidden'],
  summary: 'The teacher profile with the school-managed email domains.',
});

export const saveTeacher = declareCall({
  name: 'profile.saveTeacher',
  method: 'put',
  path: 'profile/teacher',
  session: true,
  request: TeacherProfileSchema,
  response: TeacherProfileDataSchema,
  codes: ['forbidden', 'schoolInfoReadOnly', 'indecentLanguage'],
  summary: 'Saves the teacher profile (teachers only).',
  // Up to 200 teaching subjects.
  bodyLimit: { bytes: 40 * 1024 },
});

export const parent = declareCall({
  name: 'profile.parent',
  method: 'get',
  path: 'profile/parent',
  session: true,
  response: ParentProfileDataSchema,
  codes: ['forbidden'],
  summary: 'The parent profile.',
});

export const saveParent = declareCall({
  name: 'profile.saveParent',
  method: 'put',
  path: 'profile/parent',
  session: true,
  request: ParentProfileSchema,
  response: ParentProfileDataSchema,
  codes: ['forbidden', 'schoolInfoReadOnly', 'indecentLanguage'],
  summary: 'Saves the parent profile (parents only).',
});

export const schoolStaff = declareCall({
  name: 'profile.schoolStaff',
  method: 'get',
  path: 'school-staff-info',
  session: true,
  response: SchoolStaffInfoDataSchema,
  codes: ['forbidden', 'schoolStaffOnly'],
  summary: "A school-based teacher's staff information.",
});

export const saveSchoolStaff = declareCall({
  name: 'profile.saveSchoolStaff',
  method: 'put',
  path: 'school-staff-info',
  session: true,
  request: SchoolStaffInfoSchema,
  response: SchoolStaffInfoDataSchema,
  codes: ['forbidden', 'schoolStaffOnly', 'schoolInfoReadOnly', 'indecentLanguage'],
  summary: "Saves a school-based teacher's staff information.",
});
