import type { AccountCategory, ErrorCode, FamilyPermission } from '../../contract/index.ts';
import { DomainError } from './errors.ts';
import { familyError } from './family-errors.ts';
import { PERMISSION_MATRIX } from './permissions.ts';

/** Who is acting, as the session knows them. */
export interface FamilyActor {
  userId: string;
  category: AccountCategory;
  loginEmail: string | null;
}

/** Accounts of an organisation rather than a person (SPEC §6: refused). */
export const FUNCTIONAL_CATEGORIES: readonly AccountCategory[] = ['SCHOOL', 'CORPORATE_ADMINISTRATOR', 'SCHOOL_PURCHASER'];

/**
 * SPEC §6: the categories holding the `family` permission may use families once they have a login
 * email (the address an admin is found by). The category decides first: a student without an
 * email is told to upgrade (the upgrade adds one), a school account that it is functional.
 */
export function familyPermission(actor: Pick<FamilyActor, 'category' | 'loginEmail'>): FamilyPermission {
  if (PERMISSION_MATRIX.family.includes(actor.category)) {
    return actor.loginEmail ? { allowed: true, reason: null } : { allowed: false, reason: 'familyNoLoginEmail' };
  }
  if (FUNCTIONAL_CATEGORIES.includes(actor.category)) return { allowed: false, reason: 'familyFunctionalAccount' };
  if (actor.category === 'STUDENT') return { allowed: false, reason: 'familyStudentOnly' };
  // Teachers, school administrators and `OTHER`: refused with their own reason, never a bare 'forbidden' (issue 13).
  return { allowed: false, reason: 'familyAccountType' };
}

export function assertFamilyPermission(actor: FamilyActor): void {
  const permission = familyPermission(actor);
  if (!permission.allowed) {
    const code = (permission.reason ?? 'forbidden') as ErrorCode;
    throw code === 'forbidden' ? new DomainError('forbidden') : familyError(code);
  }
}
