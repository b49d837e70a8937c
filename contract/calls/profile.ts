import { declareCall } from '../call.ts';
import {
  BasicProfileSchema,
  NicknameRequestSchema,
  ProfileCheckAnswerSchema,
  ProfileCheckRequestSchema,
  SchoolStaffInfoSchema,
  BasicProfileSaveResultSchema,
  NicknameProposalSchema,
  ProfileDataSchema,
  SchoolStaffInfoDataSchema,
} from '../schemas/profile.ts';

/**
 * Profiles (docs/api.md "Profile"): the basic profile and the school staff info; the teacher and
 * parent profiles in ./teacher-profile.ts and ./parent-profile.ts (only their pages download
 * them); email changes, emailed links and mobile codes in ./verification.ts.
 */

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
  response: ProfileCheckAnswerSchema,
  summary: "The server's checks of the basic profile or the school staff info (indecent words, a taken nickname) before the confirm dialog.",
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
