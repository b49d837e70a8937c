import { type AccountCategory, type Permission } from '../../contract/index.ts';

/**
 * SPEC §6 as a matrix: which account categories hold each permission
 * (docs/decisions/server.md shows it as a table). `loginQrCode` also needs the student's school
 * to allow QR login, so it is decided per user below.
 */
export const PERMISSION_MATRIX: Record<Permission, readonly AccountCategory[]> = {
  'profile.teacher': ['SCHOOL_BASED_TEACHER', 'INDIVIDUAL_TEACHER', 'SCHOOL_ADMINISTRATOR'],
  'profile.parent': ['PUBLIC', 'STUDENT_MEMBER', 'FULL_MEMBER'],
  emailForwarding: ['SCHOOL_BASED_TEACHER', 'INDIVIDUAL_TEACHER'],
  loginQrCode: ['STUDENT'],
  student: ['STUDENT', 'STUDENT_MEMBER'],
  fullMember: ['FULL_MEMBER'],
  family: ['PUBLIC', 'STUDENT_MEMBER', 'FULL_MEMBER'],
  'org_account.read': ['SCHOOL_ADMINISTRATOR', 'SCHOOL'],
  'org_account.write': ['SCHOOL_ADMINISTRATOR'],
};

export interface PermissionFacts {
  /** The user's school allows login by QR code (null: no school). */
  schoolAllowsQrLogin: boolean | null;
}

export function permissionsFor(category: AccountCategory, facts: PermissionFacts): Permission[] {
  const out: Permission[] = [];
  for (const [permission, categories] of Object.entries(PERMISSION_MATRIX) as [Permission, readonly AccountCategory[]][]) {
    if (!categories.includes(category)) continue;
    if (permission === 'loginQrCode' && facts.schoolAllowsQrLogin !== true) continue;
    out.push(permission);
  }
  return out;
}

/** Whether an account holds `permission` (the same reading as the user's `permissions`). */
export function hasPermission(account: { category: AccountCategory; allow_qr_login: boolean | null }, permission: Permission): boolean {
  return permissionsFor(account.category, { schoolAllowsQrLogin: account.allow_qr_login }).includes(permission);
}
