import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from '@playwright/test';
import { chromiumLaunchOptions, settledContextOptions } from './test/support/e2e-chromium.ts';

const PORT = Number(process.env.E2E_PORT ?? 3100);
const BASE_URL = `http://127.0.0.1:${PORT}`;

// A fresh embedded database per run. Playwright loads this file again in every worker: the
// environment carries the first directory to them, so one run makes exactly one.
process.env.E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'portal-e2e-'));
// The journeys record the states the app's machines pass through (docs/testers.md): the server
// serves the recording build (dist-e2e/, scripts/start.mjs) and test/support/e2e.ts collects.
process.env.RECORD_STATES ??= '1';

export default defineConfig({
  testDir: 'test/e2e',
  testMatch: '**/*.spec.ts',
  globalSetup: './test/e2e/global-setup.ts',
  globalTeardown: './test/e2e/global-teardown.ts',
  outputDir: 'test-results',
  fullyParallel: true,
  forbidOnly: true,
  retries: 0,
  // Two cores run the server, Chromium and the tests together. A journey mostly waits (for the
  // server, a hash, the next page), so three at a time keep the cores busier than two: the 100
  // journeys took 241 s with three against 286 s with two, for the same CPU (378 CPU-seconds).
  // A journey that takes 12 s on a quiet machine took 36 s on a busy one: the limits leave room.
  workers: 3,
  timeout: 90_000,
  expect: { timeout: 15_000 },
  reporter: process.env.CI ? [['list'], ['html', { open: 'never' }]] : [['list']],
  use: {
    baseURL: BASE_URL,
    browserName: 'chromium',
    launchOptions: chromiumLaunchOptions,
    contextOptions: settledContextOptions,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [{ name: 'chromium' }],
  webServer: {
    // scripts/start.mjs builds when dist-e2e/ (the recording build) is missing or older than the sources, then serves.
    command: 'node scripts/start.mjs',
    url: `${BASE_URL}/api/health`,
    reuseExistingServer: false,
    timeout: 180_000,
    // The server's one-line-per-request log would fill the run's output; its errors still show (stderr).
    stdout: 'ignore',
    stderr: 'pipe',
    gracefulShutdown: { signal: 'SIGTERM', timeout: 5_000 },
    env: {
      PORT: String(PORT),
      RECORD_STATES: process.env.RECORD_STATES,
      DATA_DIR: process.env.E2E_DATA_DIR,
      PUBLIC_URL: BASE_URL,
      // Journeys run against the embedded database even where PostgreSQL is configured.
      DATABASE_URL: '',
      // The password-guessing journey speaks from several addresses (X-Forwarded-For); journeys
      // that send no such header are still told apart by their socket's address.
      TRUST_PROXY: '1',
      // Chromium and the tests run at nice 0 beside the server: hashes at 19 would wait behind them.
      PASSWORD_NICENESS: '0',
      // The profile menu links to the platform's other services configured here (issue 13).
      SELF_SERVICE_URL: 'https://self-service.example.test/',
      MY_RECORDS_URL: 'https://records.example.test/',
    },
  },
});
