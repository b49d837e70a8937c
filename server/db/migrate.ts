import { readdir, readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { Database } from './database.ts';

const MIGRATIONS_DIR = fileURLToPath(new URL('./migrations/', import.meta.url));
const FILE_PATTERN = /^\d{4}_[a-z0-9_]+\.sql$/;
/** Any constant: instances starting together on one PostgreSQL take turns migrating. */
const MIGRATION_LOCK_KEY = 7_304_211;

export async function migrationFiles(dir = MIGRATIONS_DIR): Promise<string[]> {
  return (await readdir(dir)).filter((name) => FILE_PATTERN.test(name)).sort();
}

/**
 * Applies every numbered SQL file not yet recorded in `schema_migrations`, each in its own
 * transaction with its record, in name order. Returns the names it applied.
 */
export async function migrate(database: Database, dir = MIGRATIONS_DIR): Promise<string[]> {
  const files = await migrationFiles(dir);
  await database.rawTransaction(async (raw) => {
    await raw.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK_KEY]);
    await raw.exec('CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())');
  });
  const applied: string[] = [];
  for (const name of files) {
    const sql = await readFile(`${dir}${dir.endsWith('/') ? '' : '/'}${name}`, 'utf8');
    const done = await database.rawTransaction(async (raw) => {
      await raw.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK_KEY]);
      const rows = await raw.query<{ name: string }>('SELECT name FROM schema_migrations WHERE name = $1', [name]);
      if (rows.length > 0) return false;
      await raw.exec(sql);
      await raw.query('INSERT INTO schema_migrations (name) VALUES ($1)', [name]);
      return true;
    });
    if (done) applied.push(name);
  }
  return applied;
}
