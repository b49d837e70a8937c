import { sql } from 'kysely';
import type { User } from '../../contract/index.ts';
import type { StudentFinishRequest, UpgradeProgress } from '../../contract/schemas/upgrade.ts';
import type { Db } from '../db/schema.ts';
import { checkPassword } from './accounts.ts';
import type { LoginGuard } from './login-throttle.ts';
import { DomainError } from './errors.ts';
import { assertNewPassword, hashPassword } from './passwords.ts';
import type { AccountSettings } from './settings.ts';
import { advanceUpgrade, assertEligible, assertEmailFree, completeUpgrade, finishUpgrade, liveUpgrade } from './upgrades.ts';
import type { AccountRow } from './users.ts';

/**
 * The student-member upgrade's own steps (SPEC §4): after the shared email-code step, the
 * newsletter choice, then the link step that makes the account a STUDENT_MEMBER
 * (docs/decisions.md: what "create" and "link" change).
 */

/** The newsletter a student member may take at the subscribe step. */
export const STUDENT_NEWSLETTER = 'studentInfo';
/** Categories an existing account must have to be linked as the member account. */
export const LINKABLE_MEMBER_CATEGORIES = ['PUBLIC', 'STUDENT_MEMBER'] as const;

export async function chooseStudentSubscription(db: Db, account: AccountRow, subscribe: boolean, now: Date): Promise<UpgradeProgress> {
  assertEligible(account, 'studentMember');
  // Choosing again from the link step (the user went back) is allowed; nothing earlier is.
  return advanceUpgrade(db, account.id, 'studentMember', ['subscribe', 'link'], 'link', { subscribe }, now);
}

/**
 * The last step. `create`: the verified email becomes the account's login email with a new
 * password. `link`: an existing member account, proven by its login and password, is recorded
 * as this student's member account, and the verified email still becomes this account's login
 * email. Either way the category, the login email, the subscription and the completed progress
 * change in one transaction, so permissions (read from the category by every request) apply at once.
 */
export async function finishStudentUpgrade(
  db: Db,
  account: AccountRow,
  input: StudentFinishRequest & { address?: string; deviceCookie?: string | undefined },
  settings: AccountSettings,
  now: Date,
  guard: LoginGuard = {},
): Promise<User> {
  assertEligible(account, 'studentMember');
  const live = await liveUpgrade(db, account.id, 'studentMember', now);
  if (!live || live.step !== 'link' || !live.email || !live.email_verified_at) throw new DomainError('upgradeStepMissing');
  const email = live.email;
  await assertEmailFree(db, account.id, email);

  let passwordHash: string | null = null;
  let linkedUserId: string | null = null;
  if (input.mode === 'create') {
    assertNewPassword(input.newPassword, { policy: settings.policy, loginId: account.login_id });
    passwordHash = await hashPassword(input.newPassword);
  } else {
    // Checked as the login checks it, with its guard: over the account's budget the challenge is
    // asked for, and a solved one (`recaptchaToken`) lets the owner through.
    const attempt = { loginId: input.loginId, password: input.password, deviceCookie: input.deviceCookie, recaptchaToken: input.recaptchaToken };
    const member = await checkPassword(db, { ...attempt, ...(input.address ? { address: input.address } : {}) }, now, guard).catch(
      (error: unknown) => {
        throw error instanceof DomainError && (error.code === 'loginFailed' || error.code === 'accountInactive')
          ? new DomainError('wrongPasswordOrUserNotFound', { fields: [{ field: 'password', rule: 'incorrect' }] })
          : error;
      },
    );
    if (member.id === account.id || !(LINKABLE_MEMBER_CATEGORIES as readonly string[]).includes(member.category)) {
      throw new DomainError('upgradeLinkNotMember', { fields: [{ field: 'loginId', rule: 'incorrect' }] });
    }
    linkedUserId = member.id;
  }

  return finishUpgrade(db, account.id, async (tx) => {
    const row = await completeUpgrade(tx, account.id, 'studentMember', 'link', now);
    const subscribe = row.data['subscribe'] === true;
    if (linkedUserId) {
      await sql`UPDATE upgrades SET data = data || ${JSON.stringify({ linkedUserId })}::jsonb WHERE user_id = ${account.id} AND kind = 'studentMember'`.execute(tx);
    }
    const changed = await sql<{ id: string }>`
      UPDATE users SET category = 'STUDENT_MEMBER', login_email = ${email},
        contact_email = COALESCE(contact_email, ${email}),
        password_hash = COALESCE(${passwordHash}, password_hash),
        subscriptions = CASE WHEN ${subscribe} AND NOT (${STUDENT_NEWSLETTER} = ANY (subscriptions))
          THEN array_append(subscriptions, ${STUDENT_NEWSLETTER}) ELSE subscriptions END
      WHERE id = ${account.id} AND category = 'STUDENT' AND status = 'active'
      RETURNING id`.execute(tx);
    if (changed.rows.length === 0) throw new DomainError('upgradeNotEligible');
  });
}
