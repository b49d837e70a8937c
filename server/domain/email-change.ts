import type * as v from 'valibot';
import { CONFIRMATION_LINK_HOURS, type EmailChangeKind, type EmailChangeRequestSchema, type EmailChangeResult, type EmailChangeStatus, type Permission } from '../../contract/index.ts';
import type { Db } from '../db/schema.ts';
import { enqueueEmail } from '../mail/outbox.ts';
import { renderEmailChangeLink } from '../mail/templates.ts';
import { domainOf, isAcceptedEmailDomain, isPublicMailDomain } from './email-domains.ts';
import { DomainError } from './errors.ts';
import { countUse } from './holds.ts';
import { permissionsFor } from './permissions.ts';
import { pendingEmail } from './profile-reads.ts';
import { randomToken, sha256 } from './tokens.ts';
import type { AccountRow } from './users.ts';
import { emailLink, type EmailPage } from './email-links.ts';

/** How long an email change link works (docs/decisions/verification-server.md). */
export const EMAIL_CHANGE_VALIDITY_MS = CONFIRMATION_LINK_HOURS * 60 * 60_000;
/** Email change requests (all kinds) one account may make within 24 hours: each emails a typed address. */
export const EMAIL_CHANGES_PER_DAY = 10;

/** Where each kind's link opens (SPEC §2 routes), under `/{lang}`. */
export const EMAIL_CHANGE_PAGES: Record<EmailChangeKind, EmailPage> = {
  login: 'loginEmail',
  contact: 'contactEmail',
  teacher: 'teacherEmail',
};

export interface EmailChangeSettings {
  publicUrl: string;
  supportEmail: string;
  /** Accept `*.test` addresses (outside production: the demo accounts use them). */
  allowTestDomains: boolean;
}

/** `email` is lower-cased by the contract schema. */
export type EmailChangeInput = v.InferOutput<typeof EmailChangeRequestSchema>;

function hasPermission(account: AccountRow, permission: Permission): boolean {
  return permissionsFor(account.category, { schoolAllowsQrLogin: account.allow_qr_login }).includes(permission);
}

/** The teacher kind needs the teacher profile permission (SPEC §6); the server enforces it. */
function assertKindAllowed(account: AccountRow, kind: EmailChangeKind): void {
  if (kind === 'teacher' && !hasPermission(account, 'profile.teacher')) throw new DomainError('forbidden');
}

/** The address of that kind in force now ('' when none), read afresh (the session's copy may lag a just-followed link). */
async function currentEmail(db: Db, account: AccountRow, kind: EmailChangeKind): Promise<string> {
  if (kind !== 'teacher') {
    const user = await db.selectFrom('users').select(['login_email', 'contact_email']).where('id', '=', account.id).executeTakeFirst();
    return (kind === 'login' ? user?.login_email : user?.contact_email) ?? '';
  }
  const row = await db.selectFrom('teacher_profiles').select('teacher_email').where('user_id', '=', account.id).executeTakeFirst();
  return row?.teacher_email ?? '';
}

/**
 * The teacher email's domain must be one the school administrators registered: a school-based
 * account's own school's domains; an account without a school (individual teacher) any school's.
 * Never a public mail service's, even one a school listed before that rule (issue 21).
 */
async function isTeacherDomain(db: Db, account: AccountRow, email: string): Promise<boolean> {
  const domain = domainOf(email);
  if (isPublicMailDomain(domain)) return false;
  let query = db.selectFrom('school_email_domains').select('domain').where('domain', '=', domain);
  if (account.school_code !== null) query = query.where('school_code', '=', account.school_code);
  return (await query.limit(1).executeTakeFirst()) !== undefined;
}

/** Refusals of a new address, in the order a person fixes them (docs/api.md "Verification"). */
async function assertAcceptable(db: Db, account: AccountRow, input: EmailChangeInput, settings: EmailChangeSettings, now: Date): Promise<void> {
  if (input.email === (await currentEmail(db, account, input.kind))) throw new DomainError('emailUnchanged');
  if (!isAcceptedEmailDomain(input.email, { allowTestDomains: settings.allowTestDomains })) throw new DomainError('emailDomainNotAccepted');

  if (input.kind === 'login') {
    const holder = await db.selectFrom('users').select('id').where('login_email', '=', input.email).executeTakeFirst();
    if (holder) throw new DomainError('loginEmailTaken');
    const elsewhere = await db
      .selectFrom('email_changes')
      .select('user_id')
      .where('email', '=', input.email)
      .where('kind', '=', 'login')
      .where('user_id', '!=', account.id)
      .where('used_at', 'is', null)
      .where('superseded_at', 'is', null)
      .where('expires_at', '>', now)
      .limit(1)
      .executeTakeFirst();
    if (elsewhere) throw new DomainError('loginEmailPending');
  }

  if (input.kind === 'teacher') {
    const profile = await db.selectFrom('teacher_profiles').select('user_id').where('user_id', '=', account.id).executeTakeFirst();
    // The teacher profile (type, institution) is saved first; its email is confirmed afterwards.
    if (!profile) throw new DomainError('recordNotFound');
    if (!(await isTeacherDomain(db, account, input.email))) throw new DomainError('emailDomainNotAccepted');
    const holder = await db
      .selectFrom('teacher_profiles')
      .select('user_id')
      .where('teacher_email', '=', input.email)
      .where('user_id', '!=', account.id)
      .limit(1)
      .executeTakeFirst();
    if (holder) throw new DomainError('emailTaken');
  }
}

/**
 * POST /api/profile/email-change: stores the request (token hashed, 24 h) superseding the user's
 * earlier ones of that kind, and in the same transaction emails the link to the new address in
 * the account's language (the person making the change: recipient-language.ts). Nothing changes on the account until the link is followed.
 */
export async function requestEmailChange(
  db: Db,
  account: AccountRow,
  input: EmailChangeInput,
  settings: EmailChangeSettings,
  now: Date,
): Promise<EmailChangeResult> {
  assertKindAllowed(account, input.kind);
  await assertAcceptable(db, account, input, settings, now);
  const token = randomToken();
  const expiresAt = new Date(now.getTime() + EMAIL_CHANGE_VALIDITY_MS);
  await db.transaction().execute(async (tx) => {
    // Each request emails an address the person typed: EMAIL_CHANGES_PER_DAY per account.
    await countUse(tx, { subject: account.id, kind: 'email_change' }, now, EMAIL_CHANGES_PER_DAY).catch((error: unknown) => {
      throw error instanceof DomainError && error.code === 'held' ? new DomainError('emailChangeLimit', { holdUntil: error.holdUntil }) : error;
    });
    await tx
      .updateTable('email_changes')
      .set({ superseded_at: now })
      .where('user_id', '=', account.id)
      .where('kind', '=', input.kind)
      .where('used_at', 'is', null)
      .where('superseded_at', 'is', null)
      .execute();
    await tx
      .insertInto('email_changes')
      .values({
        token_hash: sha256(token),
        user_id: account.id,
        kind: input.kind,
        email: input.email,
        lang: account.language,
        expires_at: expiresAt,
        used_at: null,
        superseded_at: null,
        created_at: now,
      })
      .execute();
    const message = await renderEmailChangeLink(account.language, {
      kind: input.kind,
      loginId: account.login_id,
      email: input.email,
      link: emailLink(settings.publicUrl, account.language, EMAIL_CHANGE_PAGES[input.kind], { token }),
      validHours: EMAIL_CHANGE_VALIDITY_MS / 3_600_000,
      supportEmail: settings.supportEmail,
    });
    await enqueueEmail(tx, { to: input.email, ...message }, now);
  });
  return { pendingEmail: input.email, expiresAt: expiresAt.toISOString() };
}

/** GET /api/profile/email-change?kind=: the address in force and the one waiting for its link. */
export async function emailChangeStatus(db: Db, account: AccountRow, kind: EmailChangeKind, now: Date): Promise<EmailChangeStatus> {
  assertKindAllowed(account, kind);
  const [email, pending] = await Promise.all([currentEmail(db, account, kind), pendingEmail(db, account.id, kind, now)]);
  return { kind, email, pendingEmail: pending };
}
