import { sql } from 'kysely';
import type { Db, LinkTokenKind } from '../db/schema.ts';
import { DomainError } from './errors.ts';
import { isTokenShape, randomToken, sha256 } from './tokens.ts';

/** How long emailed links work (docs/decisions/server.md). */
export const LINK_VALIDITY_MS: Record<LinkTokenKind, number> = {
  activation: 72 * 60 * 60_000,
  buyer_activation: 72 * 60 * 60_000,
  reset: 60 * 60_000,
};

/** Creates a single-use token; only its SHA-256 is stored. Returns the token for the link. */
export async function issueLinkToken(tx: Db, kind: LinkTokenKind, userId: string, now: Date): Promise<string> {
  const token = randomToken();
  await tx
    .insertInto('link_tokens')
    .values({
      token_hash: sha256(token),
      kind,
      user_id: userId,
      expires_at: new Date(now.getTime() + LINK_VALIDITY_MS[kind]),
      used_at: null,
      created_at: now,
    })
    .execute();
  return token;
}

export interface LinkTokenRecord {
  kind: LinkTokenKind;
  userId: string;
  usedAt: Date | null;
}

function assertShape(token: string): void {
  if (!isTokenShape(token)) throw new DomainError('wrongUrl');
}

/** The reason a token cannot be used now: not found (or of another kind), used, or expired. */
async function refusal(db: Db, tokenHash: string, kinds: readonly LinkTokenKind[], now: Date): Promise<DomainError> {
  const row = await db.selectFrom('link_tokens').select(['kind', 'used_at', 'expires_at']).where('token_hash', '=', tokenHash).executeTakeFirst();
  if (!row || !kinds.includes(row.kind)) return new DomainError('recordNotFound');
  if (row.used_at) return new DomainError('alreadyUsed');
  if (row.expires_at.getTime() <= now.getTime()) return new DomainError('expired');
  // Valid on this read but not on the previous statement: someone used it in between.
  return new DomainError('alreadyUsed');
}

/** Reads a token that is still usable, without using it (check-record, reset check). */
export async function inspectLinkToken(db: Db, token: string, kinds: readonly LinkTokenKind[], now: Date): Promise<LinkTokenRecord> {
  assertShape(token);
  const tokenHash = sha256(token);
  const row = await db
    .selectFrom('link_tokens')
    .select(['kind', 'user_id', 'used_at', 'expires_at'])
    .where('token_hash', '=', tokenHash)
    .executeTakeFirst();
  if (!row || !kinds.includes(row.kind) || row.used_at || row.expires_at.getTime() <= now.getTime()) {
    throw await refusal(db, tokenHash, kinds, now);
  }
  return { kind: row.kind, userId: row.user_id, usedAt: null };
}

/**
 * Uses a token with one conditional UPDATE, so of any number of parallel uses exactly one
 * succeeds; the others learn why from a follow-up read. Returns the token's user.
 */
export async function consumeLinkToken(tx: Db, token: string, kind: LinkTokenKind, now: Date): Promise<string> {
  assertShape(token);
  const tokenHash = sha256(token);
  const result = await sql<{ user_id: string }>`
    UPDATE link_tokens SET used_at = ${now}
    WHERE token_hash = ${tokenHash} AND kind = ${kind} AND used_at IS NULL AND expires_at > ${now}
    RETURNING user_id`.execute(tx);
  const row = result.rows[0];
  if (!row) throw await refusal(tx, tokenHash, [kind], now);
  return row.user_id;
}

/** A token of one of these kinds, used or not, or null (activation's subscribe step). */
export async function findUsedLinkToken(db: Db, token: string, kinds: readonly LinkTokenKind[]): Promise<LinkTokenRecord | null> {
  assertShape(token);
  const row = await db
    .selectFrom('link_tokens')
    .select(['kind', 'user_id', 'used_at'])
    .where('token_hash', '=', sha256(token))
    .executeTakeFirst();
  if (!row || !kinds.includes(row.kind)) return null;
  return { kind: row.kind, userId: row.user_id, usedAt: row.used_at };
}

/** Marks the user's other unused tokens of a kind as used (a reset makes older reset links void). */
export async function voidLinkTokens(tx: Db, userId: string, kind: LinkTokenKind, now: Date): Promise<void> {
  await tx.updateTable('link_tokens').set({ used_at: now }).where('user_id', '=', userId).where('kind', '=', kind).where('used_at', 'is', null).execute();
}
