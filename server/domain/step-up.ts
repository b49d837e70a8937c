import { STEP_UP_VALIDITY_MINUTES, type StepUpProofs } from '../../contract/schemas/step-up.ts';
import type { Db } from '../db/schema.ts';
import { DomainError } from './errors.ts';
import { clearLoginAttempts, reserveLoginAttempt, type ThrottleKey } from './login-throttle.ts';
import { verifyPassword } from './passwords.ts';

/**
 * Step-up (issue 23, docs/decisions/step-up.md): a sensitive action needs a proof given by this
 * session within the last STEP_UP_VALIDITY_MS. The proof's time is stored on the session row
 * (`sessions.proved_at`, migration 0025), so it ends with the session and counts in every process.
 */
export const STEP_UP_VALIDITY_MS = STEP_UP_VALIDITY_MINUTES * 60_000;

/** The address column of the step-up's throttle rows: apart from the login's own pairs. */
const STEP_UP_ADDRESS_PREFIX = 'step-up:';

/** The session asking: its id hash (never the raw cookie) and its account. */
export interface ProvingSession {
  idHash: string;
  userId: string;
}

/**
 * The guard every sensitive action calls first, in its route or its domain function:
 * `await requireRecentProof(db, c.var.session.idHash, now)`. Refuses `stepUpRequired` (403)
 * unless this session gave a proof within the last 10 minutes; the browser then opens the
 * step-up dialog and sends the action again.
 */
export async function requireRecentProof(db: Db, idHash: string, now: Date): Promise<void> {
  const row = await db.selectFrom('sessions').select('proved_at').where('id_hash', '=', idHash).executeTakeFirst();
  const provedAt = row?.proved_at ? new Date(row.proved_at).getTime() : null;
  if (provedAt === null || provedAt + STEP_UP_VALIDITY_MS <= now.getTime() || provedAt > now.getTime()) {
    throw new DomainError('stepUpRequired');
  }
}

/**
 * Records a proof given by this session (the password here; a passkey or the second factor by
 * their own flows) and answers until when it counts.
 */
export async function recordProof(db: Db, idHash: string, now: Date): Promise<{ provedUntil: string }> {
  await db.updateTable('sessions').set({ proved_at: now }).where('id_hash', '=', idHash).execute();
  return { provedUntil: new Date(now.getTime() + STEP_UP_VALIDITY_MS).toISOString() };
}

/**
 * Which proofs the dialog offers this account (docs/decisions/step-up.md "Which proofs each
 * account is offered"): its password if it has one, a passkey if it has one, the authenticator
 * app's code for an administrator who set one up. The dialog starts with what the answer allows.
 */
export async function stepUpProofs(db: Db, userId: string): Promise<StepUpProofs> {
  const user = await db.selectFrom('users').select(['password_hash', 'login_email']).where('id', '=', userId).executeTakeFirst();
  if (!user) throw new DomainError('unauthorized');
  const passkey = await db.selectFrom('passkeys').select('user_id').where('user_id', '=', userId).limit(1).executeTakeFirst();
  // Only a school administrator can set one up (authenticator.ts); confirmed, or it proves nothing yet.
  const authenticator = await db.selectFrom('authenticators').select('user_id').where('user_id', '=', userId).where('confirmed_at', 'is not', null).executeTakeFirst();
  // The emailed code only where there is no password: it proves the mailbox, which a reset link would too.
  return { password: Boolean(user.password_hash), passkey: passkey !== undefined, authenticator: authenticator !== undefined, email: !user.password_hash && Boolean(user.login_email) };
}

/**
 * The password typed again. Wrong passwords follow the login's rules per (account, network):
 * five free, then a delay doubling from 1 s up to 15 minutes, counted atomically before the
 * password is evaluated (login-throttle.ts `reserveLoginAttempt`), in rows of their own so the
 * dialog never delays the owner's login and the login never delays the dialog. Nothing locks the
 * owner out: the delay ends, and another network has its own count.
 */
export async function proveWithPassword(db: Db, session: ProvingSession, password: string, addressGroup: string, now: Date): Promise<{ provedUntil: string }> {
  const user = await db.selectFrom('users').select('password_hash').where('id', '=', session.userId).executeTakeFirst();
  if (!user) throw new DomainError('unauthorized');
  if (!user.password_hash) throw new DomainError('stepUpNoPassword');
  const key: ThrottleKey = { subject: session.userId, address: `${STEP_UP_ADDRESS_PREFIX}${addressGroup}` };
  try {
    await reserveLoginAttempt(db, key, now);
  } catch (error) {
    if (error instanceof DomainError && error.code === 'loginThrottled') throw new DomainError('stepUpThrottled', error.holdUntil ? { holdUntil: error.holdUntil } : {});
    throw error;
  }
  if (!(await verifyPassword(user.password_hash, password))) {
    throw new DomainError('currentPasswordIncorrect', { fields: [{ field: 'currentPassword', rule: 'incorrect' }] });
  }
  await clearLoginAttempts(db, key, now);
  return recordProof(db, session.idHash, now);
}
