/*
 * Apart from profile.ts: the browser's field messages (which every page runs) name these ranges,
 * and importing them from profile.ts put the whole profile schema, with the teaching subjects, in
 * the start-up chunk of every page (docs/decisions/performance.md, "Per-page budget").
 */

/** Oldest year of birth a profile or an upgrade accepts. */
export const BIRTH_YEAR_MIN = 1900;

/** Newest year of birth accepted: this year (nobody is born in the future; issue 26). */
export function birthYearMax(now: Date = new Date()): number {
  return now.getUTCFullYear();
}

/** True for a year of birth from BIRTH_YEAR_MIN to this year. */
export function isBirthYear(year: string): boolean {
  return Number(year) >= BIRTH_YEAR_MIN && Number(year) <= birthYearMax();
}

/** The years a year field accepts, by payload field: the `yearRange` message names them. */
export function fieldYearRange(field: string): readonly [number, number] | undefined {
  return field === 'yearOfBirth' ? [BIRTH_YEAR_MIN, birthYearMax()] : undefined;
}
