import type { Selectable } from 'kysely';
import { sql } from 'kysely';
import type { AccountCategory, User } from '../../contract/index.ts';
import type { UpgradeKind, UpgradeProgress, UpgradeStep } from '../../contract/schemas/upgrade.ts';
import type { Db, UpgradesTable } from '../db/schema.ts';
import { enqueueEmail } from '../mail/outbox.ts';
import { renderUpgradeCodeEmail } from '../mail/templates.ts';
import { DomainError, uniqueViolation } from './errors.ts';
import { type HoldKey, type HoldOptions, clearAttempts, countUse, currentHold, recordFailure, reserveAttempt } from './holds.ts';
import type { AccountSettings } from './settings.ts';
import { hmacSha256, randomDigitCode, sameSecret } from './tokens.ts';
import { type AccountRow, findAccountById, toUser } from './users.ts';

/**
 * The progress store of every membership upgrade (migration 0016) and the email-code step they
 * share. A kind adds its own steps after `subscribe`/`link`-like names of its own and finishes
 * with `completeUpgrade` inside its last transaction.
 */

/** How long progress is kept after its last change, so a closed dialog resumes (docs/decisions.md). */
export const UPGRADE_RESUME_MS = 7 * 24 * 60 * 60_000;
/** How long an emailed upgrade code is accepted (as the OTP's, docs/decisions/otp-login.md). */
export const UPGRADE_CODE_VALIDITY_MS = 10 * 60_000;
/** How soon a new code may be asked for. */
export const UPGRADE_CODE_RESEND_AFTER_MS = 60_000;
/** Codes one account may be sent within 24 hours. */
export const UPGRADE_SENDS_PER_DAY = 10;
/** Hold kind counting wrong upgrade codes per account (more than 5 in 24 h hold, SPEC §9). */
export const UPGRADE_HOLD_KIND = 'upgrade_code';
export const UPGRADE_SEND_KIND = 'upgrade_send';

/** Who may take each kind of upgrade. */
export const UPGRADE_ELIGIBLE: Record<UpgradeKind, readonly AccountCategory[]> = {
  studentMember: ['STUDENT'],
  fullMember: ['PUBLIC'],
};

export type UpgradeRow = Selectable<UpgradesTable>;

export function assertEligible(account: AccountRow, kind: UpgradeKind): void {
  if (account.status !== 'active' || !UPGRADE_ELIGIBLE[kind].includes(account.category)) throw new DomainError('upgradeNotEligible');
}

function codeHash(secret: string, userId: string, kind: UpgradeKind, code: string): string {
  return hmacSha256(secret, `upgrade:${kind}:${userId}:${code}`);
}

/** The row of an upgrade still within its resume window and not completed; null otherwise. */
export async function liveUpgrade(db: Db, userId: string, kind: UpgradeKind, now: Date): Promise<UpgradeRow | null> {
  const row = await db
    .selectFrom('upgrades')
    .selectAll()
    .where('user_id', '=', userId)
    .where('kind', '=', kind)
    .where('completed_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return row ?? null;
}

export function toProgress(kind: UpgradeKind, row: UpgradeRow | null): UpgradeProgress {
  if (!row) return { kind, step: 'intro', email: null, subscribe: null, codeExpiresAt: null, codeResendAt: null, resumeUntil: null };
  const subscribe = row.data['subscribe'];
  const codeStep = row.step === 'code';
  return {
    kind,
    step: row.step as UpgradeStep,
    email: row.email,
    subscribe: typeof subscribe === 'boolean' ? subscribe : null,
    codeExpiresAt: codeStep ? (row.code_expires_at?.toISOString() ?? null) : null,
    codeResendAt: codeStep ? (row.code_resend_at?.toISOString() ?? null) : null,
    resumeUntil: row.expires_at.toISOString(),
  };
}

export async function upgradeProgress(db: Db, account: AccountRow, kind: UpgradeKind, now: Date): Promise<UpgradeProgress> {
  assertEligible(account, kind);
  return toProgress(kind, await liveUpgrade(db, account.id, kind, now));
}

/**
 * Accepting the terms (or, for an upgrade without terms, pressing Start on its welcome) starts
 * the upgrade afresh at the email step (an older, lapsed or completed row is replaced).
 */
export async function acceptUpgradeTerms(db: Db, account: AccountRow, kind: UpgradeKind, now: Date): Promise<UpgradeProgress> {
  assertEligible(account, kind);
  const expiresAt = new Date(now.getTime() + UPGRADE_RESUME_MS);
  const live = await liveUpgrade(db, account.id, kind, now);
  // Accepting again later in the flow changes nothing: the steps reached are kept.
  if (live) return toProgress(kind, live);
  const row = await db
    .insertInto('upgrades')
    .values({ user_id: account.id, kind, step: 'email', data: '{}', created_at: now, updated_at: now, expires_at: expiresAt })
    .onConflict((oc) =>
      oc.columns(['user_id', 'kind']).doUpdateSet({
        step: 'email',
        email: null,
        code_hash: null,
        code_expires_at: null,
        code_resend_at: null,
        code_used_at: null,
        email_verified_at: null,
        data: '{}',
        created_at: now,
        updated_at: now,
        expires_at: expiresAt,
        completed_at: null,
      }),
    )
    .returningAll()
    .executeTakeFirstOrThrow();
  return toProgress(kind, row);
}

/** Kinds whose first step is accepting terms: they start only through `acceptUpgradeTerms`. */
const KINDS_WITH_TERMS: readonly UpgradeKind[] = ['studentMember'];

/** Starts a kind without terms (the full-member welcome's Start); a kind with terms cannot skip them. */
export async function startUpgrade(db: Db, account: AccountRow, kind: UpgradeKind, now: Date): Promise<UpgradeProgress> {
  assertEligible(account, kind);
  if (KINDS_WITH_TERMS.includes(kind)) throw new DomainError('upgradeStepMissing');
  return acceptUpgradeTerms(db, account, kind, now);
}

/** The steps at which a (new) code may be sent: after the terms, or again while one is pending. */
const CODE_SEND_STEPS = ['email', 'code'];

/**
 * The email step: refuses another account's login email, then replaces any earlier code with a
 * new one (at most one a minute, UPGRADE_SENDS_PER_DAY a day), emailed as an outbox row in the
 * same transaction. One conditional upsert decides whether the send is allowed, so parallel sends
 * cannot both pass. Sending to a new address (or again) takes the upgrade back to `code`.
 */
export async function sendUpgradeEmailCode(
  db: Db,
  account: AccountRow,
  input: { kind: UpgradeKind; email: string },
  settings: AccountSettings,
  now: Date,
  options: HoldOptions = {},
): Promise<UpgradeProgress> {
  const { kind } = input;
  assertEligible(account, kind);
  const email = input.email.trim().toLowerCase();
  const live = await liveUpgrade(db, account.id, kind, now);
  if (!live || !CODE_SEND_STEPS.includes(live.step)) throw new DomainError('upgradeStepMissing');
  await assertEmailFree(db, account.id, email);
  const hold: HoldKey = { subject: account.id, kind: UPGRADE_HOLD_KIND };
  const holdUntil = await currentHold(db, hold, now, options);
  if (holdUntil) throw new DomainError('held', { holdUntil });

  const code = randomDigitCode();
  const expiresAt = new Date(now.getTime() + UPGRADE_CODE_VALIDITY_MS);
  const resendAt = new Date(now.getTime() + UPGRADE_CODE_RESEND_AFTER_MS);
  const row = await db.transaction().execute(async (tx) => {
    const written = await sql<UpgradeRow>`
      UPDATE upgrades SET step = 'code', email = ${email}, code_hash = ${codeHash(settings.sessionSecret, account.id, kind, code)},
        code_expires_at = ${expiresAt}, code_resend_at = ${resendAt}, code_used_at = NULL, email_verified_at = NULL, updated_at = ${now},
        expires_at = ${new Date(now.getTime() + UPGRADE_RESUME_MS)}
      WHERE user_id = ${account.id} AND kind = ${kind} AND completed_at IS NULL AND expires_at > ${now}
        AND step IN ('email', 'code') AND (code_resend_at IS NULL OR code_resend_at <= ${now})
      RETURNING *`.execute(tx);
    const updated = written.rows[0];
    if (!updated) return null;
    await countUse(tx, { subject: account.id, kind: UPGRADE_SEND_KIND }, now, UPGRADE_SENDS_PER_DAY, options).catch((error: unknown) => {
      throw error instanceof DomainError && error.code === 'held' ? new DomainError('upgradeSendLimit', error.holdUntil ? { holdUntil: error.holdUntil } : {}) : error;
    });
    const message = await renderUpgradeCodeEmail(account.language, {
      to: email,
      displayName: account.display_name,
      code,
      validMinutes: UPGRADE_CODE_VALIDITY_MS / 60_000,
      supportEmail: settings.supportEmail,
    });
    await enqueueEmail(tx, { to: email, ...message }, now);
    return updated;
  });
  if (!row) {
    // holdUntil carries the time a new code may be asked for (as for the OTP).
    throw new DomainError('codeResendTooSoon', { holdUntil: live.code_resend_at ?? resendAt });
  }
  return toProgress(kind, row);
}

/** SPEC §5: a personal email that is already another account's login email is refused. */
export async function assertEmailFree(db: Db, userId: string, email: string): Promise<void> {
  const taken = await db.selectFrom('users').select('id').where('login_email', '=', email).where('id', '<>', userId).executeTakeFirst();
  if (taken) throw new DomainError('loginEmailTaken', { fields: [{ field: 'email', rule: 'taken' }] });
}

/**
 * The code step: each attempt is counted before it is judged (holds.ts), so parallel wrong codes
 * cannot slip past the hold; the right code is spent by one conditional UPDATE, so it verifies
 * the email exactly once.
 */
export async function verifyUpgradeEmailCode(
  db: Db,
  account: AccountRow,
  input: { kind: UpgradeKind; code: string },
  settings: AccountSettings,
  now: Date,
  options: HoldOptions = {},
): Promise<UpgradeProgress> {
  const { kind } = input;
  assertEligible(account, kind);
  const live = await liveUpgrade(db, account.id, kind, now);
  if (!live || live.step !== 'code') throw new DomainError('upgradeStepMissing');
  const hold: HoldKey = { subject: account.id, kind: UPGRADE_HOLD_KIND };
  const attempt = await reserveAttempt(db, hold, now, options);
  if (!live.code_hash || live.code_used_at) return recordFailure(db, hold, attempt, now, 'codeNotFound', options);
  if (!live.code_expires_at || live.code_expires_at.getTime() <= now.getTime()) return recordFailure(db, hold, attempt, now, 'codeExpired', options);
  const hash = codeHash(settings.sessionSecret, account.id, kind, input.code.trim());
  if (!sameSecret(hash, live.code_hash)) return recordFailure(db, hold, attempt, now, 'codeWrong', options);
  const next = NEXT_AFTER_EMAIL[kind];
  const spent = await sql<UpgradeRow>`
    UPDATE upgrades SET code_used_at = ${now}, email_verified_at = ${now}, step = ${next}, updated_at = ${now},
      expires_at = ${new Date(now.getTime() + UPGRADE_RESUME_MS)}
    WHERE user_id = ${account.id} AND kind = ${kind} AND step = 'code' AND code_hash = ${hash}
      AND code_used_at IS NULL AND code_expires_at > ${now} AND completed_at IS NULL
    RETURNING *`.execute(db);
  const row = spent.rows[0];
  // A parallel request spent the same code first (or a resend replaced it).
  if (!row) throw new DomainError('codeNotFound');
  await clearAttempts(db, hold, options);
  return toProgress(kind, row);
}

/** The step each kind goes on to once its email is verified. */
const NEXT_AFTER_EMAIL: Record<UpgradeKind, UpgradeStep> = { studentMember: 'subscribe', fullMember: 'phone' };

/**
 * Moves a live upgrade from `from` to `to` (merging `data`), refusing when it is not at `from`:
 * steps cannot be skipped or replayed out of order.
 */
export async function advanceUpgrade(
  db: Db,
  userId: string,
  kind: UpgradeKind,
  from: readonly UpgradeStep[],
  to: UpgradeStep,
  data: Record<string, unknown>,
  now: Date,
): Promise<UpgradeProgress> {
  const moved = await sql<UpgradeRow>`
    UPDATE upgrades SET step = ${to}, data = data || ${JSON.stringify(data)}::jsonb, updated_at = ${now},
      expires_at = ${new Date(now.getTime() + UPGRADE_RESUME_MS)}
    WHERE user_id = ${userId} AND kind = ${kind} AND step IN (${sql.join(from)}) AND completed_at IS NULL AND expires_at > ${now}
    RETURNING *`.execute(db);
  const row = moved.rows[0];
  if (!row) throw new DomainError('upgradeStepMissing');
  return toProgress(kind, row);
}

/**
 * The last step's claim on the progress, inside the transaction that changes the account: one
 * conditional UPDATE, so the upgrade completes once and only from `at` with a verified email.
 */
export async function completeUpgrade(tx: Db, userId: string, kind: UpgradeKind, at: UpgradeStep, now: Date): Promise<UpgradeRow> {
  const done = await sql<UpgradeRow>`
    UPDATE upgrades SET step = 'done', completed_at = ${now}, updated_at = ${now}
    WHERE user_id = ${userId} AND kind = ${kind} AND step = ${at} AND email_verified_at IS NOT NULL
      AND completed_at IS NULL AND expires_at > ${now}
    RETURNING *`.execute(tx);
  const row = done.rows[0];
  if (!row) throw new DomainError('upgradeStepMissing');
  return row;
}

/**
 * A last step's transaction (`change` claims the progress with `completeUpgrade` and changes the
 * account), then the upgraded account as a user. Another account having taken the email as its
 * login email since it was verified refuses with loginEmailTaken.
 */
export async function finishUpgrade(db: Db, userId: string, change: (tx: Db) => Promise<void>): Promise<User> {
  try {
    await db.transaction().execute(change);
  } catch (error) {
    if (uniqueViolation(error) === 'users_login_email_key') throw new DomainError('loginEmailTaken');
    throw error;
  }
  const updated = await findAccountById(db, userId);
  if (!updated) throw new DomainError('userNotFound');
  return toUser(updated);
}
