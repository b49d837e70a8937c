import { declareCall } from '../call.ts';
import { ProfileCheckAnswerSchema } from '../schemas/profile.ts';
import { ParentProfileDataSchema, ParentProfileSchema } from '../schemas/parent-profile.ts';

/** The parent profile (docs/api.md, group `parentProfile`), apart from ./profile.ts so that only the parent page downloads it. */

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

export const check = declareCall({
  name: 'profile.checkParent',
  method: 'post',
  path: 'profile/parent/check',
  session: true,
  request: ParentProfileSchema,
  response: ProfileCheckAnswerSchema,
  summary: "The server's checks of the parent profile before the confirm dialog (none so far: its choices are the schema's).",
});
