import { fromPromise } from 'xstate';
import type { FieldIssue } from '../../contract/errors.ts';
import type { Language } from '../../contract/languages.ts';
import type {
  BasicProfile,
  BasicProfileSaveResult,
  NicknameProposal,
  ParentProfile,
  ParentProfileData,
  ProfileCheckRequest,
  ProfileData,
  SchoolStaffInfo,
  SchoolStaffInfoData,
  TeacherProfile,
  TeacherProfileData,
} from '../../contract/schemas/profile.ts';
import {
  EMPTY_PROFILE_VALUES,
  type ProfileFormCall,
  type ProfileFormInput,
  type ProfileLoaded,
  type ProfileSaved,
  type ProfileValues,
} from '../../machines/profile-form.machine.ts';
import { apiClient, send } from './client.ts';

/**
 * The profile calls of docs/api.md ("Profile"), one typed function each, and the actors
 * `profileForm` declares. Apart from `calls.ts` so that only the profile pages download them.
 */

export function fetchProfile(signal?: AbortSignal): Promise<ProfileData> {
  return send<ProfileData>(apiClient, 'get', 'profile', { signal });
}

export function saveBasicProfile(values: BasicProfile, signal?: AbortSignal): Promise<BasicProfileSaveResult> {
  return send<BasicProfileSaveResult>(apiClient, 'put', 'profile/basic', { json: values, signal });
}

export async function checkProfile(request: ProfileCheckRequest, signal?: AbortSignal): Promise<FieldIssue[]> {
  const answer = await send<{ fields: FieldIssue[] }>(apiClient, 'post', 'profile/check', { json: request, signal });
  return answer.fields;
}

export function generateNickname(lang: Language, signal?: AbortSignal): Promise<NicknameProposal> {
  return send<NicknameProposal>(apiClient, 'post', 'profile/nickname', { json: { lang }, signal });
}

export function fetchTeacherProfile(signal?: AbortSignal): Promise<TeacherProfileData> {
  return send<TeacherProfileData>(apiClient, 'get', 'profile/teacher', { signal });
}

export function fetchParentProfile(signal?: AbortSignal): Promise<ParentProfileData> {
  return send<ParentProfileData>(apiClient, 'get', 'profile/parent', { signal });
}

export function fetchSchoolStaffInfo(signal?: AbortSignal): Promise<SchoolStaffInfoData> {
  return send<SchoolStaffInfoData>(apiClient, 'get', 'school-staff-info', { signal });
}

/** The PUTs of the teacher, parent and staff forms answer the stored values, bare or as `{ values }`. */
function storedValues<T>(answer: T | { values: T } | null | undefined, sent: T): T {
  if (answer && typeof answer === 'object' && 'values' in answer) return (answer as { values: T }).values;
  return (answer as T | null | undefined) ?? sent;
}

export async function saveTeacherProfile(values: TeacherProfile, signal?: AbortSignal): Promise<TeacherProfile> {
  return storedValues(await send<TeacherProfile | { values: TeacherProfile }>(apiClient, 'put', 'profile/teacher', { json: values, signal }), values);
}

export async function saveParentProfile(values: ParentProfile, signal?: AbortSignal): Promise<ParentProfile> {
  return storedValues(await send<ParentProfile | { values: ParentProfile }>(apiClient, 'put', 'profile/parent', { json: values, signal }), values);
}

export async function saveSchoolStaffInfo(values: SchoolStaffInfo, signal?: AbortSignal): Promise<SchoolStaffInfo> {
  return storedValues(await send<SchoolStaffInfo | { values: SchoolStaffInfo }>(apiClient, 'put', 'school-staff-info', { json: values, signal }), values);
}

async function loadProfilePage({ form }: ProfileFormInput, signal: AbortSignal): Promise<ProfileLoaded> {
  switch (form) {
    case 'basic': {
      const details = await fetchProfile(signal);
      return { values: details.values, details };
    }
    case 'teacher': {
      const details = await fetchTeacherProfile(signal);
      // Never saved: the form starts from defaults, with the school's name as the institution.
      const values = details.values ?? { ...(EMPTY_PROFILE_VALUES.teacher as TeacherProfile), institution: details.school?.name ?? '' };
      return { values, details };
    }
    case 'parent': {
      const details = await fetchParentProfile(signal);
      return { values: details.values, details };
    }
    case 'schoolStaff': {
      const details = await fetchSchoolStaffInfo(signal);
      return { values: details.values, details };
    }
  }
}

async function saveProfilePage({ form, values }: ProfileFormCall, signal: AbortSignal): Promise<ProfileSaved> {
  switch (form) {
    case 'basic': {
      const answer = await saveBasicProfile(values as BasicProfile, signal);
      const confirmation =
        answer.pendingSubscriptions && answer.confirmationEmail ? { email: answer.confirmationEmail, services: answer.pendingSubscriptions } : null;
      return { values: answer.values, confirmation };
    }
    case 'teacher':
      return { values: await saveTeacherProfile(values as TeacherProfile, signal), confirmation: null };
    case 'parent':
      return { values: await saveParentProfile(values as ParentProfile, signal), confirmation: null };
    case 'schoolStaff':
      return { values: await saveSchoolStaffInfo(values as SchoolStaffInfo, signal), confirmation: null };
  }
}

async function checkProfilePage({ form, values }: ProfileFormCall, signal: AbortSignal): Promise<FieldIssue[]> {
  return checkProfile({ form, values } as ProfileCheckRequest, signal);
}

/** The actors `profileFormMachine` declares, with the real calls behind them. */
export const profileActors = {
  loadProfile: fromPromise<ProfileLoaded, ProfileFormInput>(({ input, signal }) => loadProfilePage(input, signal)),
  generateNickname: fromPromise<NicknameProposal, { lang: Language }>(({ input, signal }) => generateNickname(input.lang, signal)),
  checkProfile: fromPromise<FieldIssue[], ProfileFormCall>(({ input, signal }) => checkProfilePage(input, signal)),
  saveProfile: fromPromise<ProfileSaved, ProfileFormCall>(({ input, signal }) => saveProfilePage(input, signal)),
};

export type { ProfileValues };
