import { sql } from 'kysely';
import type { Db } from '../db/schema.ts';
import { deviceIdFor, deviceTokens } from './device-cookie.ts';
import { DomainError } from './errors.ts';
import { type HoldKey, type HoldOptions, countUse, refuseFromMemory } from './holds.ts';

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
export const DISCOVERY_GROUP_KIND = 'discovery_group';
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
  }));
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
          throw earlier(spent as DomainError, error);
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
          throw earlier(spent, error);
        }
      }
    }
  } catch (error) {
    throw asTooMany(error);
  }
}
