import { PGlite } from '@electric-sql/pglite';
import { readFileSync, readdirSync } from 'node:fs';
const dir = '/work/main/server/db/migrations/';
for (let i = 0; i < 2; i++) {
  let t = performance.now();
  const pg = new PGlite(); await pg.waitReady;
  const tOpen = performance.now() - t; t = performance.now();
  for (const f of readdirSync(dir).sort()) await pg.exec(readFileSync(dir + f, 'utf8'));
  const tMig = performance.now() - t; t = performance.now();
  const dump = await pg.dumpDataDir('none');
  const tDump = performance.now() - t; t = performance.now();
  const pg2 = new PGlite({ loadDataDir: dump }); await pg2.waitReady;
  const tLoad = performance.now() - t; t = performance.now();
  const c = await pg2.clone?.();
  const tClone = performance.now() - t;
  console.log({ tOpen, tMig, tDump, size: dump.size, tLoad, tClone });
  await pg.close(); await pg2.close();
}
