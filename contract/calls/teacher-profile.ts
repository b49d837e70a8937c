import { declareCall } from '../call.ts';
import { ProfileCheckAnswerSchema } from '../schemas/profile.ts';
import { TeacherProfileDataSchema, TeacherProfileSchema } from '../schemas/teacher-profile.ts';

/**
 * The teacher profile (docs/api.md, group `teacherProfile`; named `profile.*` as before the split), apart from ./profile.ts so that only the
 * teacher page downloads its schema and the teaching subjects (issue 26, item 14).
 */

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

export const check = declareCall({
  name: 'profile.checkTeacher',
  method: 'post',
  path: 'profile/teacher/check',
  session: true,
  request: TeacherProfileSchema,
  response: ProfileCheckAnswerSchema,
  summary: "The server's checks of the teacher profile (indecent words, subjects and curricula outside the levels) before the confirm dialog.",
  // Up to 200 teaching subjects.
  bodyLimit: { bytes: 40 * 1024 },
});
