import { declareCall } from '../call.ts';
import {
  AssociateRequestSchema,
  AssociationChangeSchema,
  AssociationCheckRequestSchema,
  AssociationListSchema,
  AssociationTicketSchema,
  RemoveAssociationRequestSchema,
} from '../schemas/association.ts';

/** Account association (issue 11, SPEC §2, §4, §6, §7, §8 Association; docs/decisions/association.md). Full members only. */

export const list = declareCall({
  name: 'association.list',
  method: 'get',
  path: 'users/associate/get',
  session: true,
  response: AssociationListSchema,
  codes: ['non_full_member'],
  summary: "The signed-in full member's associated student accounts, oldest first.",
});

export const check = declareCall({
  name: 'association.check',
  method: 'post',
  path: 'users/associate/check',
  session: true,
  request: AssociationCheckRequestSchema,
  response: AssociationTicketSchema,
  codes: [
    'non_full_member',
    'wrongPasswordOrUserNotFound',
    'loginThrottled',
    'loginChallengeRequired',
    'invalid_relationship_nature',
    'notStudent',
    'duplicated_relationship_nature',
    'alreadyHasActiveAssociation',
  ],
  summary:
    "Checks a student account to associate, proven by its login ID and password (checked and throttled as a login is): answers its login ID and category and a ticket that `association.associate` spends (once, within 5 minutes, from this session).",
  // With a reCAPTCHA token once the other account's guessing budget is spent (up to 4,000 characters), as the login.
  bodyLimit: { bytes: 16 * 1024 },
});

export const associate = declareCall({
  name: 'association.associate',
  method: 'post',
  path: 'users/associate',
  session: true,
  request: AssociateRequestSchema,
  response: AssociationChangeSchema,
  codes: ['non_full_member', 'associationTicketInvalid', 'notStudent', 'duplicated_relationship_nature', 'alreadyHasActiveAssociation'],
  summary: "Associates the student account of a check's ticket with the signed-in full member's account; the ticket is spent.",
});

export const remove = declareCall({
  name: 'association.remove',
  method: 'post',
  path: 'users/associate/remove',
  session: true,
  request: RemoveAssociationRequestSchema,
  response: AssociationChangeSchema,
  codes: ['non_full_member', 'not_exist_user_relationship', 'inactiveAssociateAccount'],
  summary: "Removes one of the signed-in full member's associations by its id.",
});
