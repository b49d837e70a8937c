import { RESET_INVALID_TYPES, type ResetInvalidType } from '../../contract/schemas/account.ts';

/**
 * Which invalid-link page a link-checking flow's final snapshot leads to, if any: activation and
 * password reset end in one final state per SPEC §8 reason, named like the reason.
 */
export function invalidLinkReason(snapshot: { matches(state: ResetInvalidType): boolean }): ResetInvalidType | null {
  return RESET_INVALID_TYPES.find((reason) => snapshot.matches(reason)) ?? null;
}
