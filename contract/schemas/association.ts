import * as v from 'valibot';
import { EMAIL_MAX } from '../constants.ts';
import { ACCOUNT_CATEGORIES } from '../constants.ts';
import { PasswordSchema, RecaptchaSchema, requiredText } from './common.ts';

/**
 * Account association (SPEC §2, §3 "Associated account", §4, §6; docs/decisions/association.md):
 * a full member's old student accounts.
 */

/** An associated account as the member's page lists it: SPEC's `id` (the association's) and `cityId`, plus what the list shows. */
export const AssociatedAccountSchema = v.object({ id: v.string(), cityId: v.string(), displayName: v.string(), associatedAt: v.string() });
export type AssociatedAccount = v.InferOutput<typeof AssociatedAccountSchema>;

/** The member's current associations, oldest first. */
export const AssociationListSchema = v.object({ associations: v.array(AssociatedAccountSchema) });
export type AssociationList = v.InferOutput<typeof AssociationListSchema>;

/** The answer of associate and remove: the account concerned and the list as it is now. */
export const AssociationChangeSchema = v.object({ account: AssociatedAccountSchema, associations: v.array(AssociatedAccountSchema) });
export type AssociationChange = v.InferOutput<typeof AssociationChangeSchema>;

/**
 * POST /users/associate/check (SPEC §7's `{cityId, password}`; SPEC §5: both required): the
 * student account proven before the member is asked to confirm. `cityId` is its login ID.
 */
export const AssociationCheckRequestSchema = v.object({
  cityId: v.pipe(requiredText(EMAIL_MAX), v.toLowerCase()),
  password: PasswordSchema,
  /** As in the password login: the reCAPTCHA token once `loginChallengeRequired` was answered (the student account is over its budget of wrong passwords). */
  recaptchaToken: v.optional(RecaptchaSchema),
});
export type AssociationCheckRequest = v.InferInput<typeof AssociationCheckRequestSchema>;

/**
 * The check's answer: a single-use ticket (5 minutes, this session only) and the account it is
 * for, its login ID and category, which the confirmation names.
 */
export const AssociationTicketSchema = v.object({
  ticket: v.string(),
  cityId: v.string(),
  category: v.picklist(ACCOUNT_CATEGORIES),
});
export type AssociationTicket = v.InferOutput<typeof AssociationTicketSchema>;

/** POST /users/associate: the ticket of a check, spent (docs/decisions/association.md). A random 43-character token; anything else is no ticket. */
export const AssociateRequestSchema = v.object({
  ticket: requiredText(64),
});
export type AssociateRequest = v.InferInput<typeof AssociateRequestSchema>;

/** POST /users/associate/remove (SPEC §7 `{id}`): the association's id; an unknown one is `not_exist_user_relationship`. */
export const RemoveAssociationRequestSchema = v.object({
  id: requiredText(64),
});
export type RemoveAssociationRequest = v.InferInput<typeof RemoveAssociationRequestSchema>;
