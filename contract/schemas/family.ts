import * as v from 'valibot';
import { FAMILY_NAME_MAX, FAMILY_REF_MAX, NICKNAME_MAX } from '../constants.ts';
import { CodeSchema, EmailSchema, LanguageSchema, RecaptchaSchema, requiredText } from './common.ts';

/** Largest number of active members in one family (Google and Apple families hold 6). */
export const FAMILY_CAPACITY = 6;
/** How long a family verification code stays valid after it is generated. */
export const FAMILY_CODE_VALIDITY_DAYS = 7;
/** Requests shown per page in the family details. */
export const FAMILY_REQUESTS_PAGE_SIZE = 5;
/** Invitation emails one admin may send within 24 hours (docs/decisions/family-server.md). */
export const FAMILY_INVITES_PER_DAY = 20;

/** The role a member plays in the family (GET /family/roles). */
export const FAMILY_ROLES = ['FATHER', 'MOTHER', 'GUARDIAN', 'CHILD', 'GRANDPARENT', 'SIBLING', 'RELATIVE', 'OTHER'] as const;
export type FamilyRole = (typeof FAMILY_ROLES)[number];

export const FAMILY_PAGES = ['home', 'pending', 'details'] as const;

/** A member row's status; a requester sees pending, declined, kicked or dismissed. */
export const FAMILY_MEMBER_STATUSES = ['pending', 'active', 'declined', 'kicked', 'dismissed'] as const;
export type FamilyMemberStatus = (typeof FAMILY_MEMBER_STATUSES)[number];

export const FAMILY_ACTIONS = [
  'ACCEPT',
  'DECLINE',
  'ACCEPT_AND_GRANT_ADMIN',
  'KICK',
  'GRANT_ADMIN',
  'REMOVE_ADMIN',
  'WITHDRAW',
  'ACKNOWLEDGE',
] as const;
export type FamilyAction = (typeof FAMILY_ACTIONS)[number];

/** Ids are server-generated UUIDs; anything longer is refused before it reaches the database. */
const IdSchema = v.pipe(v.string('required'), v.trim(), v.nonEmpty('required'), v.maxLength(64, 'maxLength'));
const FamilyNameSchema = requiredText(FAMILY_NAME_MAX);
const NicknameSchema = requiredText(NICKNAME_MAX);
const RoleSchema = v.picklist(FAMILY_ROLES, 'required');
const FamilyRefSchema = v.pipe(requiredText(FAMILY_REF_MAX), v.toUpperCase());

export const CreateFamilyRequestSchema = v.object({
  familyName: FamilyNameSchema,
  nickname: NicknameSchema,
  role: RoleSchema,
  recaptcha: RecaptchaSchema,
});
export type CreateFamilyRequest = v.InferInput<typeof CreateFamilyRequestSchema>;

export const JoinFamilyRequestSchema = v.object({
  adminEmail: EmailSchema,
  familyRef: FamilyRefSchema,
  code: CodeSchema,
  nickname: NicknameSchema,
  role: RoleSchema,
  recaptcha: RecaptchaSchema,
});
export type JoinFamilyRequest = v.InferInput<typeof JoinFamilyRequestSchema>;

export const HandleRequestSchema = v.object({
  familyId: IdSchema,
  memberId: IdSchema,
  actions: v.picklist(FAMILY_ACTIONS, 'required'),
  lang: LanguageSchema,
});
export type HandleRequest = v.InferInput<typeof HandleRequestSchema>;

export const FamilyIdRequestSchema = v.object({ familyId: IdSchema });
export type FamilyIdRequest = v.InferInput<typeof FamilyIdRequestSchema>;

/** POST /family/update-info: own nickname and role; `familyName` only for admins. */
export const UpdateFamilyInfoRequestSchema = v.object({
  familyId: IdSchema,
  nickname: NicknameSchema,
  familyRole: RoleSchema,
  lang: LanguageSchema,
  familyName: v.optional(FamilyNameSchema),
});
export type UpdateFamilyInfoRequest = v.InferInput<typeof UpdateFamilyInfoRequestSchema>;

/** POST /family/invite (ours: SPEC §7 does not show the invitation call). */
export const InviteRequestSchema = v.object({ familyId: IdSchema, email: EmailSchema, lang: LanguageSchema });
export type InviteRequest = v.InferInput<typeof InviteRequestSchema>;

// ---- Responses ---------------------------------------------------------------------------------

const Role = v.picklist(FAMILY_ROLES);
const Status = v.picklist(FAMILY_MEMBER_STATUSES);
/** A family's joining code and its validity (created, regenerated, in the details). */
export const FamilyCodeAnswerSchema = v.object({ code: v.string(), codeCreatedAt: v.string(), codeExpiresAt: v.string() });

export const FamilyCurrentPageSchema = v.object({ page: v.picklist(FAMILY_PAGES) });
export type FamilyCurrentPage = v.InferOutput<typeof FamilyCurrentPageSchema>;
export const FamilyRolesSchema = v.object({ userFamilyRoles: v.array(Role) });
export type FamilyRoles = v.InferOutput<typeof FamilyRolesSchema>;
export const FamilyPermissionSchema = v.object({
  allowed: v.boolean(),
  /** Why not: familyNoLoginEmail, familyFunctionalAccount, familyStudentOnly; null when allowed. */
  reason: v.nullable(v.string()),
});
export type FamilyPermission = v.InferOutput<typeof FamilyPermissionSchema>;
export const FamilyHoldSchema = v.object({ held: v.boolean(), holdUntil: v.nullable(v.string()) });
export type FamilyHold = v.InferOutput<typeof FamilyHoldSchema>;
export const FamilyCreatedSchema = v.object({ familyId: v.string(), familyRef: v.string(), ...FamilyCodeAnswerSchema.entries });
export type FamilyCreated = v.InferOutput<typeof FamilyCreatedSchema>;
/** A member of the family as the details list it. */
const FamilyMemberSchema = v.object({ memberId: v.string(), nickname: v.string(), familyRole: Role, isAdmin: v.boolean(), status: Status, isCurrentUser: v.boolean() });
export type FamilyMember = v.InferOutput<typeof FamilyMemberSchema>;
export const FamilyDetailsSchema = v.object({
  familyId: v.string(),
  familyName: v.string(),
  familyRef: v.string(),
  /** Only for admins; null for other members. */
  code: v.nullable(v.string()),
  codeCreatedAt: v.nullable(v.string()),
  codeExpiresAt: v.nullable(v.string()),
  members: v.array(FamilyMemberSchema),
});
export type FamilyDetails = v.InferOutput<typeof FamilyDetailsSchema>;
/** A join request as the admin's list shows it. */
const FamilyRequestRowSchema = v.object({ memberId: v.string(), nickname: v.string(), familyRole: Role, status: Status, requestedAt: v.string() });
export type FamilyRequestRow = v.InferOutput<typeof FamilyRequestRowSchema>;
/** The signed-in account's own request or membership. */
const FamilyOwnRequestSchema = v.object({
  status: Status,
  familyId: v.string(),
  memberId: v.string(),
  /** The family the request or membership is in: every notice names it (issue 13). */
  familyName: v.string(),
});
export type FamilyOwnRequest = v.InferOutput<typeof FamilyOwnRequestSchema>;
export const FamilyRequestsSchema = v.object({
  requests: v.array(FamilyRequestRowSchema),
  ownRequest: v.nullable(FamilyOwnRequestSchema),
});
export type FamilyRequests = v.InferOutput<typeof FamilyRequestsSchema>;

// ---- Join link ---------------------------------------------------------------------------------

/** The query parameters of a join link, `/{lang}/profile/family?adminEmail=…&familyRef=…&code=…`. */
export const FAMILY_JOIN_LINK_PARAMS = ['adminEmail', 'familyRef', 'code'] as const;

/**
 * What a join link carries: opening it prefills the join form. The admin copies it (or sends it
 * by email or WhatsApp) from the family details; the values are only a prefill, `POST /family/join`
 * judges them as if typed.
 */
export interface FamilyJoinLink {
  adminEmail: string;
  familyRef: string;
  code: string;
}
