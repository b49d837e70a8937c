#!/usr/bin/env node
// `npm run test:storybook-build`: every story of the built Storybook (storybook-static/, what is
// published) rendered in Chromium with its loaders, its `play` and the a11y addon's axe check, as
// a designer opening it would run them. The storybook Vitest project runs the same stories in dev
// mode; this catches what only a build changes (message compilation, stripped defaultMessages,
// module aliases). See docs/decisions/storybook.md.
//
//   node scripts/test-storybook-build.mjs [--dir storybook-static] [--build] [--workers 2] [--only <id substring>] [--report <file.json>]
//
// Each page loads iframe.html once and switches stories as the Storybook UI does (the preview's
// `setCurrentStory` channel event); a story passes when the preview reports `storyFinished` with
// status "success" (play passed, no failed report such as axe violations) and neither
// `storyErrored`, `storyThrewException` nor `playFunctionThrewException` was emitted for it.
import { spawnSync } from 'node:child_process';
import { createReadStream, existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { extname, join, normalize, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import { testChromiumPath } from '../test/support/chromium-path.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const CHROMIUM = testChromiumPath();
/** Per story, from switching to it to its storyFinished (loaders, render, play, axe). */
const STORY_TIMEOUT_MS = 30_000;

function option(name, fallback) {
  const at = process.argv.indexOf(`--${name}`);
  return at >= 0 ? process.argv[at + 1] : fallback;
}

const dir = resolve(ROOT, option('dir', 'storybook-static'));
const workers = Math.max(1, Number(option('workers', '2')));
const only = option('only', undefined);
/** A JSON file to write `{ passed, failed, stories, seconds }` to (npm test counts from it). */
const reportPath = option('report', undefined);

if (process.argv.includes('--build')) {
  const started = Date.now();
  const built = spawnSync(join(ROOT, 'node_modules/.bin/storybook'), ['build', '--quiet', '-o', dir], { cwd: ROOT, stdio: 'inherit' });
  if (built.status !== 0) process.exit(built.status ?? 1);
  console.log(`storybook build: ${((Date.now() - started) / 1000).toFixed(1)} s`);
}
if (!existsSync(join(dir, 'index.json'))) {
  console.error(`${dir}/index.json is missing: run \`npm run build-storybook\` first (or pass --build).`);
  process.exit(2);
}

const TYPES = { '.html': 'text/html', '.js': 'text/javascript', '.mjs': 'text/javascript', '.css': 'text/css', '.json': 'application/json', '.svg': 'image/svg+xml', '.png': 'image/png', '.woff2': 'font/woff2', '.wasm': 'application/wasm' };

/** The static output, as any static host serves it. */
const server = createServer((request, response) => {
  const path = decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname);
  const file = normalize(join(dir, path.endsWith('/') ? `${path}index.html` : path));
  if (!file.startsWith(dir) || !existsSync(file) || !statSync(file).isFile()) {
    response.writeHead(404).end();
    return;
  }
  response.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' });
  createReadStream(file).pipe(response);
});
await new Promise((listening) => server.listen(0, '127.0.0.1', listening));
const address = server.address();
const origin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;

const index = JSON.parse(readFileSync(join(dir, 'index.json'), 'utf8'));
const stories = Object.values(index.entries)
  .filter((entry) => entry.type === 'story' && (only === undefined || entry.id.includes(only)))
  .map((entry) => entry.id);

const browser = await chromium.launch({ executablePath: existsSync(CHROMIUM) ? CHROMIUM : undefined });

/** Runs one story in a page whose preview is ready; resolves with what the preview reported. */
function runStory(page, storyId) {
  return page.evaluate(
    ({ storyId, timeout }) =>
      new Promise((resolveStory) => {
        const channel = globalThis.__STORYBOOK_ADDONS_CHANNEL__;
        const errors = [];
        const handlers = {
          playFunctionThrewException: (error) => errors.push(`play: ${error?.message ?? error}`),
          storyThrewException: (error) => errors.push(`render: ${error?.message ?? error}`),
          storyErrored: ({ title, description }) => errors.push(`errored: ${title} ${description ?? ''}`),
          storyMissing: (id) => (id === undefined || id === storyId) && finish({ status: 'missing', reporters: [] }),
          storyFinished: (result) => result.storyId === storyId && finish(result),
        };
        const timer = setTimeout(() => finish({ status: 'timeout', reporters: [] }), timeout);
        function finish({ status, reporters }) {
          clearTimeout(timer);
          for (const [event, handler] of Object.entries(handlers)) channel.off(event, handler);
          const failedReports = (reporters ?? [])
            .filter((report) => report.status === 'failed')
            .map((report) =>
              report.type === 'a11y'
                ? `axe: ${(report.result?.violations ?? []).map((violation) => `${violation.id} (${violation.nodes?.length ?? 0})`).join(', ')}`
                : `${report.type}: failed`,
            );
          resolveStory({ ok: status === 'success' && errors.length === 0, status, errors: [...errors, ...failedReports] });
        }
        for (const [event, handler] of Object.entries(handlers)) channel.on(event, handler);
        channel.emit('setCurrentStory', { storyId, viewMode: 'story' });
      }),
    { storyId, timeout: STORY_TIMEOUT_MS },
  );
}

/** The Vitest addon's default page size, when a story pins no viewport. */
const DEFAULT_VIEWPORT = { width: 1200, height: 900 };

/**
 * The page size a story pins (`globals: { viewport: { value: 'phone' } }`), as the storybook
 * Vitest project sets it (@storybook/addon-vitest's setViewport): the Storybook UI sizes the
 * preview frame itself, a bare iframe.html does not.
 */
function viewportOf(page, storyId) {
  return page.evaluate(
    async ({ storyId, fallback }) => {
      const story = await globalThis.__STORYBOOK_PREVIEW__.storyStoreValue.loadStory({ storyId });
      const param = story.parameters?.viewport ?? {};
      const value = story.storyGlobals?.viewport?.value ?? (param.disable || param.disabled ? undefined : param.defaultViewport);
      const styles = value ? { ...param.viewports, ...param.options }[value]?.styles : undefined;
      const px = (dimension) => (typeof dimension === 'string' && /^\d+(px)?$/.test(dimension) ? Number.parseInt(dimension, 10) : undefined);
      const width = px(styles?.width);
      const height = px(styles?.height);
      return width && height ? { width, height } : fallback;
    },
    { storyId, fallback: DEFAULT_VIEWPORT },
  );
}

async function openPreview() {
  const page = await browser.newPage({ viewport: DEFAULT_VIEWPORT });
  // The extra axe passes in the other two languages (.storybook/preview.tsx), which the published
  // Storybook's UI leaves off, as in the dev-mode Vitest run.
  await page.addInitScript(() => {
    globalThis.__STORYBOOK_LANGUAGE_PASSES__ = true;
  });
  await page.goto(`${origin}/iframe.html`, { timeout: 120_000 });
  await page.waitForFunction(() => globalThis.__STORYBOOK_PREVIEW__?.storyStoreValue !== undefined && globalThis.__STORYBOOK_ADDONS_CHANNEL__ !== undefined, undefined, { timeout: 120_000 });
  return page;
}

const started = Date.now();
const failures = [];
let passed = 0;
let done = 0;
let next = 0;
await Promise.all(
  Array.from({ length: Math.min(workers, stories.length) }, async () => {
    let page = await openPreview();
    while (next < stories.length) {
      const storyId = stories[next++];
      let result;
      try {
        const viewport = await viewportOf(page, storyId);
        const current = page.viewportSize();
        if (current?.width !== viewport.width || current?.height !== viewport.height) await page.setViewportSize(viewport);
        result = await runStory(page, storyId);
      } catch (error) {
        result = { ok: false, status: 'crashed', errors: [String(error)] };
      }
      if (++done % 100 === 0) console.log(`… ${done} of ${stories.length} (${((Date.now() - started) / 1000).toFixed(0)} s)`);
      if (result.ok) {
        passed++;
      } else {
        failures.push({ storyId, ...result });
        console.log(`✗ ${storyId} (${result.status})\n    ${result.errors.join('\n    ').slice(0, 600)}`);
        // A story that timed out or crashed may leave the preview busy: the next one gets a fresh page.
        if (result.status === 'timeout' || result.status === 'crashed') {
          await page.close().catch(() => {});
          page = await openPreview();
        }
      }
    }
    await page.close();
  }),
);
await browser.close();
server.close();

const seconds = ((Date.now() - started) / 1000).toFixed(1);
console.log(`\nbuilt Storybook (${dir}): ${passed} of ${stories.length} stories passed, ${failures.length} failed, in ${seconds} s`);
if (reportPath !== undefined) writeFileSync(reportPath, JSON.stringify({ passed, failed: failures.length, stories: stories.length, seconds: Number(seconds) }));
process.exitCode = failures.length === 0 ? 0 : 1;
