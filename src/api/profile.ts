import { fromPromise } from 'xstate';
import type { FieldIssue } from '../../contract/errors.ts';
import type { Language } from '../../contract/languages.ts';
import type {
  BasicProfile,
  NicknameProposal,
  ParentProfile,
  ProfileCheckRequest,
  SchoolStaffInfo,
  TeacherProfile,
} from '../../contract/schemas/profile.ts';
import {
  EMPTY_PROFILE_VALUES,
  type ProfileFormCall,
  type ProfileFormInput,
  type ProfileLoaded,
  type ProfileSaved,
  type ProfileValues,
} from '../../machines/profile/profile-form.machine.ts';
import { call } from './client.ts';

import * as calls from '../../contract/calls/profile.ts';

/**
 * The actors `profileForm` declares, each made of the declared profile calls
 * (contract/calls/profile.ts). Apart from the other actors so only the profile pages download them.
 */

async function loadProfilePage({ form }: ProfileFormInput, signal: AbortSignal): Promise<ProfileLoaded> {
  switch (form) {
    case 'basic': {
      const details = await call(calls.profile, undefined, { signal });
      return { values: details.values, details };
    }
    case 'teacher': {
      const details = await call(calls.teacher, undefined, { signal });
      // Never saved: the form starts from defaults, with the school's name as the institution.
      const values = details.values ?? { ...(EMPTY_PROFILE_VALUES.teacher as TeacherProfile), institution: details.school?.name ?? '' };
      return { values, details };
    }
    case 'parent': {
      const details = await call(calls.parent, undefined, { signal });
      return { values: details.values, details };
    }
    case 'schoolStaff': {
      const details = await call(calls.schoolStaff, undefined, { signal });
      return { values: details.values, details };
    }
  }
}

async function saveProfilePage({ form, values }: ProfileFormCall, signal: AbortSignal): Promise<ProfileSaved> {
  switch (form) {
    case 'basic': {
      const answer = await call(calls.saveBasic, values as BasicProfile, { signal });
      const confirmation =
        answer.pendingSubscriptions && answer.confirmationEmail ? { email: answer.confirmationEmail, services: answer.pendingSubscriptions } : null;
      return { values: answer.values, confirmation, displayName: answer.displayName };
    }
    case 'teacher':
      return { values: (await call(calls.saveTeacher, values as TeacherProfile, { signal })).values ?? (values as TeacherProfile), confirmation: null };
    case 'parent':
      return { values: (await call(calls.saveParent, values as ParentProfile, { signal })).values, confirmation: null };
    case 'schoolStaff':
      return { values: (await call(calls.saveSchoolStaff, values as SchoolStaffInfo, { signal })).values, confirmation: null };
  }
}

async function checkProfilePage({ form, values }: ProfileFormCall, signal: AbortSignal): Promise<FieldIssue[]> {
  return (await call(calls.check, { form, values } as ProfileCheckRequest, { signal })).fields;
}

/** The actors `profileFormMachine` declares, with the real calls behind them. */
export const profileActors = {
  loadProfile: fromPromise<ProfileLoaded, ProfileFormInput>(({ input, signal }) => loadProfilePage(input, signal)),
  generateNickname: fromPromise<NicknameProposal, { lang: Language }>(({ input, signal }) => call(calls.nickname, { lang: input.lang }, { signal })),
  checkProfile: fromPromise<FieldIssue[], ProfileFormCall>(({ input, signal }) => checkProfilePage(input, signal)),
  saveProfile: fromPromise<ProfileSaved, ProfileFormCall>(({ input, signal }) => saveProfilePage(input, signal)),
};

export type { ProfileValues };
