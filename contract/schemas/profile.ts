import * as v from 'valibot';
import {
  ACCOUNT_CATEGORIES,
  GENDERS,
  NAME_MAX,
  NICKNAME_MAX,
  REGIONS,
  SELF_CLAIMED_ROLES,
  TEXT_MAX,
  TITLES,
} from '../constants.ts';
import { FIELD_RULES } from '../errors.ts';
import { LanguageSchema } from './common.ts';
import { SubscriptionServicesSchema } from './email-subscriptions.ts';
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

// ---- Pieces ---------------------------------------------------------------------------------

/** Optional free text: trimmed, may be empty, bounded. */
export const optionalText = (max: number) => v.pipe(v.string('format'), v.trim(), v.maxLength(max, 'maxLength'));

/** Choices from a catalogue, each at most once. */
export const picklistArray = <const T extends readonly string[]>(options: T) =>
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

export const PROFILE_FORMS = ['basic', 'teacher', 'parent'] as const;
export type ProfileFormKind = (typeof PROFILE_FORMS)[number];

// ---- Profile reads and writes (docs/api.md "Profile") ------------------------------------------

/** A verified (or waiting) mobile number; null when none was ever verified. */
const MobileStateSchema = v.object({ countryCode: v.string(), mobile: v.string(), verified: v.boolean() });
export type MobileState = v.InferOutput<typeof MobileStateSchema>;

/** The school a student or school-based account belongs to, read-only on the profile. */
/** A school: its code and its names (English; Chinese, null while not known). Shown in the page's language (`schoolNameIn`). */
export const SchoolSchema = v.object({ code: v.string(), name: v.string(), chineseName: v.nullable(v.string()) });
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

/**
 * POST /api/profile/check: the checks a schema cannot make (indecent words, a taken nickname) of
 * the basic form and the school staff info. The teacher and parent forms have their own check
 * (contract/calls/teacher-profile.ts, parent-profile.ts), so these pages do not download their schemas.
 */
export const ProfileCheckRequestSchema = v.variant('form', [
  v.object({ form: v.literal('basic'), values: BasicProfileSchema }),
  v.object({ form: v.literal('schoolStaff'), values: SchoolStaffInfoSchema }),
], 'format');
export type ProfileCheckRequest = v.InferInput<typeof ProfileCheckRequestSchema>;
/** A profile check's answer (every form's): the issues found, none when the values pass. */
export const ProfileCheckAnswerSchema = v.object({ fields: v.array(v.object({ field: v.string(), rule: v.picklist(FIELD_RULES) })) });

/** POST /api/profile/nickname: a free, clean nickname proposal in the given language. */
export const NicknameRequestSchema = v.object({ lang: LanguageSchema });
export const NicknameProposalSchema = v.object({ nickname: v.string() });
export type NicknameProposal = v.InferOutput<typeof NicknameProposalSchema>;

export const SchoolStaffInfoDataSchema = v.object({
  values: SchoolStaffInfoSchema,
  school: SchoolSchema,
  /** The school email the administrator assigned; read-only. */
  schoolEmail: v.nullable(v.string()),
  /** Teacher email domains the school accepts; read-only. */
  emailDomains: v.array(v.string()),
});
export type SchoolStaffInfoData = v.InferOutput<typeof SchoolStaffInfoDataSchema>;
