/*
 * Apart from profile.ts: the browser's field messages (which every page runs) name these ranges,
 * and importing them from profile.ts put the whole profile schema, with the teaching subjects, in
 * the start-up chunk of every page (docs/decisions/performance.md, "Per-page budget").
 */

/** Oldest and newest year of birth a profile accepts. */
export const BIRTH_YEAR_MIN = 1900;
export const BIRTH_YEAR_MAX = 2100;
/** The years each year field accepts, by payload field: the `yearRange` message names them. */
export const FIELD_YEAR_RANGES: Readonly<Record<string, readonly [number, number]>> = { yearOfBirth: [BIRTH_YEAR_MIN, BIRTH_YEAR_MAX] };
