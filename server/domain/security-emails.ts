import type { Language } from '../../contract/index.ts';
import type { Db } from '../db/schema.ts';
import { enqueueEmail } from '../mail/outbox.ts';
import { renderSecurityEmail, type SecurityEmailKind } from '../mail/security-templates.ts';
import { emailLink } from './email-links.ts';

export type { SecurityEmailKind } from '../mail/security-templates.ts';

/** The account a notice goes to: its login email, in its language. */
export interface SecurityEmailUser {
  id: string;
  login_id: string;
  login_email: string | null;
  language: Language;
}

export interface SecurityEmailDetails {
  at: Date;
  supportEmail: string;
  publicUrl: string;
  /** newBrowser */
  browser?: string | null;
  system?: string | null;
  method?: string;
  /** thirdPartyLinked / thirdPartyUnlinked: `Google` */
  provider?: string;
  /** loginEmailChanged / twoFactorEmailChanged: the new address (it is shown partly hidden). */
  newEmail?: string;
  /** closureRequested: when the account's data will be erased. */
  eraseAt?: Date;
  /** Another recipient than the login email (the previous login email, say). */
  to?: string;
}

/** `n***@example.org`: enough to recognise, not enough to harvest. */
export function maskAddress(email: string): string {
  const at = email.indexOf('@');
  if (at <= 0) return '***';
  return `${email.slice(0, 1)}***${email.slice(at)}`;
}

/**
 * Writes a security notice to the outbox on the transaction given: call it in the transaction
 * that makes the change, so the notice goes if and only if the change stands. An account with no
 * login email (and no `to`) gets none.
 */
export async function queueSecurityEmail(tx: Db, user: SecurityEmailUser, kind: SecurityEmailKind, details: SecurityEmailDetails): Promise<boolean> {
  const to = details.to ?? user.login_email;
  if (!to) return false;
  const base = details.publicUrl.replace(/\/$/, '');
  const email = await renderSecurityEmail(kind, user.language, {
    to,
    loginId: user.login_id,
    at: details.at,
    ...(details.browser !== undefined ? { browser: details.browser } : {}),
    ...(details.system !== undefined ? { system: details.system } : {}),
    ...(details.provider ? { provider: details.provider } : {}),
    ...(details.newEmail ? { maskedEmail: maskAddress(details.newEmail) } : {}),
    ...(details.eraseAt ? { eraseAt: details.eraseAt } : {}),
    securityLink: emailLink(base, user.language, 'security'),
    resetLink: emailLink(base, user.language, 'forgotPassword'),
    supportEmail: details.supportEmail,
  });
  await enqueueEmail(tx, { to, ...email }, details.at);
  return true;
}

/** The account's row for a notice. */
export async function securityEmailUser(tx: Db, userId: string): Promise<SecurityEmailUser | null> {
  const row = await tx.selectFrom('users').select(['id', 'login_id', 'login_email', 'language']).where('id', '=', userId).executeTakeFirst();
  return row ?? null;
}
