import { fromPromise } from 'xstate';
import type { Language } from '../../contract/languages.ts';
import type { BasicProfile, NicknameProposal } from '../../contract/schemas/profile.ts';
import type { ProfileFormCall, ProfileSaved, ProfileValues } from '../../machines/profile/profile-form.machine.ts';
import { call } from './client.ts';
import { checkProfileForm, readProfileForm } from './profile-form-calls.ts';

import * as calls from '../../contract/calls/profile.ts';

/**
 * The actors `profileForm` declares for the basic profile (/profile, /profile/address,
 * /profile/emails), made of the declared profile calls (contract/calls/profile.ts). The school
 * staff info's, the teacher's and the parent's are in ./school-staff.ts, ./teacher-profile.ts and
 * ./parent-profile.ts, so each page downloads only its own actors, calls and schema.
 */
export const basicProfileActors = {
  loadProfile: readProfileForm(calls.profile),
  generateNickname: fromPromise<NicknameProposal, { lang: Language }>(({ input, signal }) => call(calls.nickname, { lang: input.lang }, { signal })),
  checkProfile: checkProfileForm(calls.check),
  saveProfile: fromPromise<ProfileSaved, ProfileFormCall>(async ({ input, signal }) => {
    const answer = await call(calls.saveBasic, input.values as BasicProfile, { signal });
    const confirmation =
      answer.pendingSubscriptions && answer.confirmationEmail ? { email: answer.confirmationEmail, services: answer.pendingSubscriptions } : null;
    return { values: answer.values, confirmation, displayName: answer.displayName };
  }),
};

export type { ProfileValues };
