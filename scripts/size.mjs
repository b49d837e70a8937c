#!/usr/bin/env node
// `npm run size`: what every page costs, two ways.
// - Until idle, on the wire (the budget, 150 KiB): builds if needed, starts the real server
//   (scripts/start.mjs on a temporary DATA_DIR), opens every page of the route tree in Chromium
//   (signed in as a demo account where the page needs a session), waits until the network is
//   idle and sums the encoded body bytes of every script and stylesheet response: what the
//   server sent, brotli since Chromium accepts it, including chunks preloaded after the first
//   paint, message groups and anything loaded lazily before idle.
// - Initial chunks, gzip (the earlier figure, shown beside it): from the Vite manifest, the entry
//   chunk and its static imports, the split chunks of every route on the way to the page (with
//   their imports and CSS), and the page's default-language message groups (core + each route's
//   groups, from src/i18n/message-groups.json). Chunks no page needs at start are listed as lazy.
// Exits non-zero only with `--check` (a page over the budget). `--no-build` measures the existing
// dist/; `--no-browser` prints the manifest figures alone; `--only <part>` measures on the wire only
// the pages whose path contains it (repeatable; the others print `–`); `--files` lists each file.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join, posix } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { parseSync, Visitor } from 'oxc-parser';
import { startPortalServer, waitForHealth } from './support/portal-server.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
/** Every page, every script and stylesheet it loads until the network is idle, on the wire. */
export const BUDGET_BYTES = 150 * 1024;
/** The earlier budget of the initial chunks (gzip, from the manifest): shown, not enforced. */
export const INITIAL_BUDGET_BYTES = 145 * 1024;
const PORT = Number(process.env.SIZE_PORT ?? 3204);
const DEMO_PASSWORD = 'Portal-Demo-2026';
// The launch flags of test/support/e2e-chromium.ts (a .ts file Node 20 cannot import from here).
const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];
const DEFAULT_LANGUAGE = 'zh_hant';
/**
 * Whether a route file's chunk (its query) is one a page fetches to show itself: the route's own
 * part, or the split holding its component (vite.config.ts groups the pending component with it).
 * The error and not-found splits load only on error or 404.
 */
function isInitialSplit(query) {
  const split = new URLSearchParams(query).get('tsr-split');
  return split === null || split.split('---').includes('component');
}

/**
 * Reads src/routeTree.gen.ts: each route's file, parent and full path. Returns the routes no
 * other route is nested in (the pages), each with its chain of route files from the root.
 */
export function routePages(source, routesFileDir = 'src') {
  return routeChains(source, routesFileDir).map(({ fullPath, files }) => ({ fullPath, files }));
}

/** `routePages` plus each page's chain of route ids from the root (`__root__`, `/{-$lang}`, …). */
export function routeChains(source, routesFileDir = 'src') {
  const program = parseSync('routeTree.gen.ts', source, { lang: 'ts', sourceType: 'module' }).program;
  const importFile = new Map();
  const routes = new Map();
  const fullPaths = [];
  new Visitor({
    ImportDeclaration: (node) => {
      const spec = node.source.value;
      if (!spec.startsWith('./routes/')) return;
      for (const s of node.specifiers) importFile.set(s.local.name, posix.join(routesFileDir, spec));
    },
    VariableDeclarator: (node) => {
      const init = node.init;
      if (node.id.type !== 'Identifier' || init?.type !== 'CallExpression') return;
      const callee = init.callee;
      if (callee.type !== 'MemberExpression' || callee.property.name !== 'update' || callee.object.type !== 'Identifier') return;
      let options = init.arguments[0];
      while (options && (options.type === 'TSAsExpression' || options.type === 'TSSatisfiesExpression')) options = options.expression;
      let parent = null;
      let id = null;
      for (const p of options?.properties ?? []) {
        if (p.key?.name === 'getParentRoute' && p.value.type === 'ArrowFunctionExpression' && p.value.body.type === 'Identifier') parent = p.value.body.name;
        if (p.key?.name === 'id' && p.value.type === 'Literal') id = p.value.value;
      }
      routes.set(node.id.name, { importName: callee.object.name, parent, id });
    },
    TSInterfaceDeclaration: (node) => {
      if (node.id.name !== 'FileRoutesByFullPath') return;
      for (const member of node.body.body) {
        const key = member.key?.type === 'Literal' ? member.key.value : member.key?.name;
        const typeName = member.typeAnnotation?.typeAnnotation?.exprName?.name;
        if (key && typeName) fullPaths.push({ fullPath: key, route: typeName.replace(/WithChildren$/, '') });
      }
    },
  }).visit(program);

  const fileOf = (name) => {
    if (importFile.has(name)) return importFile.get(name);
    const route = routes.get(name);
    return route ? importFile.get(route.importName) : undefined;
  };
  const parentOf = (name) => routes.get(name)?.parent ?? null;
  const parents = new Set([...routes.values()].map((route) => route.parent).filter(Boolean));
  return fullPaths
    .filter(({ route }) => !parents.has(route))
    .map(({ fullPath, route }) => {
      const chain = [];
      const segments = [];
      for (let current = route; current; current = parentOf(current)) {
        const file = fileOf(current);
        if (file) chain.unshift(file);
        // A route's id is its parent's id joined with its own (`/{-$lang}` + `/login`).
        const id = routes.get(current)?.id;
        if (id) segments.unshift(id);
      }
      const routeIds = ['__root__'];
      for (const segment of segments) routeIds.push(`${routeIds.length > 1 ? routeIds[routeIds.length - 1] : ''}${segment}`);
      return { fullPath, files: chain, routeIds };
    });
}

/**
 * The message groups a page downloads: `core` plus the groups of every route on its chain; a
 * route missing from `config.routes` needs every group (as src/i18n/message-groups.ts decides).
 */
export function messageGroupsOf(config, routeIds) {
  const all = Object.keys(config.groups);
  const groups = new Set(['core']);
  for (const routeId of routeIds) {
    const needed = Object.hasOwn(config.routes, routeId) ? config.routes[routeId] : all;
    for (const group of needed) groups.add(group);
  }
  return all.filter((group) => groups.has(group));
}

/** Manifest keys of a page's messages in one language: `locales/<lang>.json?group=<group>`. */
export function messageKeys(config, routeIds, lang = DEFAULT_LANGUAGE) {
  return messageGroupsOf(config, routeIds).map((group) => `locales/${lang}.json?group=${group}`);
}

/** `/{-$lang}/users/register` → `/zh_hant/users/register`, `/{-$lang}/$` → `/zh_hant/*`. */
export function displayPath(fullPath) {
  return (
    fullPath
      .replace('{-$lang}', DEFAULT_LANGUAGE)
      .replace(/\{-\$(\w+)\}/g, '[$1]')
      .replace(/\/\$$/, '/*')
      .replace(/\$(\w+)/g, ':$1')
      .replace(/(.)\/$/, '$1') || '/'
  );
}

/** Every manifest key reachable from `keys` through static imports. */
export function closure(manifest, keys) {
  const seen = new Set();
  const visit = (key) => {
    if (seen.has(key) || !manifest[key]) return;
    seen.add(key);
    for (const imported of manifest[key].imports ?? []) visit(imported);
  };
  for (const key of keys) visit(key);
  return seen;
}

/** Manifest keys of a route file's chunks that a page fetches to show itself. */
export function routeChunkKeys(manifest, routeFile) {
  const base = routeFile.replace(/\.[cm]?[jt]sx?$/, '');
  return Object.keys(manifest).filter((key) => {
    const [path, query = ''] = key.split('?');
    return path.replace(/\.[cm]?[jt]sx?$/, '') === base && isInitialSplit(query);
  });
}

export function filesOf(manifest, keys) {
  const js = new Set();
  const css = new Set();
  for (const key of keys) {
    const chunk = manifest[key];
    if (!chunk) continue;
    if (/\.m?js$/.test(chunk.file)) js.add(chunk.file);
    else if (chunk.file.endsWith('.css')) css.add(chunk.file);
    for (const file of chunk.css ?? []) css.add(file);
  }
  return { js, css };
}

/**
 * Measures every page; `gzipSize(file)` gives the gzip bytes of a built file. `messages` is the
 * manifest key of the messages every page loads, or a function giving a page's message keys.
 * `bootKeys` are dynamic imports the entry always makes at start (the app behind a small boot chunk).
 */
export function measure(manifest, pages, gzipSize, messages, bootKeys = []) {
  const entry = Object.keys(manifest).find((key) => manifest[key].isEntry);
  if (!entry) throw new Error('the manifest has no entry chunk');
  const initialKeys = new Set();
  const rows = pages.map((page) => {
    const roots = [entry, ...bootKeys, ...page.files.flatMap((file) => routeChunkKeys(manifest, file))];
    const messageKeysOfPage = typeof messages === 'function' ? messages(page) : messages ? [messages] : [];
    for (const key of messageKeysOfPage) {
      if (!manifest[key]) throw new Error(`the manifest has no ${key}: is the page's message group built?`);
      roots.push(key);
    }
    const keys = closure(manifest, roots);
    for (const key of keys) initialKeys.add(key);
    const { js, css } = filesOf(manifest, keys);
    const jsBytes = [...js].reduce((sum, file) => sum + gzipSize(file), 0);
    const cssBytes = [...css].reduce((sum, file) => sum + gzipSize(file), 0);
    return { path: displayPath(page.fullPath), jsBytes, cssBytes, total: jsBytes + cssBytes, over: jsBytes + cssBytes > INITIAL_BUDGET_BYTES };
  });
  const lazy = Object.entries(manifest)
    .filter(([key, chunk]) => !initialKeys.has(key) && /\.m?js$/.test(chunk.file))
    .map(([key, chunk]) => ({ name: chunk.src ?? chunk.name ?? key, file: chunk.file, bytes: gzipSize(chunk.file) }))
    .sort((a, b) => b.bytes - a.bytes);
  return { rows: rows.sort((a, b) => a.path.localeCompare(b.path)), lazy };
}

/**
 * The pre-rendered pages (dist/.portal/pages.json, scripts/prerender.ts) paint before any script
 * runs: what they need first is their HTML and stylesheets.
 */
function printFirstPaint(dist, manifest) {
  const pagesPath = join(dist, '.portal/pages.json');
  if (!existsSync(pagesPath)) return;
  const pages = JSON.parse(readFileSync(pagesPath, 'utf8'));
  const index = readFileSync(join(dist, 'index.html'), 'utf8');
  const entryCss = Object.values(manifest).find((chunk) => chunk.isEntry)?.css ?? [];
  const gz = (text) => gzipSync(text, { level: 9 }).length;
  const paths = Object.keys(pages.prerendered).filter((path) => path.startsWith(`/${DEFAULT_LANGUAGE}/`));
  if (paths.length === 0) return;
  const width = Math.max(5, ...paths.map((path) => path.length));
  console.log(`\nPre-rendered pages: what the first paint waits for, gzip (the scripts come after it)`);
  console.log(`${'page'.padEnd(width)}  ${'HTML'.padStart(9)}  ${'CSS'.padStart(9)}`);
  for (const path of paths) {
    const route = pages.routes.find((candidate) => new RegExp(candidate.pattern).test(path));
    const css = [...new Set([...entryCss, ...(route?.css ?? [])])];
    const html = index.replace('<div id="root"></div>', `<div id="root">${pages.prerendered[path].html}</div>`);
    const cssBytes = css.reduce((sum, file) => sum + gz(readFileSync(join(dist, file))), 0);
    console.log(`${path.padEnd(width)}  ${kib(gz(html)).padStart(9)}  ${kib(cssBytes).padStart(9)}  (${css.length} stylesheet${css.length === 1 ? '' : 's'})`);
  }
}

/**
 * The URL that opens a page (from its `displayPath`): a splat gets a path nothing else matches,
 * an optional parameter is left out.
 */
export function pageUrl(path) {
  return path.replace(/\/\[\w+\]/g, '').replace(/\/\*$/, '/no-such-page');
}

/**
 * The demo account a page is opened as (README): none for public pages; a teacher for the teacher
 * and school staff pages; an account each upgrade is offered to; the read-only school account
 * for the school's lists (a school administrator would need its second factor); a public account
 * for the rest of /profile.
 */
export function accountFor(path) {
  if (/^\/[^/]+\/profile\/student-upgrade(?:\/|$)/.test(path)) return 'demo_student3';
  if (/^\/[^/]+\/profile\/full-upgrade(?:\/|$)/.test(path)) return 'demo_public9';
  if (/^\/[^/]+\/org_account(?:\/|$)/.test(path)) return 'demo_schoolreader1';
  if (/^\/[^/]+\/(?:profile\/teacher|school-staff-info)(?:\/|$)/.test(path)) return 'demo_teacher1';
  if (/^\/[^/]+\/profile\/regen-qrcode(?:\/|$)/.test(path)) return 'demo_student1';
  if (/^\/[^/]+\/profile(?:\/|$)/.test(path)) return 'demo_public1';
  return null;
}

/** A response the budget counts: a script or a stylesheet (module preloads and message groups are scripts). */
export function countsAgainstBudget(url, resourceType) {
  if (resourceType === 'script' || resourceType === 'stylesheet') return true;
  return /\.(?:m?js|css)$/.test(new URL(url).pathname);
}

/**
 * One row per page: the wire figure (`wire`: path → { bytes, files }) beside the manifest's
 * initial-chunk figure; `over` only for the wire figure, against BUDGET_BYTES.
 */
export function combine(initialRows, wire) {
  return initialRows.map((row) => {
    const measured = wire.get(row.path);
    const wireBytes = measured?.bytes ?? null;
    return { path: row.path, initial: row.total, wire: wireBytes, files: measured?.files ?? 0, over: wireBytes !== null && wireBytes > BUDGET_BYTES };
  });
}

const kib = (bytes) => `${(bytes / 1024).toFixed(1)} KiB`;

const startServer = () => startPortalServer({ root: ROOT, port: PORT, name: 'size' });

/** Signs in through the login page, as a person would; returns the session to open pages with. */
async function signIn(browser, origin, loginId) {
  const context = await browser.newContext({ baseURL: origin });
  const page = await context.newPage();
  await page.goto(`/${DEFAULT_LANGUAGE}/login`, { waitUntil: 'networkidle' });
  await page.locator('input[name="loginId"]').fill(loginId);
  await page.locator('input[name="password"]').fill(DEMO_PASSWORD);
  await page.locator('form button[type="submit"]').click();
  await page.waitForURL((url) => !/\/login(?:[?#]|$)/.test(url.pathname), { timeout: 30_000 });
  const state = await context.storageState();
  await context.close();
  return state;
}

/**
 * Opens each page in a context of its own (an empty HTTP cache) and sums the encoded body bytes
 * of its scripts and stylesheets until the network is idle.
 */
async function measureWire(origin, paths) {
  const { chromium } = await import('playwright-core');
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  const sessions = new Map();
  const wire = new Map();
  try {
    for (const path of paths) {
      const account = accountFor(path);
      if (account && !sessions.has(account)) sessions.set(account, await signIn(browser, origin, account));
      const context = await browser.newContext({ baseURL: origin, ...(account ? { storageState: sessions.get(account) } : {}) });
      const page = await context.newPage();
      const pending = [];
      page.on('requestfinished', (request) => {
        if (!countsAgainstBudget(request.url(), request.resourceType())) return;
        pending.push(request.sizes().then((sizes) => ({ url: request.url(), bytes: sizes.responseBodySize })));
      });
      await page.goto(pageUrl(path), { waitUntil: 'networkidle', timeout: 60_000 });
      const landed = new URL(page.url()).pathname;
      const files = await Promise.all(pending);
      await context.close();
      if (account && landed.endsWith('/login')) throw new Error(`${path} sent ${account} to the login page: the session did not hold`);
      wire.set(path, { bytes: files.reduce((sum, file) => sum + file.bytes, 0), files: files.length, landed, list: files });
    }
  } finally {
    await browser.close();
  }
  return wire;
}

async function main() {
  const args = process.argv.slice(2);
  if (!args.includes('--no-build')) {
    const build = spawnSync(join(ROOT, 'node_modules/.bin/vite'), ['build'], { cwd: ROOT, stdio: 'inherit' });
    if (build.status !== 0) {
      process.exitCode = build.status ?? 1;
      return;
    }
  }
  const dist = join(ROOT, 'dist');
  const manifestPath = join(dist, '.vite/manifest.json');
  if (!existsSync(manifestPath)) throw new Error(`${manifestPath} is missing: vite.config.ts must set build.manifest`);
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
  const cache = new Map();
  // The build's precompressed `.gz` (Zopfli), else zlib level 9 (files under 1 KiB are not precompressed).
  const gzipSize = (file) => {
    if (!cache.has(file)) {
      const precompressed = join(dist, `${file}.gz`);
      cache.set(file, existsSync(precompressed) ? statSync(precompressed).size : gzipSync(readFileSync(join(dist, file)), { level: 9 }).length);
    }
    return cache.get(file);
  };
  const groupsConfig = JSON.parse(readFileSync(join(ROOT, 'src/i18n/message-groups.json'), 'utf8'));
  const pages = routeChains(readFileSync(join(ROOT, 'src/routeTree.gen.ts'), 'utf8'));
  // The entry (src/main.tsx) is a small boot chunk: everything it imports, it imports at start.
  const entry = Object.values(manifest).find((chunk) => chunk.isEntry);
  const { rows: initialRows, lazy } = measure(manifest, pages, gzipSize, (page) => messageKeys(groupsConfig, page.routeIds), entry?.dynamicImports ?? []);

  let wire = new Map();
  if (!args.includes('--no-browser')) {
    const { origin, server, stop } = startServer();
    try {
      await waitForHealth(origin, server);
      // `--only <part>` (repeatable): measure just the pages whose path contains one of the parts.
      const only = args.flatMap((arg, index) => (arg === '--only' && args[index + 1] ? [args[index + 1]] : []));
      const paths = initialRows.map((row) => row.path).filter((path) => only.length === 0 || only.some((part) => path.includes(part)));
      wire = await measureWire(origin, paths);
    } finally {
      await stop();
    }
  }
  const rows = combine(initialRows, wire);
  const width = Math.max(5, ...rows.map((row) => row.path.length));
  console.log(`\nPer page (${DEFAULT_LANGUAGE}): scripts + stylesheets until network idle, on the wire (budget ${kib(BUDGET_BYTES)}), beside the initial chunks from the manifest, gzip`);
  console.log(`${'page'.padEnd(width)}  ${'until idle'.padStart(10)}  ${'files'.padStart(5)}  ${'initial'.padStart(10)}`);
  for (const row of rows) {
    const measured = wire.get(row.path);
    const note = row.over ? '  OVER BUDGET' : measured && measured.landed !== pageUrl(row.path) ? `  (landed on ${measured.landed})` : '';
    console.log(`${row.path.padEnd(width)}  ${(row.wire === null ? '–' : kib(row.wire)).padStart(10)}  ${String(row.files).padStart(5)}  ${kib(row.initial).padStart(10)}${note}`);
  }
  if (args.includes('--files')) {
    for (const [path, measured] of wire) {
      console.log(`\n${path}`);
      for (const file of [...measured.list].sort((a, b) => b.bytes - a.bytes)) console.log(`  ${kib(file.bytes).padStart(10)}  ${new URL(file.url).pathname}`);
    }
  }
  printFirstPaint(dist, manifest);
  console.log('\nLazy chunks (no page needs them at start), gzip');
  for (const chunk of lazy) console.log(`  ${kib(chunk.bytes).padStart(10)}  ${chunk.name}`);
  const measured = rows.filter((row) => row.wire !== null);
  const over = rows.filter((row) => row.over);
  const largest = measured.reduce((max, row) => Math.max(max, row.wire), 0);
  console.log(
    measured.length > 0
      ? `\nsize: ${measured.length} pages, largest ${kib(largest)} on the wire, ${over.length} over the budget of ${kib(BUDGET_BYTES)}`
      : `\nsize: ${rows.length} pages measured from the manifest only (--no-browser): the budget is not checked`,
  );
  if (args.includes('--check')) process.exitCode = over.length > 0 || measured.length === 0 ? 1 : 0;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((error) => {
    console.error(error);
    process.exitCode = 1;
  });
}
