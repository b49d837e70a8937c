/**
 * Memory while the single sign-on export streams (issue 12), for `npm run bench`: a school of
 * N active accounts in an in-memory PGlite database, its Google Workspace file read through the
 * same stream the route answers with, chunk by chunk, the live heap sampled after a forced GC
 * every few pages. Flat means the growth does not follow N (the file itself is printed beside).
 * Run with `node --expose-gc --import tsx scripts/bench-sso-export.ts [N…]`; prints one JSON line.
 */
import { randomUUID } from 'node:crypto';
import { openDatabase } from '../server/db/database.ts';
import { migrate } from '../server/db/migrate.ts';
import { exportStream, prepareExport } from '../server/domain/sso-export.ts';
import type { AccountRow } from '../server/domain/users.ts';

export interface ExportMemoryRow {
  accounts: number;
  bytes: number;
  seconds: number;
  /** Live heap (after GC) above the level before the export began, at its highest, in MiB. */
  liveGrowthMiB: number;
  /** Heap in use (garbage included) above that level, at its highest, in MiB. */
  heapPeakMiB: number;
}

const MiB = 1024 * 1024;
const gc = (globalThis as { gc?: () => void }).gc ?? (() => {});

async function measure(accounts: number): Promise<ExportMemoryRow> {
  const database = await openDatabase();
  try {
    await migrate(database);
    const db = database.db;
    const now = new Date();
    await db.insertInto('schools').values({ code: 'BENCH1', name: 'Bench School', allow_qr_login: false }).execute();
    await db.insertInto('school_email_domains').values({ school_code: 'BENCH1', domain: 'bench-school.edu.hk' }).execute();
    for (let start = 0; start < accounts; start += 1000) {
      const count = Math.min(1000, accounts - start);
      await db
        .insertInto('users')
        .values(
          Array.from({ length: count }, (_, i) => ({
            id: randomUUID(),
            login_id: `bench_${String(start + i).padStart(6, '0')}`,
            login_email: `pupil${start + i}@example.org`,
            contact_email: null,
            category: 'STUDENT' as const,
            display_name: `Chan Tai Man ${start + i}`,
            english_given_name: 'Tai Man',
            english_surname: 'Chan',
            school_code: 'BENCH1',
            password_hash: null,
            status: 'active' as const,
            language: 'en' as const,
            created_at: now,
            activated_at: now,
          })),
        )
        .execute();
    }
    const admin = { category: 'SCHOOL_ADMINISTRATOR', allow_qr_login: false, school_code: 'BENCH1' } as AccountRow;
    const school = await prepareExport(db, admin);
    gc();
    const base = process.memoryUsage().heapUsed;
    let liveGrowth = 0;
    let heapPeak = 0;
    let bytes = 0;
    let chunks = 0;
    const started = performance.now();
    const reader = exportStream(db, school, 'google').getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      bytes += value.byteLength;
      heapPeak = Math.max(heapPeak, process.memoryUsage().heapUsed - base);
      if (++chunks % 10 === 0) {
        gc();
        liveGrowth = Math.max(liveGrowth, process.memoryUsage().heapUsed - base);
      }
    }
    const seconds = (performance.now() - started) / 1000;
    return { accounts, bytes, seconds, liveGrowthMiB: liveGrowth / MiB, heapPeakMiB: heapPeak / MiB };
  } finally {
    await database.close();
  }
}

export async function benchExportMemory(sizes: readonly number[]): Promise<ExportMemoryRow[]> {
  const rows: ExportMemoryRow[] = [];
  for (const size of sizes) rows.push(await measure(size));
  return rows;
}

if (process.argv[1]?.endsWith('bench-sso-export.ts')) {
  const sizes = process.argv.slice(2).map(Number).filter((n) => n > 0);
  benchExportMemory(sizes.length > 0 ? sizes : [5_000, 50_000])
    .then((rows) => process.stdout.write(`${JSON.stringify(rows)}\n`))
    .catch((error: unknown) => {
      process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
      process.exit(1);
    });
}
