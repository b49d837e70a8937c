import * as v from 'valibot';
import { RESET_INVALID_TYPES, type ResetInvalidType } from '../../contract/schemas/account.ts';

/**
 * Where to go after signing in. Only a path of this site is accepted (`/…` but not `//…`), so the
 * parameter cannot send anyone to another site.
 */
export const RedirectSearchSchema = v.object({
  redirect: v.fallback(v.optional(v.pipe(v.string(), v.maxLength(2000), v.regex(/^\/(?![/\\])/))), undefined),
});

export type LinkReason = ResetInvalidType;

function isLinkReason(value: unknown): value is LinkReason {
  return (RESET_INVALID_TYPES as readonly unknown[]).includes(value);
}

/** The `{type}` of `/reset-password-invalid/{type}`; anything else reads as notFound. */
export function linkReason(value: unknown): LinkReason {
  return isLinkReason(value) ? value : 'notFound';
}

/** `?reason=used|expired|notFound` of the invalid-link pages; anything else reads as notFound. */
export const ReasonSearchSchema = v.object({
  reason: v.fallback(v.optional(v.picklist(RESET_INVALID_TYPES), 'notFound'), 'notFound'),
});
