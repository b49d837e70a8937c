import { randomInt } from 'node:crypto';
import { FAMILY_CODE_VALIDITY_DAYS } from '../../contract/index.ts';
import { familyRefFrom } from './email-links.ts';
import { randomDigitCode, sameSecret } from './tokens.ts';

export { FAMILY_REF_ALPHABET } from './email-links.ts';
export const FAMILY_CODE_VALIDITY_MS = FAMILY_CODE_VALIDITY_DAYS * 24 * 60 * 60_000;

export function newFamilyRef(): string {
  return familyRefFrom((below) => randomInt(below));
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
