import * as v from 'valibot';
import {
  ACCOUNT_CATEGORIES,
  GENDERS,
  NAME_MAX,
  NICKNAME_MAX,
  REGIONS,
  REMARK_MAX,
  SELF_CLAIMED_ROLES,
  TEXT_MAX,
  TITLES,
} from '../constants.ts';
import { LanguageSchema, sameAsCheck } from './common.ts';
import { SubscriptionServicesSchema } from './email-subscriptions.ts';
import { isTeachingSubjectChoice, type SubjectLevel } from './teaching-subjects.ts';
import { isBirthYear } from './years.ts';

// ---- Enumerations of SPEC §3 ------------------------------------------------------------------

/** The 18 districts of Hong Kong, in the Government's order (Hong Kong Island, Kowloon, New Territories). */
export const HK_DISTRICTS = [
  'CENTRAL_AND_WESTERN',
  'WAN_CHAI',
  'EASTERN',
  'SOUTHERN',
  'YAU_TSIM_MONG',
  'SHAM_SHUI_PO',
  'KOWLOON_CITY',
  'WONG_TAI_SIN',
  'KWUN_TONG',
  'KWAI_TSING',
  'TSUEN_WAN',
  'TUEN_MUN',
  'YUEN_LONG',
  'NORTH',
  'TAI_PO',
  'SHA_TIN',
  'SAI_KUNG',
  'ISLANDS',
] as const;

export type SelfClaimedRole = (typeof SELF_CLAIMED_ROLES)[number];

export const TEACHER_TYPES = ['registered', 'preService', 'prePrimary', 'universityTeacher', 'retired', 'others'] as const;
export type TeacherType = (typeof TEACHER_TYPES)[number];

export const TEACHING_LEVELS = ['prePrimary', 'primary', 'secondary', 'tertiary', 'special'] as const;
export type TeachingLevel = (typeof TEACHING_LEVELS)[number];

export const SPECIAL_CURRICULA = ['BASIC', 'SENIOR', 'BASIC_ID', 'SENIOR_ID'] as const;

export const MAJOR_DUTIES = [
  'PRINCIPAL',
  'VICE_PRINCIPAL',
  'ASSISTANT_PRINCIPAL',
  'DISCIPLINE',
  'SCH_AFFR_OFFICER',
  'SUBJECT_PANEL',
  'SUBJECT_TEACHER',
  'IT_COORDINATOR',
  'LIBRARIAN',
  'CAREER',
  'CDP_COORDINATOR',
  'OTHERS',
] as const;

export const TEACHER_INTEREST_AREAS = [
  'SPECIAL',
  'READING',
  'PARENT_SCH_COOP',
  'WIFI',
  'STEM',
  'ASSESSMENT',
  'RESOURCE',
  'SELF_LEARNING',
  'E_LEARNING',
  'PROFESSIONAL',
] as const;

export const PARENT_INTEREST_AREAS = [
  'CHILD_DEVELOPMENT',
  'EDU_AND_CAREERS',
  'E_LEARNING',
  'PARENT_CHILD',
  'PARENT_SCH',
  'READING',
  'SELF_LEARNING',
  'SPECIAL',
] as const;

// ---- Pieces ---------------------------------------------------------------------------------

/** Optional free text: trimmed, may be empty, bounded. */
const optionalText = (max: number) => v.pipe(v.string('format'), v.trim(), v.maxLength(max, 'maxLength'));

const picklistArray = <const T extends readonly string[]>(options: T) =>
  v.pipe(v.array(v.picklist(options, 'format'), 'format'), v.maxLength(options.length, 'maxLength'));

/** An empty string means "not chosen" for an optional single choice. */
const optionalChoice = <const T extends readonly string[]>(options: T) => v.union([v.literal(''), v.picklist(options, 'format')], 'format');


// ---- Mobile numbers, email verification links and email changes: in ./verification.ts ----------
// (the upgrade's phone step, the link and newsletter pages need them without the profile forms; a
// re-export here would bring them into the profile-contract chunk, vite.config.ts)

// ---- Public newsletter subscription: in ./subscriptions.ts (the public page needs none of the rest) ----

export {
  type PublicSubscriptionRequest,
  type PublicSubscriptionResult,
} from './email-subscriptions.ts';

// ---- Profile forms --------------------------------------------------------------------------

const nameEntries = {
  chineseSurname: optionalText(NAME_MAX),
  chineseGivenName: optionalText(NAME_MAX),
  englishSurname: optionalText(NAME_MAX),
  englishGivenName: optionalText(NAME_MAX),
};

/** The basic profile's editable fields; login email and contact email change through their own calls. */
export const BasicProfileSchema = v.object({
  title: optionalChoice(TITLES),
  ...nameEntries,
  nickname: optionalText(NICKNAME_MAX),
  gender: optionalChoice(GENDERS),
  yearOfBirth: v.union(
    [
      v.literal(''),
      v.pipe(
        v.string('format'),
        v.regex(/^\d{4}$/, 'numeric'),
        v.check(isBirthYear, 'yearRange'),
      ),
    ],
    'format',
  ),
  roles: picklistArray(SELF_CLAIMED_ROLES),
  region: optionalChoice(REGIONS),
  district: optionalChoice(HK_DISTRICTS),
  addressLine1Zh: optionalText(TEXT_MAX / 4),
  addressLine2Zh: optionalText(TEXT_MAX / 4),
  addressLine1En: optionalText(TEXT_MAX / 4),
  addressLine2En: optionalText(TEXT_MAX / 4),
  subscriptions: SubscriptionServicesSchema,
});
export type BasicProfile = v.InferInput<typeof BasicProfileSchema>;

const TeacherProfileObject = v.object({
  teacherType: v.picklist(TEACHER_TYPES, 'required'),
  institution: v.pipe(v.string('required'), v.trim(), v.nonEmpty('required'), v.maxLength(NAME_MAX, 'maxLength')),
  username: optionalText(NAME_MAX),
  confirmUsername: optionalText(NAME_MAX),
  teachingLevels: picklistArray(TEACHING_LEVELS),
  specialCurricula: picklistArray(SPECIAL_CURRICULA),
  /** `LEVEL.CODE` choices from TEACHING_SUBJECTS (contract/schemas/teaching-subjects.ts). */
  subjects: v.pipe(
    v.array(v.pipe(v.string('format'), v.maxLength(60, 'format'), v.check(isTeachingSubjectChoice, 'format')), 'format'),
    v.maxLength(200, 'maxLength'),
  ),
  duties: picklistArray(MAJOR_DUTIES),
  dutyRemark: optionalText(REMARK_MAX),
  interests: picklistArray(TEACHER_INTEREST_AREAS),
});
type TeacherProfileOutput = v.InferOutput<typeof TeacherProfileObject>;
export const TeacherProfileSchema = v.pipe(
  TeacherProfileObject,
  sameAsCheck<TeacherProfileOutput>('confirmUsername', 'username'),
  v.rawCheck<TeacherProfileOutput>(({ dataset, addIssue }) => {
    if (dataset.typed && dataset.value.duties.includes('OTHERS') && dataset.value.dutyRemark.trim() === '') {
      addIssue({
        message: 'required',
        path: [
          {
            type: 'object',
            origin: 'value',
            input: dataset.value as Record<string, unknown>,
            key: 'dutyRemark',
            value: dataset.value.dutyRemark,
          },
        ],
      });
    }
  }),
);
export type TeacherProfile = v.InferInput<typeof TeacherProfileSchema>;

export const ParentProfileSchema = v.object({
  interests: picklistArray(PARENT_INTEREST_AREAS),
});
export type ParentProfile = v.InferInput<typeof ParentProfileSchema>;

export const PROFILE_FORMS = ['basic', 'teacher', 'parent'] as const;
export type ProfileFormKind = (typeof PROFILE_FORMS)[number];

export const PROFILE_FORM_SCHEMAS = {
  basic: BasicProfileSchema,
  teacher: TeacherProfileSchema,
  parent: ParentProfileSchema,
} as const satisfies Record<ProfileFormKind, v.GenericSchema>;

// ---- Profile reads and writes (docs/api.md "Profile") ------------------------------------------

export type { SubjectLevel };

/** A verified (or waiting) mobile number; null when none was ever verified. */
const MobileStateSchema = v.object({ countryCode: v.string(), mobile: v.string(), verified: v.boolean() });
export type MobileState = v.InferOutput<typeof MobileStateSchema>;

/** The school a student or school-based account belongs to, read-only on the profile. */
/** A school: its code and its names (English; Chinese, null while not known). Shown in the page's language (`schoolNameIn`). */
const SchoolSchema = v.object({ code: v.string(), name: v.string(), chineseName: v.nullable(v.string()) });
export type SchoolInfo = v.InferOutput<typeof SchoolSchema>;

/** A linked third-party login, shown on the basic profile. */
const ThirdPartyLinkSchema = v.object({
  provider: v.literal('google'),
  /** The provider account's email or name, as the provider gave it. */
  label: v.string(),
});

/** GET /api/profile: everything the basic profile page shows. */
export const ProfileDataSchema = v.object({
  loginId: v.string(),
  /** The name others see (given at registration; a saved nickname replaces it). */
  displayName: v.string(),
  category: v.picklist(ACCOUNT_CATEGORIES),
  loginEmail: v.nullable(v.string()),
  /** A login email waiting for its link; null when none. */
  pendingLoginEmail: v.nullable(v.string()),
  contactEmail: v.nullable(v.string()),
  pendingContactEmail: v.nullable(v.string()),
  mobile: v.nullable(MobileStateSchema),
  /** The editable fields as stored (subscriptions: those in force). */
  values: BasicProfileSchema,
  /** Subscriptions asked for on the profile, waiting for their emailed confirmation; null when none. */
  pendingSubscriptions: v.nullable(SubscriptionServicesSchema),
  thirdPartyLinks: v.array(ThirdPartyLinkSchema),
  /** Students see their school read-only; null for accounts without one. */
  school: v.nullable(SchoolSchema),
  /** True for students: school information cannot be edited (SPEC §6). */
  schoolReadOnly: v.boolean(),
});
export type ProfileData = v.InferOutput<typeof ProfileDataSchema>;

/** PUT /api/profile/basic answers the stored values and what waits for email confirmation. */
export const BasicProfileSaveResultSchema = v.object({
  values: BasicProfileSchema,
  /** The account's display name after the save (a new nickname changes it), so the page shows it at once. */
  displayName: v.string(),
  pendingSubscriptions: v.nullable(SubscriptionServicesSchema),
  /** Where the subscription confirmation link went; null when nothing waits. */
  confirmationEmail: v.nullable(v.string()),
});
export type BasicProfileSaveResult = v.InferOutput<typeof BasicProfileSaveResultSchema>;

/** /school-staff-info: school-based teachers only. The names are those on the school's email list. */
export const SchoolStaffInfoSchema = v.object({
  chFullName: optionalText(NAME_MAX),
  enFullName: optionalText(NAME_MAX),
});
export type SchoolStaffInfo = v.InferInput<typeof SchoolStaffInfoSchema>;

/** POST /api/profile/check: the checks a schema cannot make (indecent words, a taken nickname). */
export const ProfileCheckRequestSchema = v.variant('form', [
  v.object({ form: v.literal('basic'), values: BasicProfileSchema }),
  v.object({ form: v.literal('teacher'), values: TeacherProfileSchema }),
  v.object({ form: v.literal('parent'), values: ParentProfileSchema }),
  v.object({ form: v.literal('schoolStaff'), values: SchoolStaffInfoSchema }),
], 'format');
export type ProfileCheckRequest = v.InferInput<typeof ProfileCheckRequestSchema>;
/** The answer is `{ fields: FieldIssue[] }` (empty when the values pass). */

/** POST /api/profile/nickname: a free, clean nickname proposal in the given language. */
export const NicknameRequestSchema = v.object({ lang: LanguageSchema });
export const NicknameProposalSchema = v.object({ nickname: v.string() });
export type NicknameProposal = v.InferOutput<typeof NicknameProposalSchema>;

/** GET /api/profile/teacher */
export const TeacherProfileDataSchema = v.object({
  /** Null fields mean the teacher profile was never saved; the form starts from defaults. */
  values: v.nullable(TeacherProfileSchema),
  teacherEmail: v.nullable(v.string()),
  pendingTeacherEmail: v.nullable(v.string()),
  /** Managed by the school administrator; shown read-only (SPEC §6). */
  emailDomains: v.array(v.string()),
  schoolEmail: v.nullable(v.string()),
  school: v.nullable(SchoolSchema),
});
export type TeacherProfileData = v.InferOutput<typeof TeacherProfileDataSchema>;

/** GET /api/profile/parent */
export const ParentProfileDataSchema = v.object({ values: ParentProfileSchema });
export type ParentProfileData = v.InferOutput<typeof ParentProfileDataSchema>;

export const SchoolStaffInfoDataSchema = v.object({
  values: SchoolStaffInfoSchema,
  school: SchoolSchema,
  /** The school email the administrator assigned; read-only. */
  schoolEmail: v.nullable(v.string()),
  /** Teacher email domains the school accepts; read-only. */
  emailDomains: v.array(v.string()),
});
export type SchoolStaffInfoData = v.InferOutput<typeof SchoolStaffInfoDataSchema>;
