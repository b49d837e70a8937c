import type { Db } from '../db/schema.ts';
import { DomainError } from './errors.ts';
import { type HoldKey, type HoldOptions, countUse, refuseFromMemory } from './holds.ts';

/**
 * Account discovery costs like guessing (issue 21, docs/decisions/holds.md): every call whose
 * answer can tell whether an account, a login ID or an email exists is counted per address group
 * (server/domain/address-group.ts) and per target (the login or email typed), across all those
 * calls together. A school behind one NAT address never meets the first in normal use; the second
 * is far above what one person asks for one login.
 */
export const DISCOVERY_PER_GROUP = { limit: 200, windowMs: 10 * 60_000 } as const;
export const DISCOVERY_PER_TARGET = { limit: 20, windowMs: 60 * 60_000 } as const;
export const DISCOVERY_GROUP_KIND = 'discovery_group';
export const DISCOVERY_TARGET_KIND = 'discovery_target';

/** Who asks about what: the address group of the request, and the logins or emails it names. */
export interface DiscoveryRequest {
  addressGroup: string;
  targets: readonly string[];
}

/** One spelling per target: a login ID or an email is found case-insensitively and trimmed. */
function targetKey(target: string): HoldKey {
  return { kind: DISCOVERY_TARGET_KIND, subject: target.trim().toLowerCase() };
}

function asTooMany(error: unknown): unknown {
  return error instanceof DomainError && error.code === 'held' ? new DomainError('tooManyRequests', error.holdUntil ? { holdUntil: error.holdUntil } : {}) : error;
}

/**
 * Counts one discovery request, or refuses it `tooManyRequests` with the time its window ends.
 * A refusal this app already knows is answered from its memory (no query); otherwise each count
 * is one atomic upsert in its own statement, so it stays counted whatever the call answers next
 * (an unknown account is exactly what must be paid for). The group is counted first: a refused
 * group spends nothing of the targets.
 */
export async function countDiscovery(db: Db, request: DiscoveryRequest, now: Date, options: HoldOptions = {}): Promise<void> {
  const group: HoldKey = { kind: DISCOVERY_GROUP_KIND, subject: request.addressGroup };
  const targets = [...new Set(request.targets.filter((target) => target.trim() !== '').map((target) => targetKey(target).subject))].map(
    (subject): HoldKey => ({ kind: DISCOVERY_TARGET_KIND, subject }),
  );
  try {
    refuseFromMemory(options, group, now);
    for (const target of targets) refuseFromMemory(options, target, now);
    await countUse(db, group, now, DISCOVERY_PER_GROUP.limit, { ...options, windowMs: DISCOVERY_PER_GROUP.windowMs });
    for (const target of targets) await countUse(db, target, now, DISCOVERY_PER_TARGET.limit, { ...options, windowMs: DISCOVERY_PER_TARGET.windowMs });
  } catch (error) {
    throw asTooMany(error);
  }
}
