import type { KyselyPlugin, OperationNode, RootOperationNode } from 'kysely';

/**
 * The tables a session lookup reads (`session_accounts`, migration 0004: sessions, users, schools,
 * family_members) and those whose deletes cascade into them (families → family_members). The
 * same tables carry migration 0009's change triggers, so on PostgreSQL another process's write
 * to one of them moves the generation through the change feed, and this process's own writes move
 * it here. Keep the three lists together: a table added to `session_accounts` belongs in all.
 */
export const SESSION_TABLES = ['sessions', 'users', 'schools', 'family_members', 'families'] as const;

const SESSION_TABLE_WORD = new RegExp(`\\b(${SESSION_TABLES.join('|')})\\b`, 'i');
/** Words that make raw SQL a possible write (a false "yes" only costs a cache refill). */
const WRITE_WORD = /\b(insert|update|delete|truncate|merge|alter|drop|create|copy|call|do|lock|grant|revoke|comment|refresh|cluster|reindex|vacuum|import)\b/i;
const WRITE_NODES = new Set(['InsertQueryNode', 'UpdateQueryNode', 'DeleteQueryNode', 'MergeQueryNode']);

interface Seen {
  writes: boolean;
  /** Identifiers (tables, columns, aliases) and raw SQL text: never the statement's values. */
  words: string[];
}

function walk(node: unknown, seen: Seen): void {
  if (Array.isArray(node)) {
    for (const item of node) walk(item, seen);
    return;
  }
  if (node === null || typeof node !== 'object') return;
  const operation = node as OperationNode & Record<string, unknown>;
  if (typeof operation.kind !== 'string') return;
  // A value (a password, an email) is never read as SQL.
  if (operation.kind === 'ValueNode' || operation.kind === 'PrimitiveValueListNode') return;
  if (WRITE_NODES.has(operation.kind)) seen.writes = true;
  if (operation.kind === 'IdentifierNode' && typeof operation.name === 'string') seen.words.push(operation.name);
  if (operation.kind === 'RawNode') {
    const text = (operation.sqlFragments as readonly string[]).join(' ');
    if (WRITE_WORD.test(text)) seen.writes = true;
    seen.words.push(text);
  }
  for (const [key, value] of Object.entries(operation)) {
    if (key !== 'kind' && value !== null && typeof value === 'object') walk(value, seen);
  }
}

/** Whether a statement may change what a session lookup reads: a write that names one of SESSION_TABLES. */
export function mayChangeSessions(node: RootOperationNode): boolean {
  const seen: Seen = { writes: false, words: [] };
  walk(node, seen);
  return seen.writes && seen.words.some((word) => SESSION_TABLE_WORD.test(word));
}

/**
 * Counts the statements that may change what a session lookup reads (`mayChangeSessions`),
 * before they run. A write elsewhere (sign-in throttling, history, holds, the outbox) leaves the
 * session cache alone: a guessing flood writes on every refused guess, and counting those emptied
 * the cache of every signed-in user on every guess (issue 21: `users/me` kept 32% of its
 * throughput under the spraying flood; docs/decisions/front-door.md).
 */
export class WriteCounter implements KyselyPlugin {
  generation = 0;
  transformQuery({ node }: { node: RootOperationNode }): RootOperationNode {
    if (mayChangeSessions(node)) this.generation++;
    return node;
  }
  async transformResult<T>({ result }: { result: T }): Promise<T> {
    return result;
  }
}
