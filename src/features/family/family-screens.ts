/**
 * The family screens the user opens themselves, each with its own history entry (`?screen=`).
 * Apart from family-history.ts: the route's search schema, which every page runs at start (the
 * route tree), needs only this list, not the history hook, which goes with the family page.
 */
export const FAMILY_SCREENS = ['create', 'join'] as const;
export type FamilyScreen = (typeof FAMILY_SCREENS)[number];

/** How the page moves the browser's history: a new entry, the same entry changed, or one entry back. */
export type HistoryMove = 'push' | 'replace' | 'back';
