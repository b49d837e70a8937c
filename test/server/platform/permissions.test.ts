import { describe, expect, it } from 'vitest';
import { ACCOUNT_CATEGORIES, PERMISSIONS } from '../../../contract/index.ts';
import { PERMISSION_MATRIX, permissionsFor } from '../../../server/domain/permissions.ts';

describe('permissions derived from the account category (SPEC §6)', () => {
  it.each([
    ['PUBLIC', null, ['profile.parent', 'family']],
    ['SCHOOL_BASED_TEACHER', false, ['profile.teacher', 'emailForwarding']],
    ['INDIVIDUAL_TEACHER', null, ['profile.teacher', 'emailForwarding']],
    ['STUDENT', true, ['loginQrCode', 'student']],
    ['STUDENT', false, ['student']],
    ['STUDENT', null, ['student']],
    ['SCHOOL_ADMINISTRATOR', true, ['profile.teacher', 'org_account.read', 'org_account.write']],
    ['SCHOOL', true, ['org_account.read']],
    ['CORPORATE_ADMINISTRATOR', null, []],
    ['OTHER', null, []],
    ['STUDENT_MEMBER', null, ['profile.parent', 'student', 'family']],
    ['FULL_MEMBER', null, ['profile.parent', 'fullMember', 'family']],
    ['SCHOOL_PURCHASER', null, []],
  ] as const)('%s (school allows QR login: %s) holds %j', (category, qr, expected) => {
    expect(permissionsFor(category, { schoolAllowsQrLogin: qr })).toEqual(expected);
  });

  it('covers every permission and names only known categories', () => {
    expect(Object.keys(PERMISSION_MATRIX).sort()).toEqual([...PERMISSIONS].sort());
    for (const categories of Object.values(PERMISSION_MATRIX)) for (const c of categories) expect(ACCOUNT_CATEGORIES).toContain(c);
  });
});
