// The server as one ES module for `npm start` (and the measuring scripts that start it): esbuild
// bundles server/main.ts with our own sources (server/, contract/, locales/) and leaves the
// packages in node_modules as imports. Running the bundle instead of `node --import tsx` keeps
// the TypeScript loader, its transpile cache and its source maps out of the running portal,
// about 110 MB of resident memory (docs/decisions/server.md, memory). Building takes well under
// a second, so it runs on every start and can never be stale.
//
// The bundle keeps the two paths the server resolves from its own location
// (`new URL('./migrations/', import.meta.url)`, `new URL('./password-worker.mjs', …)`,
// `new URL('./pglite-worker.mjs', …)`), so the migrations and the two workers are copied beside it. Each start builds into a folder named
// after its own process (dist-server/run-<pid>), which it keeps while it runs: two starts at once
// never share a half-written bundle, and a password worker restarted late finds its file. Folders
// of processes that have ended are removed at the next build.
import { cpSync, existsSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
export const SERVER_OUT_DIR = join(ROOT, 'dist-server');

function alive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error.code === 'EPERM';
  }
}

function removeEndedRuns() {
  if (!existsSync(SERVER_OUT_DIR)) return;
  for (const entry of readdirSync(SERVER_OUT_DIR)) {
    const match = /^run-(\d+)$/.exec(entry);
    if (match && Number(match[1]) !== process.pid && !alive(Number(match[1]))) {
      rmSync(join(SERVER_OUT_DIR, entry), { recursive: true, force: true });
    }
  }
}

/** Builds dist-server/run-<pid>/ for this process and returns the path of its entry module. */
export async function buildServer() {
  removeEndedRuns();
  const out = join(SERVER_OUT_DIR, `run-${process.pid}`);
  mkdirSync(out, { recursive: true });
  await build({
    entryPoints: [join(ROOT, 'server/main.ts')],
    outfile: join(out, 'main.mjs'),
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    sourcemap: 'linked',
    logLevel: 'warning',
  });
  cpSync(join(ROOT, 'server/db/migrations'), join(out, 'migrations'), { recursive: true });
  cpSync(join(ROOT, 'server/domain/password-worker.mjs'), join(out, 'password-worker.mjs'));
  cpSync(join(ROOT, 'server/db/pglite-worker.mjs'), join(out, 'pglite-worker.mjs'));
  return join(out, 'main.mjs');
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const entry = await buildServer();
  process.stdout.write(`server bundle: ${entry} (removed when this process has ended, at the next build)\n`);
}
