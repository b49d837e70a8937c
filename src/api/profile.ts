import { fromPromise } from 'xstate';
import type { FieldIssue } from '../../contract/errors.ts';
import type { Language } from '../../contract/languages.ts';
import type { BasicProfile, NicknameProposal, ProfileCheckRequest } from '../../contract/schemas/profile.ts';
import type { ProfileFormCall, ProfileFormLoad, ProfileLoaded, ProfileSaved, ProfileValues } from '../../machines/profile/profile-form.machine.ts';
import { call } from './client.ts';

import * as calls from '../../contract/calls/profile.ts';

/**
 * The actors `profileForm` declares for the basic profile (/profile, /profile/address,
 * /profile/emails), made of the declared profile calls (contract/calls/profile.ts). The school
 * staff info's, the teacher's and the parent's are in ./school-staff.ts, ./teacher-profile.ts and
 * ./parent-profile.ts, so each page downloads only its own actors, calls and schema.
 */
export const basicProfileActors = {
  loadProfile: fromPromise<ProfileLoaded, ProfileFormLoad>(async ({ signal }) => {
    const details = await call(calls.profile, undefined, { signal });
    return { values: details.values, details };
  }),
  generateNickname: fromPromise<NicknameProposal, { lang: Language }>(({ input, signal }) => call(calls.nickname, { lang: input.lang }, { signal })),
  checkProfile: fromPromise<FieldIssue[], ProfileFormCall>(async ({ input, signal }) => (await call(calls.check, input as ProfileCheckRequest, { signal })).fields),
  saveProfile: fromPromise<ProfileSaved, ProfileFormCall>(async ({ input, signal }) => {
    const answer = await call(calls.saveBasic, input.values as BasicProfile, { signal });
    const confirmation =
      answer.pendingSubscriptions && answer.confirmationEmail ? { email: answer.confirmationEmail, services: answer.pendingSubscriptions } : null;
    return { values: answer.values, confirmation, displayName: answer.displayName };
  }),
};

export type { ProfileValues };
