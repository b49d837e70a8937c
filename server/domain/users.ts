import { sql, type Selectable } from 'kysely';
import type { User } from '../../contract/index.ts';
import type { Db, FamilyMembersTable, SchoolsTable, UsersTable } from '../db/schema.ts';
import { permissionsFor } from './permissions.ts';

/**
 * What `users/me` and login need about an account: the user row's columns (their types are the
 * table's) plus its school's QR setting (null without a school) and the user's own role in the
 * family they are an active member of (null when none).
 */
export type AccountRow = Pick<Selectable<UsersTable>, 'id' | 'login_id' | 'login_email' | 'contact_email' | 'category' | 'display_name' | 'school_code' | 'status' | 'language'> & {
  allow_qr_login: Selectable<SchoolsTable>['allow_qr_login'] | null;
  family_role: Selectable<FamilyMembersTable>['family_role'] | null;
};

/**
 * The columns of AccountRow, for queries joining `users u` with `schools sc`. The family role
 * comes from the person's one active membership (family_members_one_family_idx allows one
 * current row); `session_accounts` (migration 0004) reads it the same way.
 */
export const ACCOUNT_COLUMNS = sql`u.id, u.login_id, u.login_email, u.contact_email, u.category, u.display_name,
  u.school_code, u.status, u.language, sc.allow_qr_login,
  (SELECT fm.family_role FROM family_members fm WHERE fm.user_id = u.id AND fm.status = 'active') AS family_role`;

export function toUser(row: AccountRow): User {
  return {
    userId: row.id,
    loginId: row.login_id,
    loginEmail: row.login_email,
    contactEmail: row.contact_email,
    category: row.category,
    displayName: row.display_name,
    schoolCode: row.school_code,
    permissions: permissionsFor(row.category, { schoolAllowsQrLogin: row.allow_qr_login }),
    // SPEC §3: the user's own role in their active family; none outside one.
    userFamilyRoles: row.family_role ? [row.family_role] : [],
    language: row.language,
  };
}

export async function findAccountById(db: Db, userId: string): Promise<AccountRow | null> {
  const result = await sql<AccountRow>`SELECT ${ACCOUNT_COLUMNS}
    FROM users u LEFT JOIN schools sc ON sc.code = u.school_code
    WHERE u.id = ${userId}`.execute(db);
  return result.rows[0] ?? null;
}
