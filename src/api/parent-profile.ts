import { fromPromise } from 'xstate';
import type { FieldIssue } from '../../contract/errors.ts';
import type { ParentProfile } from '../../contract/schemas/parent-profile.ts';
import type { ProfileFormCall, ProfileFormLoad, ProfileLoaded, ProfileSaved } from '../../machines/profile/profile-form.machine.ts';
import { call } from './client.ts';

import * as calls from '../../contract/calls/parent-profile.ts';

/** The actors `profileForm` declares for the parent profile (/profile/parent), made of its calls (contract/calls/parent-profile.ts). */
export const parentProfileActors = {
  loadProfile: fromPromise<ProfileLoaded, ProfileFormLoad>(async ({ signal }) => {
    const details = await call(calls.parent, undefined, { signal });
    return { values: details.values, details };
  }),
  checkProfile: fromPromise<FieldIssue[], ProfileFormCall>(async ({ input, signal }) => (await call(calls.check, input.values as ParentProfile, { signal })).fields),
  saveProfile: fromPromise<ProfileSaved, ProfileFormCall>(async ({ input, signal }) => ({
    values: (await call(calls.saveParent, input.values as ParentProfile, { signal })).values,
    confirmation: null,
  })),
};
