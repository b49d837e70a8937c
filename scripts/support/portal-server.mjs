// The real portal server for the measuring scripts (size, lighthouse): `scripts/start.mjs` (which
// builds dist/ when it is older than its sources) on a fresh embedded database in a temporary folder.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export async function waitForHealth(origin, server, timeoutMs = 240_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server && server.exitCode !== null) throw new Error(`the server exited with code ${server.exitCode}`);
    try {
      if ((await fetch(`${origin}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`${origin}/api/health did not answer within ${timeoutMs / 1000} s`);
}

/** Starts the server on `port`; `stdout` 'inherit' shows its log. Returns its origin, the process and `stop`. */
export function startPortalServer({ root, port, name, stdout = 'ignore' }) {
  const dataDir = mkdtempSync(join(tmpdir(), `portal-${name}-`));
  const origin = `http://127.0.0.1:${port}`;
  const server = spawn(process.execPath, [join(root, 'scripts/start.mjs')], {
    cwd: root,
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, PUBLIC_URL: origin, DATABASE_URL: '' },
    stdio: ['ignore', stdout, 'inherit'],
  });
  const stop = async () => {
    if (server.exitCode === null) {
      server.kill('SIGTERM');
      await new Promise((resolve) => server.once('exit', resolve));
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  return { origin, server, stop };
}
