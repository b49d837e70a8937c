#!/usr/bin/env node
// `npm test`: every check in order, stopping at the first failure, then one line per step with
// its time and a final `N passed, N failed` over the Vitest and Playwright tests.
import { spawn, spawnSync } from 'node:child_process';
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CHROMIUM_PACKAGES, HEADLESS_SHELL_PATH, testChromiumPath } from '../test/support/chromium-path.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const BIN = join(ROOT, 'node_modules', '.bin');
const TMP = join(ROOT, '.tmp');
const APT_COMMAND = `apt-get install -y ${CHROMIUM_PACKAGES.join(' ')}`;
const VITEST_JSON = join(TMP, 'vitest-report.json');
const PLAYWRIGHT_JSON = join(TMP, 'playwright-report.json');
const CI = Boolean(process.env.CI);

const results = [];
const counts = { passed: 0, failed: 0 };

function run(command, args, env = {}) {
  const result = spawnSync(command, args, { cwd: ROOT, stdio: 'inherit', env: { ...process.env, ...env } });
  if (result.error) {
    console.error(`${command}: ${result.error.message}`);
    return 1;
  }
  return result.status ?? 1;
}

const bin = (name) => join(BIN, name);

/**
 * The tests' browser (test/support/chromium-path.mjs): Debian's headless shell, or the full
 * Chromium where only that is installed. CI, as root, installs the shell when it is missing.
 */
function ensureChromium() {
  const wantShell = CI && !process.env.CHROMIUM_PATH && !existsSync(HEADLESS_SHELL_PATH);
  if (!wantShell && existsSync(testChromiumPath())) return 0;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!(isRoot && CI)) {
    console.error(`Chromium is missing at ${testChromiumPath()}. Install it (and the CJK fonts) with:\n  ${APT_COMMAND}`);
    return 1;
  }
  const update = run('apt-get', ['update']);
  if (update !== 0) return update;
  const status = run('apt-get', ['install', '-y', ...CHROMIUM_PACKAGES], { DEBIAN_FRONTEND: 'noninteractive' });
  return status === 0 && existsSync(testChromiumPath()) ? 0 : 1;
}

function lint() {
  return run('npm', ['run', '-s', 'lint']);
}

function readJson(path) {
  try {
    return JSON.parse(readFileSync(path, 'utf8'));
  } catch {
    return null;
  }
}

const SERVER_JSON = join(TMP, 'vitest-server-report.json');
const SERVER_LOG = join(TMP, 'vitest-server.log');
// The storybook project (dev mode) is not among them: the storybook step runs the same stories
// in the built Storybook, as published (docs/decisions/storybook.md).
const OTHER_PROJECTS = ['unit', 'model', 'component', 'view'];

/** Adds a Vitest JSON report's counts; a run that failed with nothing counted still failed once. */
function countVitest(path, status) {
  const report = readJson(path);
  if (report) {
    counts.passed += report.numPassedTests ?? 0;
    counts.failed += report.numFailedTests ?? 0;
    // A file that fails to load has no tests to count; it still failed.
    if (status !== 0 && (report.numFailedTests ?? 0) === 0) counts.failed += Math.max(1, report.numFailedTestSuites ?? 0);
  } else if (status !== 0) {
    counts.failed += 1;
  }
}

/**
 * Two Vitest processes side by side. The browser projects are bound by one Chromium renderer's
 * main thread and leave the second core mostly idle; the server specs (one unisolated worker,
 * a Vitest group of its own) take it. In one process Vitest would run them one after the other.
 * The server run's output goes to .tmp/vitest-server.log and is printed when it ends.
 */
async function vitest() {
  rmSync(VITEST_JSON, { force: true });
  rmSync(SERVER_JSON, { force: true });
  const log = openSync(SERVER_LOG, 'w');
  const server = spawn(bin('vitest'), ['run', '--project', 'server', '--reporter=default', '--reporter=json', `--outputFile.json=${SERVER_JSON}`], {
    cwd: ROOT,
    stdio: ['ignore', log, log],
    env: process.env,
  });
  closeSync(log);
  const serverDone = new Promise((resolve) => {
    server.on('error', () => resolve(1));
    server.on('exit', (code) => resolve(code ?? 1));
  });
  const projects = OTHER_PROJECTS.flatMap((name) => ['--project', name]);
  const status = await new Promise((resolve) => {
    const child = spawn(bin('vitest'), ['run', ...projects, '--reporter=default', '--reporter=json', `--outputFile.json=${VITEST_JSON}`], { cwd: ROOT, stdio: 'inherit' });
    child.on('error', () => resolve(1));
    child.on('exit', (code) => resolve(code ?? 1));
  });
  countVitest(VITEST_JSON, status);
  const serverStatus = await serverDone;
  console.log('\n▶ vitest (server project, run beside the others)');
  process.stdout.write(readFileSync(SERVER_LOG, 'utf8'));
  countVitest(SERVER_JSON, serverStatus);
  return status !== 0 ? status : serverStatus;
}

/**
 * Work started early in the background at the lowest priority, so it takes only the CPU the
 * checks and Vitest leave idle (typecheck, lint and the message check use one core of two); the
 * step that needs it waits for it.
 * - dist-e2e/: the journeys need the built app (their recording build, RECORD_STATES=1:
 *   docs/testers.md), which scripts/start.mjs would otherwise build when Playwright starts the
 *   server, with the whole machine waiting.
 * - .tmp/storybook-static/: the published Storybook, whose stories `npm test` runs (issue 24:
 *   against the build, instead of the dev-mode run). Started once the stories step has written
 *   the generated stories.
 */
function background(name, command, args, logPath, env = process.env, niceness = 19) {
  const log = openSync(logPath, 'w');
  const child = spawn('nice', ['-n', String(niceness), command, ...args], { cwd: ROOT, stdio: ['ignore', log, log], env });
  closeSync(log);
  const done = new Promise((resolve) => {
    child.on('error', () => resolve(1));
    child.on('exit', (code) => resolve(code ?? 1));
  });
  return { name, child, logPath, done };
}

const builds = {};

async function awaitBuild(key) {
  const build = builds[key];
  if (build === undefined) return 0;
  const status = await build.done;
  if (status !== 0) console.error(`The early ${build.name} failed (exit ${status}):\n${readFileSync(build.logPath, 'utf8')}`);
  return status;
}

function startAppBuild() {
  builds.app = background('build of dist-e2e/', process.execPath, [join(ROOT, 'node_modules/vite/bin/vite.js'), 'build', '--outDir', 'dist-e2e'], join(TMP, 'build.log'), {
    ...process.env,
    RECORD_STATES: '1',
  });
}

const STORYBOOK_DIR = join(TMP, 'storybook-static');
const STORYBOOK_JSON = join(TMP, 'storybook-report.json');
const STORYBOOK_LOG = join(TMP, 'storybook-check.log');
/** The stories' exit status, once the build and the check have run (`startStorybookBuild`). */
let storybookChecked = Promise.resolve(1);

function startStorybookBuild() {
  rmSync(STORYBOOK_DIR, { recursive: true, force: true });
  builds.storybook = background('Storybook build', bin('storybook'), ['build', '--quiet', '--disable-telemetry', '-o', STORYBOOK_DIR], join(TMP, 'storybook-build.log'));
  storybookChecked = builds.storybook.done.then((status) => (status === 0 ? startStorybookCheck() : status));
}

/**
 * The built Storybook's stories start as soon as it is built, while Vitest still runs, at a
 * priority between Vitest's and the builds': Vitest's two lanes leave 10–20% of the two cores
 * idle (vmstat, a fresh-clone run), which the stories take, and the rest of them run beside the
 * journeys. Run after Vitest, they kept both cores busy a minute longer.
 */
function startStorybookCheck() {
  rmSync(STORYBOOK_JSON, { force: true });
  builds.storybookCheck = background(
    'Storybook stories',
    process.execPath,
    ['scripts/test-storybook-build.mjs', '--dir', STORYBOOK_DIR, '--report', STORYBOOK_JSON],
    STORYBOOK_LOG,
    process.env,
    10,
  );
  return builds.storybookCheck.done;
}

/** Runs a command without blocking this process; `log` sends its output to a file instead of ours. */
function runAsync(command, args, { env = {}, log } = {}) {
  const out = log === undefined ? 'inherit' : openSync(log, 'w');
  const child = spawn(command, args, { cwd: ROOT, stdio: ['ignore', out, out], env: { ...process.env, ...env } });
  if (typeof out === 'number') closeSync(out);
  return new Promise((resolve) => {
    child.on('error', (error) => {
      console.error(`${command}: ${error.message}`);
      resolve(1);
    });
    child.on('exit', (code) => resolve(code ?? 1));
  });
}

/** Every story of the built Storybook (started with the build, `startStorybookCheck`): its play, axe in its language and the language passes. */
async function storybook() {
  const built = await awaitBuild('storybook');
  if (built !== 0) return built;
  const status = await storybookChecked;
  const report = readJson(STORYBOOK_JSON);
  if (report) {
    counts.passed += report.passed ?? 0;
    counts.failed += report.failed ?? 0;
    if (status !== 0 && (report.failed ?? 0) === 0) counts.failed += 1;
  } else if (status !== 0) {
    counts.failed += 1;
  }
  return status;
}

async function playwright() {
  const built = await awaitBuild('app');
  if (built !== 0) return built;
  rmSync(PLAYWRIGHT_JSON, { force: true });
  const status = await runAsync(bin('playwright'), ['test', '--reporter=list,json'], { env: { PLAYWRIGHT_JSON_OUTPUT_NAME: PLAYWRIGHT_JSON } });
  const report = readJson(PLAYWRIGHT_JSON);
  if (report?.stats) {
    counts.passed += (report.stats.expected ?? 0) + (report.stats.flaky ?? 0);
    counts.failed += report.stats.unexpected ?? 0;
    if (status !== 0 && (report.stats.unexpected ?? 0) === 0) counts.failed += 1;
  } else if (status !== 0) {
    counts.failed += 1;
  }
  return status;
}

/**
 * The built Storybook's checks (started with Vitest, `startStorybookCheck`) finish beside the
 * journeys. Each alone leaves part of the two cores idle (the stories' two pages used one core;
 * the journeys wait on the server and on each other), and together they keep both busy: the
 * journeys' output is shown as it comes, the stories' when they end (.tmp/storybook-check.log,
 * with their own time), and the stories' time here is how long this step still waited for them.
 */
async function storybookAndPlaywright() {
  const timed = async (name, step) => {
    const started = Date.now();
    const status = await step();
    return { name, status, ms: Date.now() - started };
  };
  const [stories, journeys] = await Promise.all([timed('storybook', storybook), timed('playwright', playwright)]);
  console.log('\n▶ storybook (the built Storybook\'s stories, started during Vitest, finished beside the journeys)');
  if (existsSync(STORYBOOK_LOG)) process.stdout.write(readFileSync(STORYBOOK_LOG, 'utf8'));
  console.log(`\n  storybook ${seconds(stories.ms)} more after Vitest (exit ${stories.status}), playwright ${seconds(journeys.ms)} (exit ${journeys.status}), side by side`);
  return stories.status !== 0 ? stories.status : journeys.status;
}

const steps = [
  ['chromium', ensureChromium],
  // The whole tree, then the browser code without Node's types and the server without the DOM's.
  ['typecheck', () => run('npm', ['run', '-s', 'typecheck'])],
  ['lint', lint],
  ['check:messages', () => run('npm', ['run', '-s', 'check:messages'])],
  ['stories', () => run(bin('tsx'), ['scripts/gen-stories.ts'])],
  ['vitest', vitest],
  ['coverage:machines', () => run('npm', ['run', '-s', 'coverage:machines'])],
  ['storybook+playwright', storybookAndPlaywright],
];

const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;

function summary() {
  console.log('\nnpm test summary');
  for (const { name, status, ms } of results) {
    console.log(`  ${status === 0 ? 'ok  ' : 'FAIL'}  ${name.padEnd(18)} ${seconds(ms).padStart(8)}`);
  }
  const skipped = chosen.slice(results.length).map(([name]) => name);
  if (skipped.length > 0) console.log(`  not run after the failure: ${skipped.join(', ')}`);
  const total = results.reduce((sum, r) => sum + r.ms, 0);
  console.log(`  total ${seconds(total)}`);
  console.log(`${counts.passed} passed, ${counts.failed} failed`);
}

// `npm test -- --from vitest` resumes at a step (for a rerun after fixing a late failure).
const fromIndex = process.argv.indexOf('--from');
const from = fromIndex >= 0 ? process.argv[fromIndex + 1] : undefined;
if (from !== undefined && !steps.some(([name]) => name === from)) {
  console.error(`--from: no step "${from}" (steps: ${steps.map(([name]) => name).join(', ')})`);
  process.exit(2);
}
const chosen = from === undefined ? steps : steps.slice(steps.findIndex(([name]) => name === from));

mkdirSync(TMP, { recursive: true });
if (chosen.some(([name]) => name === 'storybook+playwright')) startAppBuild();
const wantsStorybook = chosen.some(([name]) => name === 'storybook+playwright');
// Resumed past the stories step, the stories on disk are the ones to build.
if (wantsStorybook && !chosen.some(([name]) => name === 'stories')) startStorybookBuild();
let failed = false;
for (const [name, step] of chosen) {
  console.log(`\n▶ ${name}`);
  const started = Date.now();
  const status = await step();
  results.push({ name, status, ms: Date.now() - started });
  if (status !== 0) {
    failed = true;
    break;
  }
  if (name === 'stories' && wantsStorybook) startStorybookBuild();
}
// A failed step ends the run: the builds it no longer needs stop with it.
if (failed) for (const build of Object.values(builds)) if (build.child.exitCode === null) build.child.kill('SIGTERM');
summary();
process.exitCode = failed ? 1 : 0;
