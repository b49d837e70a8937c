import type { ActivationRecord, SubscriptionService } from '../../contract/index.ts';
import type { Db, LinkTokenKind } from '../db/schema.ts';
import { DomainError } from './errors.ts';
import { consumeLinkToken, findUsedLinkToken, inspectLinkToken, voidLinkTokens } from './link-tokens.ts';
import { assertNewPassword, hashPassword } from './passwords.ts';
import { createSession, type SessionClient } from './sessions.ts';
import type { AccountSettings } from './settings.ts';

const ACTIVATION_KINDS: readonly LinkTokenKind[] = ['activation', 'buyer_activation'];
/** After activating, the subscription step accepts the used link this long. */
export const SUBSCRIBE_WINDOW_MS = 60 * 60_000;

async function pendingUser(db: Db, userId: string) {
  const user = await db.selectFrom('users').select(['id', 'login_id', 'login_email', 'status']).where('id', '=', userId).executeTakeFirst();
  if (!user) throw new DomainError('userNotFound');
  return user;
}

/** SPEC §7 check-record: a still-usable activation link (user or buyer) and whose it is. */
export async function checkActivationRecord(db: Db, encryptCode: string, now: Date): Promise<ActivationRecord> {
  const record = await inspectLinkToken(db, encryptCode, ACTIVATION_KINDS, now);
  const user = await pendingUser(db, record.userId);
  return { userId: user.id, loginId: user.login_id, email: user.login_email, kind: record.kind === 'buyer_activation' ? 'buyer' : 'user' };
}

/**
 * Sets the first password and activates the account, using the link exactly once, then signs
 * the user in. The password is checked before the link is used, so a refused password leaves
 * the link valid.
 */
export async function activate(
  db: Db,
  input: { encryptCode: string; newPassword: string },
  kind: 'activation' | 'buyer_activation',
  settings: AccountSettings,
  now: Date,
  client?: SessionClient,
): Promise<{ userId: string; sessionId: string }> {
  const record = await inspectLinkToken(db, input.encryptCode, [kind], now);
  const user = await pendingUser(db, record.userId);
  assertNewPassword(input.newPassword, { policy: settings.policy, loginId: user.login_id });
  const passwordHash = await hashPassword(input.newPassword);
  return db.transaction().execute(async (tx) => {
    const userId = await consumeLinkToken(tx, input.encryptCode, kind, now);
    await tx.updateTable('users').set({ password_hash: passwordHash, status: 'active', activated_at: now }).where('id', '=', userId).execute();
    await voidLinkTokens(tx, userId, kind, now);
    const sessionId = await createSession(tx, userId, { secret: settings.sessionSecret, now }, undefined, client);
    return { userId, sessionId };
  });
}

/**
 * The optional step after activation: newsletter subscriptions. Needs the signed-in user to be
 * the link's user and the link to have been used within SUBSCRIBE_WINDOW_MS.
 */
export async function subscribeAfterActivation(
  db: Db,
  input: { encryptCode: string; userId: string; services: SubscriptionService[] },
  sessionUserId: string,
  now: Date,
): Promise<{ services: SubscriptionService[] }> {
  if (input.userId !== sessionUserId) throw new DomainError('forbidden');
  const record = await findUsedLinkToken(db, input.encryptCode, ACTIVATION_KINDS);
  if (!record || record.userId !== input.userId) throw new DomainError('recordNotFound');
  if (!record.usedAt) throw new DomainError('forbidden');
  if (now.getTime() - record.usedAt.getTime() > SUBSCRIBE_WINDOW_MS) throw new DomainError('expired');
  const services = [...new Set(input.services)];
  await db.updateTable('users').set({ subscriptions: services }).where('id', '=', input.userId).execute();
  return { services };
}
