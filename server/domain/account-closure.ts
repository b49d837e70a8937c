import { sql } from 'kysely';
import { ACCOUNT_CLOSURE_GRACE_DAYS } from '../../contract/schemas/account-closure.ts';
import type { Db } from '../db/schema.ts';
import { DomainError } from './errors.ts';
import { queueSecurityEmail, securityEmailUser } from './security-emails.ts';
import { revokeUserSessions } from './sessions.ts';

/**
 * Closing an account (issue 23; docs/decisions/account-closure.md): a public or full member asks,
 * every session ends, and ACCOUNT_CLOSURE_GRACE_DAYS later `eraseClosedAccounts` (a scheduled job,
 * server/closure-job.ts) erases the account's personal data. Signing in before then still works,
 * and the closure can be cancelled. Each step sends a security email.
 */

export const ACCOUNT_CLOSURE_GRACE_MS = ACCOUNT_CLOSURE_GRACE_DAYS * 24 * 60 * 60_000;

/** Accounts that close themselves here; the others belong to a school or to support. */
const SELF_CLOSING = new Set(['PUBLIC', 'FULL_MEMBER']);

export interface ClosureSettings {
  supportEmail: string;
  publicUrl: string;
}

/** Why the account may not close now, as a refusal; nothing when it may. */
async function checkClosable(tx: Db, userId: string): Promise<void> {
  const user = await tx.selectFrom('users').select(['category', 'school_code']).where('id', '=', userId).executeTakeFirstOrThrow();
  if (user.school_code !== null) throw new DomainError('closureSchoolManaged');
  if (!SELF_CLOSING.has(user.category)) throw new DomainError('closureNotAllowed');
  // The last admin of a family with other members would leave it with nobody to run it.
  const stranded = await sql<{ family_id: string }>`
    SELECT m.family_id FROM family_members m
    WHERE m.user_id = ${userId} AND m.status = 'active' AND m.is_admin
      AND NOT EXISTS (SELECT 1 FROM family_members a WHERE a.family_id = m.family_id AND a.user_id <> ${userId} AND a.status = 'active' AND a.is_admin)
      AND EXISTS (SELECT 1 FROM family_members o WHERE o.family_id = m.family_id AND o.user_id <> ${userId} AND o.status = 'active')`.execute(tx);
  if (stranded.rows.length > 0) throw new DomainError('closureLastFamilyAdmin');
}

/** When the account's data will be erased, or null when it is not closing. */
export async function closureOf(db: Db, userId: string): Promise<Date | null> {
  const row = await db.selectFrom('account_closures').select('erase_at').where('user_id', '=', userId).executeTakeFirst();
  return row?.erase_at ?? null;
}

/** Closes the account: checked, recorded, every session ended, the owner told; answers when it will be erased. */
export async function requestClosure(db: Db, userId: string, settings: ClosureSettings, now: Date): Promise<Date> {
  return db.transaction().execute(async (tx) => {
    await checkClosable(tx, userId);
    const eraseAt = new Date(now.getTime() + ACCOUNT_CLOSURE_GRACE_MS);
    const inserted = await tx
      .insertInto('account_closures')
      .values({ user_id: userId, requested_at: now, erase_at: eraseAt })
      .onConflict((oc) => oc.column('user_id').doNothing())
      .returning('erase_at')
      .executeTakeFirst();
    if (!inserted) throw new DomainError('closureAlreadyRequested');
    await revokeUserSessions(tx, userId, 'accountClosed');
    const user = await securityEmailUser(tx, userId);
    if (user) await queueSecurityEmail(tx, user, 'closureRequested', { at: now, eraseAt, ...settings });
    return eraseAt;
  });
}

/** Cancels a closure within its grace period. */
export async function cancelClosure(db: Db, userId: string, settings: ClosureSettings, now: Date): Promise<void> {
  await db.transaction().execute(async (tx) => {
    const removed = await tx.deleteFrom('account_closures').where('user_id', '=', userId).where('erase_at', '>', now).executeTakeFirst();
    if (Number(removed.numDeletedRows) === 0) throw new DomainError('closureNotRequested');
    const user = await securityEmailUser(tx, userId);
    if (user) await queueSecurityEmail(tx, user, 'closureCancelled', { at: now, ...settings });
  });
}

/**
 * Erases every account whose grace period has ended, one transaction each: the confirmation is
 * queued first (the outbox delivers it after the account is gone), then everything that names the
 * person goes. Rows keyed by the account go with it (`ON DELETE CASCADE`); what is kept by address
 * or login ID (newsletter subscriptions, emails already sent, holds and throttles, families left
 * with nobody) is deleted here. A school's email list record is the school's and stays.
 * Answers how many accounts were erased.
 */
export async function eraseClosedAccounts(db: Db, settings: ClosureSettings, now: Date): Promise<number> {
  const due = await db.selectFrom('account_closures').select('user_id').where('erase_at', '<=', now).orderBy('erase_at').limit(100).execute();
  let erased = 0;
  for (const { user_id: userId } of due) {
    const done = await db.transaction().execute(async (tx) => {
      const claimed = await sql<{ user_id: string }>`SELECT user_id FROM account_closures WHERE user_id = ${userId} AND erase_at <= ${now} FOR UPDATE SKIP LOCKED`.execute(tx);
      if (claimed.rows.length === 0) return false;
      const user = await tx.selectFrom('users').select(['id', 'login_id', 'login_email', 'contact_email', 'mfa_email', 'language']).where('id', '=', userId).executeTakeFirstOrThrow();
      const addresses = [...new Set([user.login_email, user.contact_email, user.mfa_email].filter((email): email is string => !!email))];
      const mobile = await tx.selectFrom('users').select(['mobile_country_code', 'mobile_number']).where('id', '=', userId).executeTakeFirstOrThrow();
      const keys = [userId, user.login_id, ...addresses];
      if (addresses.length > 0) {
        await tx.deleteFrom('outbox').where('recipient', 'in', addresses).execute();
        await tx.deleteFrom('email_subscriptions').where('email', 'in', addresses).execute();
        await tx.deleteFrom('subscription_requests').where('email', 'in', addresses).execute();
        await tx.deleteFrom('pending_identities').where('email', 'in', addresses).execute();
      }
      if (mobile.mobile_country_code && mobile.mobile_number) {
        await tx.deleteFrom('outbox').where('recipient', '=', `+${mobile.mobile_country_code}${mobile.mobile_number}`).execute();
      }
      await tx
        .deleteFrom('holds')
        .where((eb) => eb.or([eb('subject', 'in', keys), ...keys.map((key) => eb('subject', 'like', `${key.replaceAll('%', '\\%').replaceAll('_', '\\_')}|%`))]))
        .execute();
      await tx.deleteFrom('login_throttles').where('subject', 'in', keys).execute();
      const families = await tx.selectFrom('family_members').select('family_id').where('user_id', '=', userId).execute();
      await tx.deleteFrom('users').where('id', '=', userId).execute();
      const familyIds = [...new Set(families.map((row) => row.family_id))];
      if (familyIds.length > 0) {
        await sql`DELETE FROM families f WHERE f.id IN (${sql.join(familyIds)}) AND NOT EXISTS (SELECT 1 FROM family_members m WHERE m.family_id = f.id)`.execute(tx);
      }
      // The last email: queued after the deletions above, so it is the one row that names the person until it is sent.
      if (await queueSecurityEmail(tx, user, 'accountErased', { at: now, ...settings })) {
        await tx.updateTable('outbox').set({ erase_when_sent: true }).where('recipient', 'in', addresses).where('sent_at', 'is', null).execute();
      }
      return true;
    });
    if (done) erased++;
  }
  await db
    .deleteFrom('outbox')
    .where('erase_when_sent', '=', true)
    .where((eb) => eb.or([eb('sent_at', 'is not', null), eb('failed_at', 'is not', null)]))
    .execute();
  return erased;
}
