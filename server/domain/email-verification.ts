import { sql } from 'kysely';
import type { EmailChangeKind, EmailVerificationKind, EmailVerifyResult } from '../../contract/index.ts';
import type { Db } from '../db/schema.ts';
import { DomainError, uniqueViolation } from './errors.ts';
import { queueSecurityEmail } from './security-emails.ts';
import { confirmSubscription } from './email-subscriptions.ts';
import { isTokenShape, sha256 } from './tokens.ts';

export interface EmailVerificationSettings {
  supportEmail: string;
  /** For the links of the security notice (the security page, the forgotten-password page). */
  publicUrl: string;
}

/** `n***@example.org`: enough for the owner to recognise, not enough to hand the address out. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  return `${email.slice(0, Math.min(1, at))}***${email.slice(at)}`;
}

interface SpentChange {
  user_id: string;
  email: string;
}

/** Why a link of this kind cannot be followed now (it was not spent by the conditional UPDATE). */
async function refusal(db: Db, tokenHash: string, kind: EmailChangeKind, now: Date): Promise<DomainError> {
  const row = await db
    .selectFrom('email_changes')
    .select(['kind', 'used_at', 'superseded_at', 'expires_at'])
    .where('token_hash', '=', tokenHash)
    .executeTakeFirst();
  if (!row || row.kind !== kind) return new DomainError('linkInvalid');
  if (row.used_at) return new DomainError('alreadyUsed');
  if (row.superseded_at) return new DomainError('linkInvalid');
  if (row.expires_at.getTime() <= now.getTime()) return new DomainError('expired');
  // Usable on this read but not on the UPDATE: a parallel use won in between.
  return new DomainError('alreadyUsed');
}

/** Thrown inside the transaction so that it rolls back: the link stays unspent, nothing applied. */
const duplicated = () => new DomainError('linkDuplicated');

async function applyLogin(tx: Db, change: SpentChange, settings: EmailVerificationSettings, now: Date): Promise<void> {
  const holder = await tx.selectFrom('users').select('id').where('login_email', '=', change.email).where('id', '!=', change.user_id).executeTakeFirst();
  if (holder) throw duplicated();
  const before = await tx
    .selectFrom('users')
    .select(['id', 'login_email', 'login_id', 'language'])
    .where('id', '=', change.user_id)
    .executeTakeFirstOrThrow();
  try {
    // A parallel confirmation of the same address by another account can still win between the
    // check above and this write: the unique index (users_login_email_key) refuses it.
    await tx.updateTable('users').set({ login_email: change.email }).where('id', '=', change.user_id).execute();
  } catch (error) {
    if (uniqueViolation(error) !== null) throw duplicated();
    throw error;
  }
  // The security notice goes to the address that just stopped being the login email, in the
  // account's language, in this transaction: it exists exactly when the change stands (issue 10).
  if (before.login_email && before.login_email !== change.email) {
    await queueSecurityEmail(tx, before, 'loginEmailChanged', {
      at: now,
      newEmail: change.email,
      to: before.login_email,
      supportEmail: settings.supportEmail,
      publicUrl: settings.publicUrl,
    });
  }
}

async function applyTeacher(tx: Db, change: SpentChange, now: Date): Promise<void> {
  const holder = await tx
    .selectFrom('teacher_profiles')
    .select('user_id')
    .where('teacher_email', '=', change.email)
    .where('user_id', '!=', change.user_id)
    .executeTakeFirst();
  if (holder) throw duplicated();
  let updated;
  try {
    updated = await tx
      .updateTable('teacher_profiles')
      .set({ teacher_email: change.email, teacher_email_verified_at: now, updated_at: now })
      .where('user_id', '=', change.user_id)
      .executeTakeFirst();
  } catch (error) {
    if (uniqueViolation(error) !== null) throw duplicated();
    throw error;
  }
  // The teacher profile was removed after the request: the link no longer leads anywhere.
  if (Number(updated.numUpdatedRows) === 0) throw new DomainError('linkInvalid');
}

/**
 * POST /api/email-verifications: follows an emailed link. No session is needed (the link may be
 * opened in another browser); the token is the proof. One conditional UPDATE spends it, so of
 * parallel uses exactly one applies the change; a refusal after spending rolls everything back.
 */
export async function verifyEmailLink(
  db: Db,
  kind: Exclude<EmailVerificationKind, 'mfa'>,
  token: string,
  settings: EmailVerificationSettings,
  now: Date,
): Promise<EmailVerifyResult> {
  if (kind === 'subscription') return confirmSubscription(db, token, now);
  if (!isTokenShape(token)) throw new DomainError('linkInvalid');
  const tokenHash = sha256(token);
  const applied = await db.transaction().execute(async (tx) => {
    const spent = await sql<SpentChange>`
      UPDATE email_changes SET used_at = ${now}
      WHERE token_hash = ${tokenHash} AND kind = ${kind} AND used_at IS NULL AND superseded_at IS NULL AND expires_at > ${now}
      RETURNING user_id, email`.execute(tx);
    const change = spent.rows[0];
    if (!change) return null;
    if (kind === 'login') await applyLogin(tx, change, settings, now);
    else if (kind === 'contact') await tx.updateTable('users').set({ contact_email: change.email }).where('id', '=', change.user_id).execute();
    else await applyTeacher(tx, change, now);
    return change;
  });
  if (!applied) throw await refusal(db, tokenHash, kind, now);
  return { kind, email: applied.email, services: [] };
}
