import type { ErrorCode } from '../../contract/index.ts';
import { DomainError, type DomainErrorExtras } from './errors.ts';

/** English wording of the family codes for API clients; screens show their own text by code. */
export const FAMILY_ERROR_MESSAGES: Partial<Record<ErrorCode, string>> = {
  familyNoLoginEmail: 'Your account has no login email; add one before using families.',
  familyFunctionalAccount: 'Functional accounts cannot use families.',
  familyStudentOnly: 'Student accounts must be upgraded to a membership before using families.',
  familyAccountType: 'Families are for public, student member and full member accounts; this account type cannot use them.',
  familyFull: 'The family reaches its full capacity.',
  familyCodeExpired: 'The family code has expired; the admin must regenerate it.',
  familyAdminEmailNotFound: 'No admin of this family has this login email.',
  familyCodeMismatch: 'The family code does not match.',
  familyNotFound: 'The family was not found.',
  familyCannotCreateOrJoin: 'This account already belongs to a family or has a request under way.',
  indecentLanguage: 'Please do not use indecent language.',
  familyDismissed: 'The family has been dismissed.',
  familyLeft: 'You have left this family.',
  familyKicked: 'You have been removed from this family.',
  familyNotMember: 'You are not a member of this family.',
  familyRequestNotFound: 'The join request was not found.',
  familyMemberNotFound: 'The member was not found.',
  familyNotAdmin: 'Only a family admin can do this.',
  familyAlreadyProcessed: 'This has already been processed.',
  familyCannotWithdrawProcessed: 'A processed request cannot be withdrawn.',
  familySingleAdmin: 'The family would be left without an admin.',
  familyMultipleAdmin: 'The family has other admins, so it cannot be dismissed.',
  familyAlreadyAdmin: 'This member is already an admin.',
  familyNoLongerAdmin: 'You are no longer an admin of this family.',
  familyMemberNotAdmin: 'This member is not an admin.',
  familyInviteLimit: 'You have sent as many invitations as allowed in 24 hours; try again later.',
};

export function familyError(code: ErrorCode, extras: DomainErrorExtras = {}): DomainError {
  const message = extras.message ?? FAMILY_ERROR_MESSAGES[code];
  return new DomainError(code, { ...extras, ...(message ? { message } : {}) });
}
