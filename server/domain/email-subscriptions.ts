import { sql } from 'kysely';
import {
  CONFIRMATION_LINK_HOURS,
  HOLD_MAX_ATTEMPTS,
  SUBSCRIPTION_SERVICES,
  type EmailVerifyResult,
  type Language,
  type PublicSubscriptionResult,
  type SubscriptionService,
} from '../../contract/index.ts';
import type { Db } from '../db/schema.ts';
import { enqueueEmail } from '../mail/outbox.ts';
import { recipientLanguage } from './recipient-language.ts';
import { renderProfileSubscriptionConfirmation, renderSubscriptionConfirmation } from '../mail/templates.ts';
import { DomainError } from './errors.ts';
import { type HoldKey, recordFailure, reserveAttempt } from './holds.ts';
import { type RecaptchaVerifier, assertHuman } from './recaptcha.ts';
import { isTokenShape, randomToken, sha256 } from './tokens.ts';
import { emailLink } from './email-links.ts';

/** How long a subscription confirmation link works (docs/decisions/email-subscriptions.md). */
export const SUBSCRIPTION_LINK_VALIDITY_MS = CONFIRMATION_LINK_HOURS * 60 * 60_000;
/** Hold kind counting confirmation requests per address, so the endpoint cannot mail-bomb. */
export const SUBSCRIPTION_HOLD_KIND = 'subscription-request';

export interface SubscriptionRequestInput {
  /** Lower-cased by the contract schema. */
  email: string;
  services: readonly SubscriptionService[];
  recaptcha: string;
  lang: Language;
}

export interface SubscriptionSettings {
  publicUrl: string;
  supportEmail: string;
}

/** Each service once, in the catalogue's order. */
export function normalServices(services: readonly string[]): SubscriptionService[] {
  return SUBSCRIPTION_SERVICES.filter((service) => services.includes(service));
}

/**
 * SPEC §5 newsletter subscription: after the reCAPTCHA, stores a pending request and, in the same
 * transaction, emails its confirmation link. Requests count towards the address's hold: the one
 * beyond HOLD_MAX_ATTEMPTS within the window is answered `held` and sends nothing.
 */
export async function requestSubscription(
  db: Db,
  verifyRecaptcha: RecaptchaVerifier,
  input: SubscriptionRequestInput,
  settings: SubscriptionSettings,
  now: Date,
): Promise<PublicSubscriptionResult> {
  await assertHuman(verifyRecaptcha, input.recaptcha);
  const hold: HoldKey = { subject: input.email, kind: SUBSCRIPTION_HOLD_KIND };
  const attempt = await reserveAttempt(db, hold, now);
  if (attempt > HOLD_MAX_ATTEMPTS) await recordFailure(db, hold, attempt, now, 'held');

  const services = normalServices(input.services);
  const token = randomToken();
  await db.transaction().execute(async (tx) => {
    // An account's language when the address signs in to one, else the page's (recipient-language.ts).
    const language = await recipientLanguage(tx, input.email, input.lang);
    await tx
      .insertInto('subscription_requests')
      .values({
        token_hash: sha256(token),
        email: input.email,
        services,
        lang: language,
        expires_at: new Date(now.getTime() + SUBSCRIPTION_LINK_VALIDITY_MS),
        used_at: null,
        created_at: now,
      })
      .execute();
    const message = await renderSubscriptionConfirmation(language, {
      to: input.email,
      link: emailLink(settings.publicUrl, language, 'subscription', { token }),
      services,
      validHours: SUBSCRIPTION_LINK_VALIDITY_MS / 3_600_000,
      supportEmail: settings.supportEmail,
    });
    await enqueueEmail(tx, { to: input.email, ...message }, now);
  });
  return { email: input.email };
}

/** Why a link cannot be used now: unknown (`linkInvalid`), used (`alreadyUsed`) or `expired`. */
async function refusal(db: Db, tokenHash: string, now: Date): Promise<DomainError> {
  const row = await db.selectFrom('subscription_requests').select(['used_at', 'expires_at']).where('token_hash', '=', tokenHash).executeTakeFirst();
  if (!row) return new DomainError('linkInvalid');
  if (row.used_at) return new DomainError('alreadyUsed');
  if (row.expires_at.getTime() <= now.getTime()) return new DomainError('expired');
  // Usable on this read but not on the UPDATE: a parallel use won in between.
  return new DomainError('alreadyUsed');
}

/**
 * Follows a confirmation link: uses it with one conditional UPDATE (of parallel uses exactly one
 * succeeds) and, in the same transaction, applies it: a profile request (`user_id` set) replaces
 * the account's `users.subscriptions`; a public request sets the address's services, replacing
 * earlier ones.
 */
export async function confirmSubscription(db: Db, token: string, now: Date): Promise<EmailVerifyResult> {
  if (!isTokenShape(token)) throw new DomainError('linkInvalid');
  const tokenHash = sha256(token);
  const confirmed = await db.transaction().execute(async (tx) => {
    const used = await sql<{ email: string; services: string[]; user_id: string | null }>`
      UPDATE subscription_requests SET used_at = ${now}
      WHERE token_hash = ${tokenHash} AND used_at IS NULL AND expires_at > ${now}
      RETURNING email, services, user_id`.execute(tx);
    const row = used.rows[0];
    if (!row) return null;
    if (row.user_id !== null) {
      await tx.updateTable('users').set({ subscriptions: normalServices(row.services) }).where('id', '=', row.user_id).execute();
      return row;
    }
    await tx
      .insertInto('email_subscriptions')
      .values({ email: row.email, services: row.services, confirmed_at: now })
      .onConflict((oc) => oc.column('email').doUpdateSet({ services: row.services, confirmed_at: now }))
      .execute();
    return row;
  });
  if (!confirmed) throw await refusal(db, tokenHash, now);
  return { kind: 'subscription', email: confirmed.email, services: normalServices(confirmed.services) };
}

export interface ProfileSubscriptionAccount {
  userId: string;
  loginId: string;
  displayName: string;
  /** Where the confirmation goes: the contact email, else the login email. */
  email: string;
  language: Language;
}

export interface PendingProfileSubscription {
  services: SubscriptionService[];
  email: string;
}

/** The account's subscription change waiting for its link (the newest usable one), if any. */
export async function pendingProfileSubscription(db: Db, userId: string, now: Date): Promise<PendingProfileSubscription | null> {
  const row = await db
    .selectFrom('subscription_requests')
    .select(['services', 'email'])
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row ? { services: normalServices(row.services), email: row.email } : null;
}

/** Ends the account's waiting subscription changes: their links answer `expired` from now on. */
export async function expireProfileSubscriptions(tx: Db, userId: string, now: Date): Promise<void> {
  await tx
    .updateTable('subscription_requests')
    .set({ expires_at: now })
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .execute();
}

/**
 * A subscription change asked for on the profile, inside the caller's transaction: replaces any
 * waiting change (its link then answers `expired`) with a 24 h link emailed in the account's
 * language. Asking again for the services already waiting keeps that request and sends nothing.
 */
export async function requestProfileSubscriptionChange(
  tx: Db,
  account: ProfileSubscriptionAccount,
  services: readonly SubscriptionService[],
  settings: SubscriptionSettings,
  now: Date,
): Promise<PendingProfileSubscription> {
  const wanted = normalServices(services);
  const waiting = await pendingProfileSubscription(tx, account.userId, now);
  if (waiting && waiting.email === account.email && waiting.services.join() === wanted.join()) return waiting;
  await expireProfileSubscriptions(tx, account.userId, now);
  const token = randomToken();
  await tx
    .insertInto('subscription_requests')
    .values({
      token_hash: sha256(token),
      email: account.email,
      services: wanted,
      lang: account.language,
      expires_at: new Date(now.getTime() + SUBSCRIPTION_LINK_VALIDITY_MS),
      used_at: null,
      created_at: now,
      user_id: account.userId,
    })
    .execute();
  const message = await renderProfileSubscriptionConfirmation(account.language, {
    to: account.email,
    displayName: account.displayName,
    loginId: account.loginId,
    link: emailLink(settings.publicUrl, account.language, 'subscription', { token }),
    services: wanted,
    validHours: SUBSCRIPTION_LINK_VALIDITY_MS / 3_600_000,
    supportEmail: settings.supportEmail,
  });
  await enqueueEmail(tx, { to: account.email, ...message }, now);
  return { services: wanted, email: account.email };
}
