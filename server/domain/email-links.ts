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
