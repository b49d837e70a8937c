#!/usr/bin/env node
// `npm run lighthouse`: Lighthouse 12's mobile performance audit (its default: a mid-range phone
// on a throttled 4G link) of the public pages, in Debian's Chromium. Starts the real server on a
// fresh embedded database unless `--url <origin>` names one that is already running.
// `--runs N` (default 3) audits each page N times and reports the run with the median score, as
// Lighthouse advises: the simulated timings scale what this machine measured, so a busy machine
// (other processes on the same cores) shows up as blocking time. The CPU benchmark column says
// how fast the machine was during the run (higher is faster).
// `--page <path>` (repeatable) audits other pages. Not part of `npm test`: each run takes 10–30 s.
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { startPortalServer, waitForHealth } from './support/portal-server.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const DEFAULT_PAGES = ['/zh_hant/login', '/zh_hant/users/register', '/zh_hant/forget-password', '/zh_hant/email-subscriptions'];
const CHROME_PATH = process.env.CHROME_PATH ?? process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
// The launch flags of test/support/e2e-chromium.ts (a .ts file Node 20 cannot import from here).
const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];
const PORT = Number(process.env.LIGHTHOUSE_PORT ?? 3200);

function explainMissing() {
  console.error(
    [
      'npm run lighthouse needs the `lighthouse` package (v12), a devDependency of this project.',
      'It is missing from node_modules: run `npm ci` (or `npm install`) and try again.',
      'Nothing was measured.',
    ].join('\n'),
  );
  process.exitCode = 1;
}

const startServer = () => startPortalServer({ root: ROOT, port: PORT, name: 'lighthouse', stdout: 'inherit' });

function argument(name) {
  const index = process.argv.indexOf(name);
  return index >= 0 ? process.argv[index + 1] : undefined;
}

function argumentList(name) {
  return process.argv.flatMap((value, index) => (process.argv[index - 1] === name ? [value] : []));
}

/** The run with the median performance score (ties: the later run). */
export function medianRun(runs) {
  const sorted = [...runs].sort((a, b) => (a.score ?? 0) - (b.score ?? 0));
  return sorted[Math.floor(sorted.length / 2)];
}

async function main() {
  const require = createRequire(import.meta.url);
  try {
    require.resolve('lighthouse/package.json');
  } catch {
    explainMissing();
    return;
  }
  if (!existsSync(CHROME_PATH)) {
    console.error(`Chromium is missing at ${CHROME_PATH}: apt-get install -y chromium fonts-noto-cjk`);
    process.exitCode = 1;
    return;
  }
  const { default: lighthouse } = await import('lighthouse');
  const chromeLauncher = await import('chrome-launcher');

  const given = argument('--url')?.replace(/\/$/, '');
  const runsPerPage = Math.max(1, Number(argument('--runs') ?? 3));
  const pages = argumentList('--page');
  if (pages.length === 0) pages.push(...DEFAULT_PAGES);
  const running = given ? { origin: given, server: null, stop: async () => {} } : startServer();
  let chrome;
  const rows = [];
  try {
    await waitForHealth(running.origin, running.server);
    chrome = await chromeLauncher.launch({ chromePath: CHROME_PATH, chromeFlags: ['--headless=new', ...CHROMIUM_ARGS] });
    for (const page of pages) {
      const url = `${running.origin}${page}`;
      const runs = [];
      for (let run = 0, failures = 0; run < runsPerPage; run += 1) {
        const result = await lighthouse(url, { port: chrome.port, onlyCategories: ['performance'], output: 'json', logLevel: 'error' });
        const lhr = result?.lhr;
        if (!lhr) throw new Error(`Lighthouse returned no result for ${url}`);
        if (lhr.runtimeError) {
          // Lighthouse's own trace recording fails now and then (NO_NAVSTART): run again.
          failures += 1;
          if (failures > 2) throw new Error(`${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
          console.error(`${url}: ${lhr.runtimeError.code}, running again`);
          run -= 1;
          continue;
        }
        const score = lhr.categories.performance.score;
        const audit = (id) => lhr.audits[id]?.numericValue;
        const lcpElement = lhr.audits['largest-contentful-paint-element']?.details?.items?.[0]?.items?.[0]?.node?.selector;
        runs.push({
          page,
          score: score === null ? null : Math.round(score * 100),
          lcp: audit('largest-contentful-paint'),
          fcp: audit('first-contentful-paint'),
          tbt: audit('total-blocking-time'),
          cls: audit('cumulative-layout-shift'),
          benchmark: lhr.environment?.benchmarkIndex,
          lcpElement,
        });
      }
      rows.push({ ...medianRun(runs), scores: runs.map((run) => run.score) });
    }
  } finally {
    await chrome?.kill();
    await running.stop();
  }

  const ms = (value) => (value === undefined ? '–' : `${(value / 1000).toFixed(2)} s`);
  const version = (await import('lighthouse/package.json', { with: { type: 'json' } })).default.version;
  console.log(`\nLighthouse ${version}, mobile (emulated Moto G Power, simulated slow 4G), ${running.origin}, median of ${runsPerPage} run(s)`);
  console.log(`${'page'.padEnd(26)} ${'score'.padStart(5)} ${'LCP'.padStart(8)} ${'FCP'.padStart(8)} ${'TBT'.padStart(8)} ${'CLS'.padStart(6)} ${'CPU'.padStart(6)}  scores of all runs`);
  for (const row of rows) {
    console.log(
      `${row.page.padEnd(26)} ${String(row.score ?? '–').padStart(5)} ${ms(row.lcp).padStart(8)} ${ms(row.fcp).padStart(8)} ${(row.tbt === undefined ? '–' : `${Math.round(row.tbt)} ms`).padStart(8)} ${(row.cls?.toFixed(3) ?? '–').padStart(6)} ${String(Math.round(row.benchmark ?? 0)).padStart(6)}  ${row.scores.join(' ')}`,
    );
  }
  for (const row of rows) if (row.lcpElement) console.log(`LCP element of ${row.page}: ${row.lcpElement}`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((error) => {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  });
}
