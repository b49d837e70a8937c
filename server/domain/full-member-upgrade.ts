import type { User } from '../../contract/index.ts';
import type { FullInfoRequest, UpgradeProgress } from '../../contract/schemas/upgrade.ts';
import type { Db } from '../db/schema.ts';
import { DomainError } from './errors.ts';
import { advanceUpgrade, assertEligible, assertEmailFree, completeUpgrade, finishUpgrade, liveUpgrade, type UpgradeRow } from './upgrades.ts';
import type { AccountRow } from './users.ts';

/**
 * The full-member upgrade's own steps (SPEC §2 Upgrade popups: welcome, email, code, phone, user
 * info, finish; §4 "email, phone, info, done"). After the shared email-code step, the phone step
 * is the existing mobile verification (its own calls, mobile.ts) and this module only checks that
 * it happened during this upgrade; the user-information step is the last one and makes the
 * account FULL_MEMBER in its transaction (docs/decisions/full-member-upgrade.md).
 */

/** When the account's mobile number was verified by SMS, if it was after the upgrade's email was; null otherwise. */
async function phoneVerifiedDuring(db: Db, account: AccountRow, live: UpgradeRow): Promise<Date | null> {
  const row = await db.selectFrom('users').select('mobile_verified_at').where('id', '=', account.id).executeTakeFirst();
  const verifiedAt = row?.mobile_verified_at ?? null;
  return verifiedAt !== null && live.email_verified_at !== null && verifiedAt.getTime() >= live.email_verified_at.getTime() ? verifiedAt : null;
}

/** The phone step: moves `phone` → `info` once a number was verified by SMS in this upgrade. */
export async function confirmUpgradePhone(db: Db, account: AccountRow, now: Date): Promise<UpgradeProgress> {
  assertEligible(account, 'fullMember');
  const live = await liveUpgrade(db, account.id, 'fullMember', now);
  // Sent again from the information step (a reload between the two answers), it changes nothing.
  if (live?.step === 'info') return advanceUpgrade(db, account.id, 'fullMember', ['info'], 'info', {}, now);
  if (!live || live.step !== 'phone') throw new DomainError('upgradeStepMissing');
  const verifiedAt = await phoneVerifiedDuring(db, account, live);
  if (!verifiedAt) throw new DomainError('upgradePhoneUnverified');
  return advanceUpgrade(db, account.id, 'fullMember', ['phone'], 'info', { phoneVerifiedAt: verifiedAt.toISOString() }, now);
}

/**
 * The last step: gender, year of birth and self-claimed roles are written, the category becomes
 * FULL_MEMBER and the progress completes, in one transaction; the user update is conditional on
 * the account still being an active PUBLIC one with a verified mobile, so a parallel finish (or a
 * number removed meanwhile) cannot upgrade twice or without a phone. Permissions are read from
 * the category by every request, so they apply at once.
 */
export async function finishFullUpgrade(db: Db, account: AccountRow, input: FullInfoRequest, now: Date): Promise<User> {
  assertEligible(account, 'fullMember');
  const live = await liveUpgrade(db, account.id, 'fullMember', now);
  if (!live || live.step !== 'info' || !live.email || !live.email_verified_at) throw new DomainError('upgradeStepMissing');
  if (!(await phoneVerifiedDuring(db, account, live))) throw new DomainError('upgradePhoneUnverified');
  const email = live.email;
  await assertEmailFree(db, account.id, email);
  const roles = [...new Set(input.roles)];
  return finishUpgrade(db, account.id, async (tx) => {
    await completeUpgrade(tx, account.id, 'fullMember', 'info', now);
    const changed = await tx
      .updateTable('users')
      .set((eb) => ({
        category: 'FULL_MEMBER',
        gender: input.gender,
        year_of_birth: Number(input.yearOfBirth.trim()),
        roles,
        contact_email: email,
        login_email: eb.fn.coalesce('login_email', eb.val(email)),
      }))
      .where('id', '=', account.id)
      .where('category', '=', 'PUBLIC')
      .where('status', '=', 'active')
      .where('mobile_verified_at', 'is not', null)
      .returning('id')
      .execute();
    if (changed.length === 0) throw new DomainError('upgradeNotEligible');
  });
}
