#!/usr/bin/env node
// `npm start`: builds the web app when dist/ is missing or older than its sources, then runs
// the server (one process: SPA, /api, /auth). Signals are passed on so the server can close
// its database cleanly.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, rmSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildServer } from './build-server.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
/**
 * What the browser bundle is built from (machines/ and contract/ are bundled too), including the
 * build-time pre-rendering of the public pages.
 */
const SOURCES = [
  'src',
  'locales',
  'machines',
  'contract',
  'index.html',
  'vite.config.ts',
  'package.json',
  'scripts/prerender.ts',
  'scripts/prerender-entry.ts',
  'scripts/prerender-run.mjs',
];
const SKIP = new Set(['node_modules', '.tmp']);

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const info = statSync(path);
  if (!info.isDirectory()) return info.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(path)) {
    if (SKIP.has(entry) || entry.endsWith('.test.ts') || entry.endsWith('.test.tsx')) continue;
    newest = Math.max(newest, newestMtime(join(path, entry)));
  }
  return newest;
}

function needsBuild(staticDir) {
  const index = join(ROOT, staticDir, 'index.html');
  if (!existsSync(index)) return true;
  const built = statSync(index).mtimeMs;
  return SOURCES.some((source) => newestMtime(join(ROOT, source)) > built);
}

// The journeys' build records the states of the app's machines (RECORD_STATES=1, set by
// playwright.config.ts; vite.config.ts recordStates): it has a directory of its own, so dist/ is
// never the recording one.
const recording = process.env.RECORD_STATES === '1';
const ownDir = recording ? 'dist-e2e' : 'dist';
const staticDir = process.env.STATIC_DIR?.trim() || ownDir;
// Only the default output is ours to build; a custom STATIC_DIR is served as it is.
if (staticDir === ownDir && needsBuild(staticDir)) {
  process.stdout.write(`Building the web app (${ownDir}/ is missing or older than its sources)…\n`);
  const build = spawnSync(process.execPath, [join(ROOT, 'node_modules/vite/bin/vite.js'), 'build', '--outDir', ownDir], { cwd: ROOT, stdio: 'inherit' });
  if (build.status !== 0) {
    process.stderr.write('The web app build failed; not starting the server.\n');
    process.exit(build.status ?? 1);
  }
}

// The server runs as a bundle (scripts/build-server.mjs), not through the TypeScript loader.
const entry = await buildServer();
const server = spawn(process.execPath, ['--enable-source-maps', entry], { cwd: ROOT, stdio: 'inherit', env: { ...process.env, STATIC_DIR: staticDir } });
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    if (server.exitCode === null) server.kill(signal);
  });
}
server.on('exit', (code, signal) => {
  rmSync(dirname(entry), { recursive: true, force: true });
  process.exit(code ?? (signal ? 0 : 1));
});
