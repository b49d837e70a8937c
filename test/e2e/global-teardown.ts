import { rmSync } from 'node:fs';

/** Removes the run's temporary database directory (made in playwright.config.ts). */
export default function globalTeardown() {
  const dir = process.env.E2E_DATA_DIR;
  if (dir && dir.includes('portal-e2e-')) rmSync(dir, { recursive: true, force: true });
}
