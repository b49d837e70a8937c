import * as v from 'valibot';
import { EmptyAnswer, declareCall } from '../call.ts';
import { LanguageSchema } from '../schemas/common.ts';
import {
  CreateFamilyRequestSchema,
  FamilyIdRequestSchema,
  HandleRequestSchema,
  InviteRequestSchema,
  JoinFamilyRequestSchema,
  UpdateFamilyInfoRequestSchema,
  FamilyCodeAnswerSchema,
  FamilyCreatedSchema,
  FamilyCurrentPageSchema,
  FamilyDetailsSchema,
  FamilyHoldSchema,
  FamilyPermissionSchema,
  FamilyRequestsSchema,
  FamilyRolesSchema,
} from '../schemas/family.ts';

/** Family groups (SPEC §7 under `/api/family`, plus `POST /family/invite`); every call needs a session. */

/** Who may use Family at all: every call below refuses the others with their reason. */
const PERMISSION_CODES = ['forbidden', 'familyNoLoginEmail', 'familyFunctionalAccount', 'familyStudentOnly', 'familyAccountType'] as const;
/** Where the caller stands in the family, for calls about one family (an admin's calls: not, or no longer, an admin). */
const MEMBER_CODES = ['familyNotFound', 'familyDismissed', 'familyLeft', 'familyKicked', 'familyNotMember', 'familyNotAdmin', 'familyNoLongerAdmin'] as const;

const LangQuery = v.object({ lang: v.optional(LanguageSchema) });

export const permission = declareCall({
  name: 'family.permission',
  method: 'get',
  path: 'family/permission',
  session: true,
  response: FamilyPermissionSchema,
  summary: 'Whether the user may use Family, and why not.',
});

export const roles = declareCall({
  name: 'family.roles',
  method: 'get',
  path: 'family/roles',
  session: true,
  response: FamilyRolesSchema,
  summary: 'The family roles a member can take.',
});

export const hold = declareCall({
  name: 'family.hold',
  method: 'get',
  path: 'family/hold',
  session: true,
  response: FamilyHoldSchema,
  summary: 'Whether join attempts are held, and until when.',
});

export const currentPage = declareCall({
  name: 'family.currentPage',
  method: 'get',
  path: 'family/currentPage',
  session: true,
  response: FamilyCurrentPageSchema,
  codes: PERMISSION_CODES,
  summary: 'Which family screen the user belongs on: home, pending or details.',
});

export const details = declareCall({
  name: 'family.details',
  method: 'get',
  path: 'family/family',
  session: true,
  request: LangQuery,
  response: FamilyDetailsSchema,
  codes: [...PERMISSION_CODES, ...MEMBER_CODES],
  summary: "The user's family with its members (the code only for admins).",
});

export const requests = declareCall({
  name: 'family.requests',
  method: 'get',
  path: 'family/request',
  session: true,
  request: LangQuery,
  response: FamilyRequestsSchema,
  codes: [...PERMISSION_CODES, ...MEMBER_CODES],
  summary: "Join requests waiting for the family's admins, and the user's own request.",
});

export const create = declareCall({
  name: 'family.create',
  method: 'post',
  path: 'family',
  session: true,
  request: CreateFamilyRequestSchema,
  response: FamilyCreatedSchema,
  codes: [...PERMISSION_CODES, 'recaptchaFailed', 'indecentLanguage', 'familyCannotCreateOrJoin'],
  summary: 'Creates a family with the user as its admin.',
  // With a reCAPTCHA token (up to 4,000 characters).
  bodyLimit: { bytes: 16 * 1024 },
});

export const join = declareCall({
  name: 'family.join',
  method: 'post',
  path: 'family/join',
  session: true,
  request: JoinFamilyRequestSchema,
  response: v.object({ status: v.literal('pending') }),
  codes: [
    ...PERMISSION_CODES,
    'recaptchaFailed',
    'indecentLanguage',
    'familyCannotCreateOrJoin',
    'familyNotFound',
    'familyAdminEmailNotFound',
    'familyCodeMismatch',
    'familyCodeExpired',
    'familyFull',
    'held',
  ],
  summary: "Asks to join a family by its reference, its admin's email and its code.",
  // With a reCAPTCHA token (up to 4,000 characters).
  bodyLimit: { bytes: 16 * 1024 },
});

export const handleRequest = declareCall({
  name: 'family.handleRequest',
  method: 'post',
  path: 'family/handle-request',
  session: true,
  request: HandleRequestSchema,
  response: EmptyAnswer,
  codes: [
    ...PERMISSION_CODES,
    ...MEMBER_CODES,
    'familyRequestNotFound',
    'familyMemberNotFound',
    'familyAlreadyProcessed',
    'familyCannotWithdrawProcessed',
    'familyFull',
    'familySingleAdmin',
    'familyAlreadyAdmin',
    'familyMemberNotAdmin',
  ],
  summary: 'Accepts, declines, kicks, grants or removes admin, withdraws or acknowledges.',
});

export const regenerateCode = declareCall({
  name: 'family.regenerateCode',
  method: 'post',
  path: 'family/regen-family-code',
  session: true,
  request: FamilyIdRequestSchema,
  response: FamilyCodeAnswerSchema,
  codes: [...PERMISSION_CODES, ...MEMBER_CODES],
  summary: "A new family code; the old one stops working.",
});

export const leave = declareCall({
  name: 'family.leave',
  method: 'post',
  path: 'family/leave-family',
  session: true,
  request: FamilyIdRequestSchema,
  response: EmptyAnswer,
  codes: [...PERMISSION_CODES, ...MEMBER_CODES, 'familySingleAdmin'],
  summary: 'Leaves the family.',
});

export const dismiss = declareCall({
  name: 'family.dismiss',
  method: 'delete',
  path: 'family/dismiss-family',
  session: true,
  request: FamilyIdRequestSchema,
  response: EmptyAnswer,
  codes: [...PERMISSION_CODES, ...MEMBER_CODES, 'familyMultipleAdmin'],
  summary: 'Dismisses the family (its only admin).',
});

export const updateInfo = declareCall({
  name: 'family.updateInfo',
  method: 'post',
  path: 'family/update-info',
  session: true,
  request: UpdateFamilyInfoRequestSchema,
  response: EmptyAnswer,
  codes: [...PERMISSION_CODES, ...MEMBER_CODES, 'indecentLanguage', 'familyMemberNotFound'],
  summary: "Changes the family's name or a member's nickname and role.",
});

export const invite = declareCall({
  name: 'family.invite',
  method: 'post',
  path: 'family/invite',
  session: true,
  request: InviteRequestSchema,
  response: EmptyAnswer,
  codes: [...PERMISSION_CODES, ...MEMBER_CODES, 'familyCodeExpired', 'familyFull', 'familyInviteLimit'],
  summary: "Emails the family's join link to an address.",
});
