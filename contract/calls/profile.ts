import * as v from 'valibot';
import { FIELD_RULES } from '../errors.ts';
import { declareCall } from '../call.ts';
import {
  BasicProfileSchema,
  EMAIL_CHANGE_KINDS,
  EmailChangeRequestSchema,
  EmailVerifyRequestSchema,
  MobileSendCodeRequestSchema,
  MobileVerifyRequestSchema,
  NicknameRequestSchema,
  ParentProfileSchema,
  ProfileCheckRequestSchema,
  SchoolStaffInfoSchema,
  TeacherProfileSchema,
  BasicProfileSaveResultSchema,
  EmailChangeResultSchema,
  EmailChangeStatusSchema,
  EmailVerifyResultSchema,
  MobileSendCodeResultSchema,
  MobileVerifyResultSchema,
  NicknameProposalSchema,
  ParentProfileDataSchema,
  ProfileDataSchema,
  SchoolStaffInfoDataSchema,
  TeacherProfileDataSchema,
} from '../schemas/profile.ts';

/** Profiles, email changes, mobile and email verification (docs/api.md "Profile"). */

const FieldIssues = v.array(v.object({ field: v.string(), rule: v.picklist(FIELD_RULES) }));

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
  response: v.object({ fields: FieldIssues }),
  summary: "The server's checks of a profile form (indecent words, a taken nickname) before the confirm dialog.",
  // Any profile form, the teacher's with up to 200 teaching subjects among them.
  bodyLimit: { bytes: 40 * 1024 },
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

export const emailChangeStatus = declareCall({
  name: 'emailChange.status',
  method: 'get',
  path: 'profile/email-change',
  session: true,
  request: v.object({ kind: v.picklist(EMAIL_CHANGE_KINDS, 'format') }),
  response: EmailChangeStatusSchema,
  codes: ['forbidden'],
  summary: 'The current address of a kind and the one waiting for its link.',
});

export const emailChange = declareCall({
  name: 'emailChange.request',
  method: 'post',
  path: 'profile/email-change',
  session: true,
  request: EmailChangeRequestSchema,
  response: EmailChangeResultSchema,
  codes: ['emailUnchanged', 'emailChangeLimit', 'emailDomainNotAccepted', 'loginEmailTaken', 'loginEmailPending', 'forbidden', 'recordNotFound', 'emailTaken', 'tooManyRequests'],
  summary: 'Emails a confirmation link to a new login, contact or teacher email.',
});

export const emailVerify = declareCall({
  name: 'emailVerification.verify',
  method: 'post',
  path: 'email-verifications',
  request: EmailVerifyRequestSchema,
  response: EmailVerifyResultSchema,
  codes: ['alreadyUsed', 'expired', 'linkInvalid', 'linkDuplicated', 'loginEmailTaken', 'emailTaken', 'held'],
  summary: "Follows an emailed confirmation link (no session needed). A two-factor link (kind `mfa`) answers `held` while the account's two-factor login is held.",
});

export const mobileSendCode = declareCall({
  name: 'mobile.sendCode',
  method: 'post',
  path: 'profile/mobile/send-code',
  session: true,
  request: MobileSendCodeRequestSchema,
  response: MobileSendCodeResultSchema,
  codes: ['mobileNotMobile', 'codeResendTooSoon', 'smsLimit', 'held', 'smsSendFailed'],
  summary: 'Sends a six-digit code by SMS.',
});

export const mobileVerify = declareCall({
  name: 'mobile.verify',
  method: 'post',
  path: 'profile/mobile/verify',
  session: true,
  request: MobileVerifyRequestSchema,
  response: MobileVerifyResultSchema,
  codes: ['mobileNotMobile', 'codeWrong', 'codeExpired', 'codeNotFound', 'held'],
  summary: 'Checks the SMS code; the number becomes verified.',
});
