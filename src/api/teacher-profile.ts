import { fromPromise } from 'xstate';
import type { TeacherProfile } from '../../contract/schemas/teacher-profile.ts';
import { EMPTY_PROFILE_VALUES, type ProfileFormCall, type ProfileFormLoad, type ProfileLoaded, type ProfileSaved } from '../../machines/profile/profile-form.machine.ts';
import { call } from './client.ts';
import { checkProfileValues } from './profile-form-calls.ts';

import * as calls from '../../contract/calls/teacher-profile.ts';

/** The actors `profileForm` declares for the teacher profile (/profile/teacher), made of its calls (contract/calls/teacher-profile.ts). */
export const teacherProfileActors = {
  loadProfile: fromPromise<ProfileLoaded, ProfileFormLoad>(async ({ signal }) => {
    const details = await call(calls.teacher, undefined, { signal });
    // Never saved: the form starts from defaults, with the school's name as the institution.
    const values = details.values ?? { ...(EMPTY_PROFILE_VALUES.teacher as TeacherProfile), institution: details.school?.name ?? '' };
    return { values, details };
  }),
  checkProfile: checkProfileValues(calls.check),
  saveProfile: fromPromise<ProfileSaved, ProfileFormCall>(async ({ input, signal }) => ({
    values: (await call(calls.saveTeacher, input.values as TeacherProfile, { signal })).values ?? (input.values as TeacherProfile),
    confirmation: null,
  })),
};
