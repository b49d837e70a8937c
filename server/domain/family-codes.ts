import { randomInt } from 'node:crypto';
import { FAMILY_CODE_VALIDITY_DAYS } from '../../contract/index.ts';
import { randomDigitCode, sameSecret } from './tokens.ts';

/** Upper-case letters and digits that cannot be misread: no 0/O, 1/I/L, and no U (V). */
export const FAMILY_REF_ALPHABET = 'ABCDEFGHJKMNPQRSTVWXYZ23456789';
/** 30^8 ≈ 6.6 × 10^11 references: collisions are rare, and retried. */
export const FAMILY_REF_LENGTH = 8;
export const FAMILY_CODE_VALIDITY_MS = FAMILY_CODE_VALIDITY_DAYS * 24 * 60 * 60_000;

export function newFamilyRef(): string {
  let ref = '';
  for (let i = 0; i < FAMILY_REF_LENGTH; i++) ref += FAMILY_REF_ALPHABET[randomInt(FAMILY_REF_ALPHABET.length)];
  return ref;
}

/** Six random digits, leading zeros kept. */
export function newFamilyCode(): string {
  return randomDigitCode();
}

export interface FamilyCodeDates {
  code: string;
  createdAt: Date;
  expiresAt: Date;
}

export function freshFamilyCode(now: Date): FamilyCodeDates {
  return { code: newFamilyCode(), createdAt: now, expiresAt: new Date(now.getTime() + FAMILY_CODE_VALIDITY_MS) };
}

export function codesMatch(expected: string, given: string): boolean {
  return sameSecret(expected, given);
}
