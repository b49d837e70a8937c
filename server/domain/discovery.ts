import { sql } from 'kysely';
import type { Db } from '../db/schema.ts';
import { deviceIdFor, deviceTokens } from './device-cookie.ts';
import { DomainError } from './errors.ts';
import { type HoldKey, type HoldOptions, countUse, refuseFromMemory } from './holds.ts';
import type { RecaptchaVerifier } from './recaptcha.ts';

/**
 * Account discovery costs like guessing (issue 21, docs/decisions/holds.md): every call whose
 * answer can tell whether an account, a login ID or an email exists is counted per address group
 * (server/domain/address-group.ts) and per target (the login or email typed), across all those
 * calls together. A school behind one NAT address never meets the first in normal use; the second
 * is far above what one person asks for one login.
 *
 * The owner is never locked out by a flood on their login or email: once a target's count is
 * spent, a browser carrying a device cookie of the account the target names is not counted against
 * it at all, and every other browser still has DISCOVERY_PER_TARGET_AND_GROUP of its own per address
 * group. The flooding address spends its own share at once; the owner's network keeps theirs.
 */
export const DISCOVERY_PER_GROUP = { limit: 200, windowMs: 10 * 60_000 } as const;
export const DISCOVERY_PER_TARGET = { limit: 20, windowMs: 60 * 60_000 } as const;
/** Requests about a target whose count is spent, per address group: what the owner's own network keeps. */
export const DISCOVERY_PER_TARGET_AND_GROUP = { limit: 5, windowMs: 60 * 60_000 } as const;
/**
 * Requests with a solved challenge about a target whose count and whose network's share are both
 * spent, per address group: what the owner behind the flooding network itself can still ask
 * (docs/decisions/holds.md "The challenge"). Every one costs a solved reCAPTCHA, is counted under
 * the network's DISCOVERY_PER_GROUP as well, and repeats a question already answered about the
 * target, so it is no oracle.
 */
export const DISCOVERY_CHALLENGED_PER_TARGET_AND_GROUP = { limit: 10, windowMs: 60 * 60_000 } as const;
export const DISCOVERY_GROUP_KIND = 'discovery_group';
export const DISCOVERY_CHALLENGED_KIND = 'discovery_challenged';
export const DISCOVERY_TARGET_KIND = 'discovery_target';
export const DISCOVERY_TARGET_GROUP_KIND = 'discovery_target_group';

/** Who asks about what: the address group of the request, and the logins or emails it names. */
export interface DiscoveryRequest {
  addressGroup: string;
  targets: readonly string[];
  /**
   * The browser's device cookie (server/domain/device-cookie.ts) and the secret that signs it: a
   * browser that signed in to the account a spent target names passes without being counted.
   */
  device?: { secret: string; cookie: string | undefined } | undefined;
  /**
   * Given by the calls that offer the challenge (OTP send, forgot password): past a spent target
   * and the network's share of it, the answer is `loginChallengeRequired` instead of a wait, and a
   * solved token lets the request through (counted, DISCOVERY_CHALLENGED_PER_TARGET_AND_GROUP).
   */
  challenge?: DiscoveryChallenge | undefined;
}

/**
 * The reCAPTCHA challenge a request may carry, verified at most once (a widget's token is good for
 * one siteverify call), however many limits of the request ask for it.
 */
export interface DiscoveryChallenge {
  /** Whether the request carries a token at all (no token: refused without asking anyone). */
  readonly offered: boolean;
  /** True when the verifier accepts the token; asked once, then remembered. */
  passed(): Promise<boolean>;
}

/** The challenge of one request: `token` as sent (if any), checked by `verify` from `remoteIp`. */
export function requestChallenge(token: string | undefined, verify: RecaptchaVerifier | undefined, remoteIp?: string): DiscoveryChallenge {
  let verdict: Promise<boolean> | null = null;
  const offered = token !== undefined && token !== '';
  return {
    offered,
    passed: () => {
      verdict ??= offered && verify ? verify(token, remoteIp).catch(() => false) : Promise.resolve(false);
      return verdict;
    },
  };
}

/** The refusal of a request that must solve the challenge first (the password login's code: the same widget). */
export function challengeRequired(): DomainError {
  return new DomainError('loginChallengeRequired');
}

/**
 * Lets a request past a limit it is over when it carries a challenge the verifier accepts; throws
 * `loginChallengeRequired` otherwise. `count` then counts the passed request (its own bound).
 */
export async function passChallenge(challenge: DiscoveryChallenge, count?: () => Promise<void>): Promise<void> {
  if (!challenge.offered || !(await challenge.passed())) throw challengeRequired();
  await count?.();
}

/** One spelling per target: a login ID or an email is found case-insensitively and trimmed. */
function targetSubject(target: string): string {
  return target.trim().toLowerCase();
}

function asTooMany(error: unknown): unknown {
  return error instanceof DomainError && error.code === 'held' ? new DomainError('tooManyRequests', error.holdUntil ? { holdUntil: error.holdUntil } : {}) : error;
}

function isHeld(error: unknown): error is DomainError {
  return error instanceof DomainError && error.code === 'held';
}

/** The earlier end of two refusals: when the target may next be asked about from this group. */
function earlier(a: DomainError, b: unknown): unknown {
  if (!isHeld(b) || !a.holdUntil || !b.holdUntil) return b;
  return a.holdUntil < b.holdUntil ? a : b;
}

/**
 * True when the browser carries a device token of the account whose login ID or login email is
 * `typed` (as the calls look accounts up: trimmed, exactly). One indexed read, only for a spent
 * target asked from a browser with a genuine device cookie.
 */
async function knownDeviceOf(db: Db, device: DiscoveryRequest['device'], typed: string): Promise<boolean> {
  if (!device || deviceTokens(device.secret, device.cookie).length === 0) return false;
  const text = typed.trim();
  const result = await sql<{ id: string }>`SELECT id FROM users WHERE login_id = ${text} OR login_email = ${text}`.execute(db);
  return result.rows.some((row) => deviceIdFor(device.secret, device.cookie, row.id) !== null);
}

/**
 * Counts one discovery request, or refuses it `tooManyRequests` with the time it may be asked
 * again. A refusal this app already knows is answered from its memory (no query); otherwise each
 * count is one atomic upsert in its own statement, so it stays counted whatever the call answers
 * next (an unknown account is exactly what must be paid for). The group is counted first: a
 * refused group spends nothing of the targets. A spent target is passed by the account's known
 * browsers (not counted) and by DISCOVERY_PER_TARGET_AND_GROUP requests per address group.
 */
export async function countDiscovery(db: Db, request: DiscoveryRequest, now: Date, options: HoldOptions = {}): Promise<void> {
  const group: HoldKey = { kind: DISCOVERY_GROUP_KIND, subject: request.addressGroup };
  const typedBySubject = new Map<string, string>();
  for (const target of request.targets) if (target.trim() !== '' && !typedBySubject.has(targetSubject(target))) typedBySubject.set(targetSubject(target), target);
  const targets = [...typedBySubject].map(([subject, typed]) => ({
    typed,
    key: { kind: DISCOVERY_TARGET_KIND, subject } as HoldKey,
    pair: { kind: DISCOVERY_TARGET_GROUP_KIND, subject: `${subject}|${request.addressGroup}` } as HoldKey,
    challenged: { kind: DISCOVERY_CHALLENGED_KIND, subject: `${subject}|${request.addressGroup}` } as HoldKey,
  }));
  const challenge = request.challenge;
  // Without a genuine device cookie nothing can pass a spent target but the group's own share.
  const mayBeKnown = request.device !== undefined && deviceTokens(request.device.secret, request.device.cookie).length > 0;
  try {
    refuseFromMemory(options, group, now);
    for (const target of targets) {
      try {
        refuseFromMemory(options, target.key, now);
      } catch (spent) {
        if (mayBeKnown) continue;
        try {
          refuseFromMemory(options, target.pair, now);
        } catch (error) {
          // The network's share is spent too: the challenge where the call offers it (no token:
          // refused here, from memory), else the wait.
          if (!challenge || !isHeld(error)) throw earlier(spent as DomainError, error);
          if (!challenge.offered) throw challengeRequired();
          refuseFromMemory(options, target.challenged, now);
        }
      }
    }
    await countUse(db, group, now, DISCOVERY_PER_GROUP.limit, { ...options, windowMs: DISCOVERY_PER_GROUP.windowMs });
    for (const target of targets) {
      try {
        await countUse(db, target.key, now, DISCOVERY_PER_TARGET.limit, { ...options, windowMs: DISCOVERY_PER_TARGET.windowMs });
      } catch (spent) {
        if (!isHeld(spent)) throw spent;
        if (mayBeKnown && (await knownDeviceOf(db, request.device, target.typed))) continue;
        try {
          await countUse(db, target.pair, now, DISCOVERY_PER_TARGET_AND_GROUP.limit, { ...options, windowMs: DISCOVERY_PER_TARGET_AND_GROUP.windowMs });
        } catch (error) {
          if (!challenge || !isHeld(error)) throw earlier(spent, error);
          await passChallenge(challenge, () =>
            countUse(db, target.challenged, now, DISCOVERY_CHALLENGED_PER_TARGET_AND_GROUP.limit, { ...options, windowMs: DISCOVERY_CHALLENGED_PER_TARGET_AND_GROUP.windowMs }),
          );
        }
      }
    }
  } catch (error) {
    throw asTooMany(error);
  }
}
