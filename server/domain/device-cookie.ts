import { randomBytes } from 'node:crypto';
import { hmacSha256, sameSecret } from './tokens.ts';

/**
 * Device cookies (OWASP, "Slow Down Online Guessing Attacks with Device Cookies";
 * docs/decisions/front-door.md). A browser that has signed in to an account carries a token bound
 * to that account: attempts from it are judged by their own count, so a guesser spending the
 * account's budget from elsewhere never locks the owner's own browsers out.
 *
 * A token is `<nonce>.<tag>.<hmac(secret, device:<userId>:<nonce>)>`, the tag being a short
 * `hmac(secret, device-nonce:<nonce>)`: stateless (no row to look up on the hot path), unforgeable
 * without the session secret, and it does not name the account. The tag lets a request's tokens be
 * told genuine before the account is known (`deviceTokens`), so a made-up cookie cannot pass for a
 * device and dodge the refusals answered from memory. One cookie
 * holds the tokens of the last DEVICE_TOKENS_KEPT accounts signed in on that browser (a family's
 * shared computer), newest first, separated by `~`.
 */
export const DEVICE_COOKIE = 'portal_device';
export const DEVICE_COOKIE_MAX_AGE_MS = 180 * 24 * 60 * 60_000;
export const DEVICE_TOKENS_KEPT = 5;
const TOKEN = /^[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{43}$/;
const TOKEN_CHARS = 22 + 1 + 22 + 1 + 43;

function signature(secret: string, userId: string, nonce: string): string {
  return hmacSha256(secret, `device:${userId}:${nonce}`);
}

function nonceTag(secret: string, nonce: string): string {
  return hmacSha256(secret, `device-nonce:${nonce}`).slice(0, 22);
}

/** A new token for the account. */
export function issueDeviceToken(secret: string, userId: string): string {
  const nonce = randomBytes(16).toString('base64url');
  return `${nonce}.${nonceTag(secret, nonce)}.${signature(secret, userId, nonce)}`;
}

/**
 * The genuine tokens a cookie value holds (at most DEVICE_TOKENS_KEPT): well-formed and tagged with
 * this secret, whichever account each belongs to. Costs one HMAC per token, no query.
 */
export function deviceTokens(secret: string, cookie: string | undefined): string[] {
  if (!cookie || cookie.length > (TOKEN_CHARS + 1) * DEVICE_TOKENS_KEPT) return [];
  return cookie
    .split('~')
    .slice(0, DEVICE_TOKENS_KEPT)
    .filter((token) => TOKEN.test(token) && sameSecret(token.slice(23, 45), nonceTag(secret, token.slice(0, 22))));
}

/**
 * The device id (the token's nonce) of the cookie's token for this account, if it carries a valid
 * one: the key attempts from this browser are counted under. Null for a browser unknown to it.
 */
export function deviceIdFor(secret: string, cookie: string | undefined, userId: string): string | null {
  for (const token of deviceTokens(secret, cookie)) {
    const [nonce = '', , mac = ''] = token.split('.');
    if (sameSecret(mac, signature(secret, userId, nonce))) return nonce;
  }
  return null;
}

/**
 * The cookie value after a successful sign-in to the account: its token first (kept if the browser
 * already has a valid one, so the device keeps its id), the others after it, the oldest dropped.
 */
export function rememberDevice(secret: string, cookie: string | undefined, userId: string): string {
  const tokens = deviceTokens(secret, cookie);
  const own = tokens.find((token) => deviceIdFor(secret, token, userId) !== null) ?? issueDeviceToken(secret, userId);
  return [own, ...tokens.filter((token) => token !== own)].slice(0, DEVICE_TOKENS_KEPT).join('~');
}
