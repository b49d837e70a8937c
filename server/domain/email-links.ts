import { CODE_LENGTH } from '../../contract/index.ts';
import type { Language } from '../../contract/languages.ts';

/**
 * What the emails carry, built without node:crypto: the server draws with `randomInt`
 * (family-codes.ts, tokens.ts), and the email samples in Storybook and the email specs
 * (stories/emails/email-samples.ts) build theirs through the same functions with a fixed draw, so
 * a sample links the path and shows the code the product sends.
 */

/** A draw of an integer in [0, `below`): `randomInt` on the server, a fixed sequence in samples. */
export type Draw = (below: number) => number;

/** Upper-case letters and digits that cannot be misread: no 0/O, 1/I/L, and no U (V). */
export const FAMILY_REF_ALPHABET = 'ABCDEFGHJKMNPQRSTVWXYZ23456789';
/** 30^8 ≈ 6.6 × 10^11 references: collisions are rare, and retried. */
export const FAMILY_REF_LENGTH = 8;

/** A family's reference: FAMILY_REF_LENGTH characters of FAMILY_REF_ALPHABET. */
export function familyRefFrom(draw: Draw): string {
  let ref = '';
  for (let i = 0; i < FAMILY_REF_LENGTH; i++) ref += FAMILY_REF_ALPHABET[draw(FAMILY_REF_ALPHABET.length)];
  return ref;
}

/** A six-digit code (CODE_LENGTH), leading zeros kept: emailed and SMS codes, family codes. */
export function digitCodeFrom(draw: Draw): string {
  return String(draw(10 ** CODE_LENGTH)).padStart(CODE_LENGTH, '0');
}

/** The join link: `/{lang}/profile/family?join=1&familyRef=…&code=…&adminEmail=…` on PUBLIC_URL. */
export function familyJoinLink(publicUrl: string, lang: Language, link: { familyRef: string; code: string; adminEmail: string }): string {
  const query = new URLSearchParams({ join: '1', familyRef: link.familyRef, code: link.code, adminEmail: link.adminEmail });
  return `${publicUrl}/${lang}/profile/family?${query.toString()}`;
}

/** The pages an email's button opens, by what the email is for. */
export const EMAIL_PAGES = {
  activation: 'user-activate',
  buyerActivation: 'buyer-activate',
  passwordReset: 'reset-password',
  forgotPassword: 'forget-password',
  loginEmail: 'login-emails/verify',
  contactEmail: 'contact-emails/verify',
  teacherEmail: 'teacher-auths/verify',
  mfa: 'login-emails/mfa-verify',
  subscription: 'subscriptions/verify',
  security: 'profile/security',
} as const;
export type EmailPage = keyof typeof EMAIL_PAGES;

/** What an email's button opens: `{publicUrl}/{lang}/{page}`, with its query (`?code=…`, `?token=…`). */
export function emailLink(publicUrl: string, lang: Language, page: EmailPage, query: Record<string, string> = {}): string {
  const search = new URLSearchParams(query).toString();
  return `${publicUrl}/${lang}/${EMAIL_PAGES[page]}${search ? `?${search}` : ''}`;
}

/** 32 drawn bytes, base64url: the shape of `randomToken` (tokens.ts), for samples that need a link token. */
export function tokenFrom(draw: Draw): string {
  const bytes = Array.from({ length: 32 }, () => draw(256));
  return btoa(String.fromCharCode(...bytes)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}
