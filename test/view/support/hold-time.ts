/**
 * The account-discovery refusal (`tooManyRequests`, docs/decisions/holds.md) as the views word it,
 * with when to try again: `SAMPLE_HOLD_UNTIL` (machines/model-kit.ts, 13:00 UTC), already past on
 * the test's clock, is shown as the Hong Kong time 21:00 rounded up to its minute (src/i18n/hk-time.ts
 * `hkRetry`), whatever the browser's zone; without the time the sentence would say "in a little while".
 */
export const TOO_MANY_REQUESTS = 'Too many requests from your network, or for this login or email address. Please try again {retry}.';

/** The sample hold's end as a view shows it: 21:00 (or 9:00 pm) in Hong Kong, to the minute, never to the second. */
export const SAMPLE_HOLD_TIME = /(?:21|9):00(?!:\d)/;
