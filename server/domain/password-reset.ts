import type * as v from 'valibot';
import { HOLD_MAX_ATTEMPTS, type ForgotPasswordRequestSchema, type ForgotPasswordResult, type ResetRecord } from '../../contract/index.ts';
import type { Db } from '../db/schema.ts';
import { enqueueEmail } from '../mail/outbox.ts';
import { renderEmail } from '../mail/templates.ts';
import { deviceIdFor, deviceTokens } from './device-cookie.ts';
import { passChallenge, type DiscoveryChallenge } from './discovery.ts';
import { DomainError } from './errors.ts';
import { clearAttempts, countUse, recordFailure, refuseFromMemory, rememberRefusal, reserveAttempt, type HoldKey, type HoldOptions } from './holds.ts';
import { LINK_VALIDITY_MS, consumeLinkToken, inspectLinkToken, issueLinkToken, voidLinkTokens } from './link-tokens.ts';
import { assertNewPassword, assertPasswordChanges, hashPassword } from './passwords.ts';
import { queueSecurityEmail, securityEmailUser } from './security-emails.ts';
import { revokeUserSessions } from './sessions.ts';
import type { AccountSettings } from './settings.ts';
import { emailLink } from './email-links.ts';

/**
 * Forgot-password requests are held per (target account, client address group): more than
 * HOLD_MAX_ATTEMPTS from one address hold that address only, so a stranger's requests never stop
 * the owner asking from their own network (docs/decisions/holds.md).
 */
export const FORGOT_HOLD_KIND = 'forgot';
/** Reset links one account is sent within 24 hours from every address together: nobody can flood a mailbox. */
export const FORGOT_SENDS_PER_DAY = 20;
export const FORGOT_SEND_KIND = 'forgot_send';

export type ForgotInput = v.InferOutput<typeof ForgotPasswordRequestSchema>;

/** `public1@demo.test` → `p•••1@demo.test`: enough to recognise, not enough to harvest. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  const local = email.slice(0, at);
  const domain = email.slice(at);
  const chars = [...local];
  if (chars.length <= 2) return `${chars[0] ?? ''}•••${domain}`;
  return `${chars[0]}•••${chars[chars.length - 1]}${domain}`;
}

function isHeld(error: unknown): boolean {
  return error instanceof DomainError && error.code === 'held';
}

/** Memory-only alias of a running `forgot` hold by what was typed, answered before the account is read. */
const FORGOT_TYPED_KIND = 'forgot_typed';

/**
 * SPEC §8 forgot password: finds the account by login email or login ID and emails a reset
 * link (in the same transaction as the token). Each request counts towards the account's
 * `forgot` hold: the sixth within the window is answered `held` and sends nothing. A running hold
 * this app has seen is answered from its memory, by what was typed, with no query at all.
 */
export async function requestPasswordReset(
  db: Db,
  input: ForgotInput,
  settings: AccountSettings,
  now: Date,
  options: HoldOptions & {
    /** The client's address group (address-group.ts); the hold is per account and group. */
    addressGroup?: string;
    /** Offered by the route: a held (account, group) asks for it instead of a wait, and a solved one passes (discovery.ts). */
    challenge?: DiscoveryChallenge | undefined;
    /** The browser's device cookie (device-cookie.ts): a known browser of the account is held on its own, not with its network. */
    deviceCookie?: string | undefined;
  } = {},
): Promise<ForgotPasswordResult> {
  const group = options.addressGroup ?? 'unknown';
  const challenge = options.challenge;
  const typed: HoldKey = { kind: FORGOT_TYPED_KIND, subject: `${group}|${input.by === 'email' ? `e:${input.email.toLowerCase()}` : `l:${input.loginId}`}` };
  let passed = false;
  // The typed alias stands for the network's hold: a browser with a genuine device token is judged with the account.
  const mayBeKnown = deviceTokens(settings.sessionSecret, options.deviceCookie).length > 0;
  try {
    if (!mayBeKnown) refuseFromMemory(options, typed, now);
  } catch (error) {
    // Held here: without a token refused from memory as before (now asking for the challenge).
    if (!challenge || !isHeld(error)) throw error;
    await passChallenge(challenge);
    passed = true;
  }
  const query = db.selectFrom('users').select(['id', 'login_id', 'login_email', 'display_name', 'status', 'language']);
  const user =
    input.by === 'email'
      ? await query.where('login_email', '=', input.email).executeTakeFirst()
      : await query.where('login_id', '=', input.loginId).executeTakeFirst();
  if (!user) throw new DomainError(input.by === 'email' ? 'emailNotFound' : 'loginIdNotFound');
  const email = user.login_email;
  if (!email) throw new DomainError('accountHasNoEmail');
  if (user.status !== 'active') throw new DomainError('accountInactive');

  const device = deviceIdFor(settings.sessionSecret, options.deviceCookie, user.id);
  const hold: HoldKey = { subject: device ? `${user.id}|d:${device}` : `${user.id}|${group}`, kind: FORGOT_HOLD_KIND };
  if (!passed) {
    try {
      const attempt = await reserveAttempt(db, hold, now, options);
      if (attempt > HOLD_MAX_ATTEMPTS) await recordFailure(db, hold, attempt, now, 'held', options);
    } catch (error) {
      if (!device && error instanceof DomainError && error.code === 'held' && error.holdUntil) rememberRefusal(options, typed, error.holdUntil);
      if (!challenge || !isHeld(error)) throw error;
      // The owner behind the network that spent this account's requests: a solved challenge passes
      // the hold; the account's FORGOT_SENDS_PER_DAY still bounds the links sent.
      await passChallenge(challenge);
    }
  }

  await db.transaction().execute(async (tx) => {
    // Every address together: past the day's cap the owner already holds that many live links.
    await countUse(tx, { subject: user.id, kind: FORGOT_SEND_KIND }, now, FORGOT_SENDS_PER_DAY, options);
    const token = await issueLinkToken(tx, 'reset', user.id, now);
    // To the account: in its language, and the link opens in it (recipient-language.ts), whatever the page asking.
    const message = await renderEmail('passwordReset', user.language, {
      to: email,
      displayName: user.display_name,
      loginId: user.login_id,
      link: emailLink(settings.publicUrl, user.language, 'passwordReset', { token }),
      validHours: LINK_VALIDITY_MS.reset / 3_600_000,
      supportEmail: settings.supportEmail,
    });
    await enqueueEmail(tx, { to: email, ...message }, now);
  });
  return { maskedEmail: maskEmail(email) };
}

export async function checkResetToken(db: Db, token: string, now: Date): Promise<ResetRecord> {
  const record = await inspectLinkToken(db, token, ['reset'], now);
  const user = await db.selectFrom('users').select('login_id').where('id', '=', record.userId).executeTakeFirst();
  if (!user) throw new DomainError('userNotFound');
  return { loginId: user.login_id };
}

/**
 * Sets a new password by reset link, using the link exactly once (of parallel uses, one wins).
 * Signs the user out everywhere and voids the user's other reset links.
 */
export async function resetPassword(
  db: Db,
  input: { token: string; newPassword: string },
  settings: AccountSettings,
  now: Date,
  options: HoldOptions = {},
): Promise<void> {
  const { loginId } = await checkResetToken(db, input.token, now);
  const current = await db.selectFrom('users').select('password_hash').where('login_id', '=', loginId).executeTakeFirst();
  await assertPasswordChanges(input.newPassword, { hash: current?.password_hash ?? null });
  assertNewPassword(input.newPassword, { policy: settings.policy, loginId });
  const passwordHash = await hashPassword(input.newPassword);
  await db.transaction().execute(async (tx) => {
    const userId = await consumeLinkToken(tx, input.token, 'reset', now);
    await tx.updateTable('users').set({ password_hash: passwordHash }).where('id', '=', userId).execute();
    await voidLinkTokens(tx, userId, 'reset', now);
    await revokeUserSessions(tx, userId, 'passwordReset');
    // The account's holds from every address and its day's count of links start again.
    await tx.deleteFrom('holds').where('kind', '=', FORGOT_HOLD_KIND).where('subject', 'like', `${userId}|%`).execute();
    await clearAttempts(tx, { subject: userId, kind: FORGOT_SEND_KIND }, options);
    const account = await securityEmailUser(tx, userId);
    if (account) await queueSecurityEmail(tx, account, 'passwordReset', { at: now, supportEmail: settings.supportEmail, publicUrl: settings.publicUrl });
  });
}
