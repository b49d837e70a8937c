import { rm, writeFile } from 'node:fs/promises';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../server/db/database.ts';
import { migrate } from '../../server/db/migrate.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A PGlite cluster with every migration applied, dumped once per run (see openTestDatabase). */
    migratedPglite: string;
  }
}

/**
 * Creating a PGlite cluster (initdb inside WebAssembly) takes seconds on a busy 2-core machine,
 * loading a dump of one a fraction of that; the server specs open dozens. So the run migrates one
 * cluster with the real migrator, dumps it, and every spec's database starts from that dump.
 * The migrator's own specs (platform/database.test.ts) still start from empty clusters.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const dir = join(fileURLToPath(new URL('../..', import.meta.url)), '.tmp');
  mkdirSync(dir, { recursive: true });
  const path = join(dir, `migrated-pglite-${process.pid}.tar`);
  const database = await openDatabase({});
  try {
    await migrate(database);
    const dump = await database.dump!();
    await writeFile(path, Buffer.from(await dump.arrayBuffer()));
  } finally {
    await database.close();
  }
  project.provide('migratedPglite', path);
  return () => rm(path, { force: true });
}
