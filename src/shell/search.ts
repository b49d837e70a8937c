import * as v from 'valibot';
import { RESET_INVALID_TYPES, type ResetInvalidType } from '../../contract/schemas/account.ts';

/** A path of this site (`/…` but not `//…` or `/\\…`, which browsers read as another host). */
const IN_APP_PATH = /^\/(?![/\\])/;
const REDIRECT_MAX = 2000;

/**
 * `value` when it is a path of this site, else undefined: where a sign-in may go on to. Every
 * sign-in method's completion (src/ui/use-sign-in-when-done.ts) checks it again, so a redirect
 * that did not come through `RedirectSearchSchema` cannot send anyone to another site either.
 */
export function inAppPath(value: unknown): string | undefined {
  return typeof value === 'string' && value.length <= REDIRECT_MAX && IN_APP_PATH.test(value) ? value : undefined;
}

/**
 * Where to go after signing in (`?redirect=` of the login pages: password, one-time password, QR
 * code, second factor). Only a path of this site is accepted, so the parameter cannot send anyone
 * to another site.
 */
export const RedirectSearchSchema = v.object({
  redirect: v.fallback(v.optional(v.pipe(v.string(), v.maxLength(REDIRECT_MAX), v.regex(IN_APP_PATH))), undefined),
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
