/**
 * Issue 12's figures, in-process on PGlite (the domain functions the routes call): a school of
 * 10,000 records searched (p95), a 1,000-row import checked and applied, and memory while
 * 50,000 records are exported as a stream. `npm run bench` prints them after its own table.
 */
import { randomUUID } from 'node:crypto';
import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { openDatabase } from '../server/db/database.ts';
import { migrate } from '../server/db/migrate.ts';
import { applyOrgImport, checkOrgImport, exportOrgAccounts, listOrgAccounts, type OrgActor } from '../server/domain/org-accounts.ts';
import { exportWorkbook } from '../server/domain/org-xlsx.ts';

const percentile = (values: number[], p: number) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((p / 100) * values.length))] ?? 0;

async function seed(db: Parameters<typeof listOrgAccounts>[0], school: string, count: number, now: Date, adminId: string): Promise<void> {
  await sql`INSERT INTO org_accounts (id, school_code, email_address, ch_full_name, en_full_name, remark, teacher_type, updated_at, updated_by, updated_by_login)
    SELECT md5(${school} || g::text), ${school}, 'teacher' || g || '@bench-school.edu.hk', '陳大文' || g, 'CHAN Tai Man ' || g, 'remark ' || g,
      CASE WHEN g % 5 = 0 THEN 'PRE_SERVICE' ELSE 'UNIVERSITY_TEACHER' END, ${now}::timestamptz - (g || ' seconds')::interval, ${adminId}, 'bench_admin'
    FROM generate_series(1, ${count}) AS g`.execute(db);
}

export async function benchOrgAccounts(): Promise<string[]> {
  const database = await openDatabase({});
  await migrate(database);
  const db = database.db;
  const now = new Date();
  const lines: string[] = [];
  try {
    const adminId = randomUUID();
    for (const code of ['BENCH1', 'BENCH2', 'BENCH3']) await sql`INSERT INTO schools (code, name) VALUES (${code}, ${code})`.execute(db);
    await sql`INSERT INTO users (id, login_id, category, display_name, school_code, status, created_at) VALUES (${adminId}, 'bench_admin', 'SCHOOL_ADMINISTRATOR', 'Bench', 'BENCH1', 'active', ${now})`.execute(db);
    const actor = (school: string): OrgActor => ({ id: adminId, login_id: 'bench_admin', category: 'SCHOOL_ADMINISTRATOR', school_code: school, allow_qr_login: false });

    await seed(db, 'BENCH1', 10_000, now, adminId);
    const queries = ['teacher12', 'chan tai man 99', '陳大文5', '', 'nobody', 'bench-school'];
    const times: number[] = [];
    for (let i = 0; i < 300; i++) {
      const started = performance.now();
      await listOrgAccounts(db, actor('BENCH1'), { q: queries[i % queries.length]!, group: i % 2 ? 'ALL' : 'PRE_SERVICE', page: 1 + (i % 3), sort: 'updatedDesc' });
      times.push(performance.now() - started);
    }
    const p95 = percentile(times, 95);
    lines.push(`org accounts: search of a 10,000-record school, 300 queries: p50 ${percentile(times, 50).toFixed(1)} ms, p95 ${p95.toFixed(1)} ms (target < 100 ms: ${p95 < 100 ? 'met' : 'missed'})`);

    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('List');
    sheet.addRow(['Email address', 'Chinese name', 'English name', 'Group', 'Remark']);
    for (let i = 0; i < 1000; i++) sheet.addRow([`new${i}@bench-school.edu.hk`, `李小明${i}`, `LEE Siu Ming ${i}`, i % 2 ? 'Staff' : 'Student', `row ${i}`]);
    const file = new Uint8Array(await book.xlsx.writeBuffer());
    const started = performance.now();
    const checked = await checkOrgImport(db, actor('BENCH2'), { file, lang: 'en' }, { allowTestDomains: true }, now);
    const checkedAt = performance.now();
    if (checked.status !== 'ready') throw new Error('bench import file has problems');
    await applyOrgImport(db, actor('BENCH2'), { importId: checked.importId }, now);
    const total = performance.now() - started;
    lines.push(`org accounts: import of 1,000 rows (${(file.byteLength / 1024).toFixed(0)} KiB): check ${(checkedAt - started).toFixed(0)} ms + apply ${(total - (checkedAt - started)).toFixed(0)} ms = ${total.toFixed(0)} ms (target < 3 s: ${total < 3000 ? 'met' : 'missed'})`);

    await seed(db, 'BENCH3', 50_000, now, adminId);
    global.gc?.();
    const before = process.memoryUsage();
    let peakHeap = before.heapUsed;
    let peakRss = before.rss;
    const sampler = setInterval(() => {
      const usage = process.memoryUsage();
      peakHeap = Math.max(peakHeap, usage.heapUsed);
      peakRss = Math.max(peakRss, usage.rss);
    }, 20);
    const exportStarted = performance.now();
    const reader = (await exportWorkbook(exportOrgAccounts(db, actor('BENCH3'), { q: '', group: 'ALL' }), 'en', () => {})).getReader();
    let bytes = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      bytes += value.byteLength;
    }
    clearInterval(sampler);
    const mib = (n: number) => (n / 1024 / 1024).toFixed(1);
    lines.push(
      `org accounts: export of 50,000 records streamed, ${mib(bytes)} MiB in ${(performance.now() - exportStarted).toFixed(0)} ms; ` +
        `heap ${mib(before.heapUsed)} → peak ${mib(peakHeap)} MiB (+${mib(peakHeap - before.heapUsed)}), rss peak +${mib(peakRss - before.rss)} MiB`,
    );
  } finally {
    await database.close();
  }
  return lines;
}

if (process.argv[1] && import.meta.url.endsWith(process.argv[1].split('/').pop() ?? '')) {
  benchOrgAccounts()
    .then((lines) => process.stdout.write(`${lines.join('\n')}\n`))
    .catch((error: unknown) => {
      process.stderr.write(`org accounts bench failed: ${error instanceof Error ? error.stack : String(error)}\n`);
      process.exitCode = 1;
    });
}
