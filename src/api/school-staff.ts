import { fromPromise } from 'xstate';
import type { FieldIssue } from '../../contract/errors.ts';
import type { ProfileCheckRequest, SchoolStaffInfo } from '../../contract/schemas/profile.ts';
import type { ProfileFormCall, ProfileFormLoad, ProfileLoaded, ProfileSaved } from '../../machines/profile/profile-form.machine.ts';
import { call } from './client.ts';

import * as calls from '../../contract/calls/profile.ts';

/** The actors `profileForm` declares for the school staff info (/school-staff-info), made of its calls in contract/calls/profile.ts. */
export const schoolStaffActors = {
  loadProfile: fromPromise<ProfileLoaded, ProfileFormLoad>(async ({ signal }) => {
    const details = await call(calls.schoolStaff, undefined, { signal });
    return { values: details.values, details };
  }),
  checkProfile: fromPromise<FieldIssue[], ProfileFormCall>(async ({ input, signal }) => (await call(calls.check, input as ProfileCheckRequest, { signal })).fields),
  saveProfile: fromPromise<ProfileSaved, ProfileFormCall>(async ({ input, signal }) => ({
    values: (await call(calls.saveSchoolStaff, input.values as SchoolStaffInfo, { signal })).values,
    confirmation: null,
  })),
};
