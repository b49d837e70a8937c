import * as v from 'valibot';

/** How someone signed in or tried to ('google': Google sign-in, issue 10). */
export const SIGN_IN_METHODS = ['password', 'otp', 'qr', 'google', 'twoFactor', 'passkey'] as const;
export type SignInMethod = (typeof SIGN_IN_METHODS)[number];

/**
 * What came of a sign-in or an attempt. `secondStepNotCompleted`: the first step (password or
 * Google) was right and the two-factor step was never finished (issue 26: someone may have the password).
 */
export const SIGN_IN_OUTCOMES = ['success', 'wrongPassword', 'wrongCode', 'throttled', 'held', 'notAllowed', 'inactive', 'failed', 'secondStepNotCompleted'] as const;
export type SignInOutcome = (typeof SIGN_IN_OUTCOMES)[number];

/** How far back the sign-in history goes; older rows are purged. */
export const SIGN_IN_HISTORY_DAYS = 90;

const nullableText = v.nullable(v.string());

/**
 * A session signed in now. `id` is its public id (never the cookie or its hash); `browser` and
 * `system` are read from the user agent it was started with (null when it did not say).
 */
export const SignedInSessionSchema = v.object({
  id: v.string(),
  browser: nullableText,
  system: nullableText,
  signedInAt: v.string(),
  lastSeenAt: v.string(),
  current: v.boolean(),
});
export type SignedInSession = v.InferOutput<typeof SignedInSessionSchema>;

export const SignInHistoryEntrySchema = v.object({
  at: v.string(),
  method: v.picklist(SIGN_IN_METHODS),
  outcome: v.picklist(SIGN_IN_OUTCOMES),
  browser: nullableText,
  system: nullableText,
});
export type SignInHistoryEntry = v.InferOutput<typeof SignInHistoryEntrySchema>;

/** A session's public id (a UUID). Our own pattern, not `v.uuid()`: that would add its code to every page's shared chunk. */
const PUBLIC_ID = /^[\da-f]{8}-[\da-f]{4}-[\da-f]{4}-[\da-f]{4}-[\da-f]{12}$/i;

export const SignOutSessionRequestSchema = v.object({ sessionId: v.pipe(v.string(), v.regex(PUBLIC_ID)) });
