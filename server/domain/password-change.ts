import type { Db } from '../db/schema.ts';
import { DomainError } from './errors.ts';
import { assertNewPassword, assertPasswordChanges, hashPassword, verifyPassword } from './passwords.ts';
import { queueSecurityEmail, securityEmailUser } from './security-emails.ts';
import { createSession, revokeUserSessions, type SessionClient } from './sessions.ts';
import type { AccountSettings } from './settings.ts';

/**
 * Changes the signed-in user's password. On success every session of the user ends, this one
 * included, and a fresh session is returned for the cookie (rotation).
 */
export async function changePassword(
  db: Db,
  input: { currentPassword: string; newPassword: string },
  userId: string,
  settings: AccountSettings,
  now: Date,
  /** The browser the change was made in: its fresh session keeps showing it. */
  client?: SessionClient,
): Promise<{ sessionId: string }> {
  const user = await db.selectFrom('users').select(['login_id', 'password_hash']).where('id', '=', userId).executeTakeFirst();
  if (!user) throw new DomainError('unauthorized');
  if (!user.password_hash || !(await verifyPassword(user.password_hash, input.currentPassword))) {
    throw new DomainError('currentPasswordIncorrect', { fields: [{ field: 'currentPassword', rule: 'incorrect' }] });
  }
  await assertPasswordChanges(input.newPassword, { password: input.currentPassword });
  assertNewPassword(input.newPassword, { policy: settings.policy, loginId: user.login_id });
  const passwordHash = await hashPassword(input.newPassword);
  return db.transaction().execute(async (tx) => {
    await tx.updateTable('users').set({ password_hash: passwordHash }).where('id', '=', userId).execute();
    await revokeUserSessions(tx, userId, 'passwordChanged');
    const account = await securityEmailUser(tx, userId);
    if (account) await queueSecurityEmail(tx, account, 'passwordChanged', { at: now, supportEmail: settings.supportEmail, publicUrl: settings.publicUrl });
    return { sessionId: await createSession(tx, userId, { secret: settings.sessionSecret, now }, undefined, client) };
  });
}
