// Build step (run by vite.config.ts after the browser build): writes dist/.portal/pages.json,
// which server/spa.ts reads to adapt index.html per request:
// - for every page of the route tree, what the browser needs to show it (the app chunk, the route
//   chunks, their CSS, the page's message groups per language), sent as `modulepreload` and
//   stylesheet links so nothing waits for the script that would discover it;
// - for the public pages in PRERENDERED_ROUTES, their HTML in each language, rendered by the
//   app's own components (scripts/prerender-entry.ts, bundled for Node), so the page shows
//   before any script has run; the app then hydrates it (src/start-app.tsx).
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'vite';
import { LANGUAGES, type Language } from '../contract/languages.ts';
import { PAGES_FILE, type PagesFile, type PrerenderedHtml, type RouteHints } from '../server/spa.ts';
import { closure, filesOf, messageKeys, routeChains, routeChunkKeys, type Manifest, type MessageGroupsConfig, type PageChain } from './size.mjs';

/** Public pages whose first state needs no settings, no session and no query: safe to pre-render. */
export const PRERENDERED_ROUTES = ['/{-$lang}/login', '/{-$lang}/users/register', '/{-$lang}/forget-password', '/{-$lang}/email-subscriptions'];

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** `/{-$lang}/reset-password-invalid/{-$type}` → a RegExp source for its URL paths. */
export function routePattern(fullPath: string): string {
  const segments = fullPath.split('/').slice(1);
  let source = '';
  for (const [index, segment] of segments.entries()) {
    const last = index === segments.length - 1;
    if (segment === '{-$lang}') source += `/(?:${LANGUAGES.join('|')})`;
    else if (segment === '' && last) source += '';
    else if (segment === '$' && last) source += '(?:/.*)?';
    else if (/^\{-\$\w+\}$/.test(segment)) source += '(?:/[^/]+)?';
    else if (segment.startsWith('$')) source += '/[^/]+';
    else source += `/${escapeRegExp(segment)}`;
  }
  return `^${source}/?$`;
}

/** Static routes before dynamic ones, splats last: the first match is the one the router picks. */
export function routeRank(fullPath: string): number {
  const segments = fullPath.split('/').slice(1);
  if (segments.at(-1) === '$') return 1000 - segments.length;
  return segments.filter((segment) => segment.includes('$')).length * 10 - segments.length;
}

export function routeHints(manifest: Manifest, pages: PageChain[], groups: MessageGroupsConfig): RouteHints[] {
  const entry = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
  if (!entry) throw new Error('the manifest has no entry chunk');
  // index.html already links the entry, its imports and its CSS.
  const inIndex = filesOf(manifest, closure(manifest, [entry]));
  const boot = manifest[entry]?.dynamicImports ?? [];
  return [...pages]
    .sort((a, b) => routeRank(a.fullPath) - routeRank(b.fullPath))
    .map((page) => {
      const keys = closure(manifest, [...boot, ...page.files.flatMap((file) => routeChunkKeys(manifest, file))]);
      const { js, css } = filesOf(manifest, keys);
      const js_ = {} as Record<Language, string[]>;
      for (const lang of LANGUAGES) {
        const messages = filesOf(manifest, closure(manifest, messageKeys(groups, page.routeIds, lang))).js;
        js_[lang] = [...js, ...messages].filter((file) => !inIndex.js.has(file));
      }
      return { route: page.fullPath, pattern: routePattern(page.fullPath), css: [...css].filter((file) => !inIndex.css.has(file)), js: js_ };
    });
}

interface RenderedPage extends PrerenderedHtml {
  path: string;
  routeId: string;
}

/**
 * Builds scripts/prerender-entry.ts for Node with the app's own Vite config, renders the pages in
 * a child process (production React; none of the render's globals leak into the build), and
 * writes the pages file into the browser build's `outDir`.
 */
export async function writePagesFile(root: string, outDir: string, mode: string): Promise<PagesFile> {
  // A directory of its own: two builds at once (parallel test runs) must not share it.
  const cache = join(root, 'node_modules/.cache');
  mkdirSync(cache, { recursive: true });
  const ssrDir = mkdtempSync(join(cache, 'portal-prerender-'));
  try {
    return await renderAndWrite(root, outDir, mode, ssrDir);
  } finally {
    rmSync(ssrDir, { recursive: true, force: true });
  }
}

async function renderAndWrite(root: string, outDir: string, mode: string, ssrDir: string): Promise<PagesFile> {
  await build({
    root,
    mode,
    configFile: join(root, 'vite.config.ts'),
    logLevel: 'warn',
    build: { ssr: join(root, 'scripts/prerender-entry.ts'), outDir: ssrDir, emptyOutDir: true, sourcemap: false, manifest: false, copyPublicDir: false },
  });
  const paths = PRERENDERED_ROUTES.flatMap((route) => LANGUAGES.map((lang) => route.replace('{-$lang}', lang)));
  const run = spawnSync(process.execPath, [join(root, 'scripts/prerender-run.mjs'), join(ssrDir, 'prerender-entry.js'), ...paths], {
    cwd: root,
    env: { ...process.env, NODE_ENV: 'production' },
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  if (run.status !== 0) throw new Error(`pre-rendering failed:\n${run.stderr}`);
  const rendered = JSON.parse(run.stdout) as { pages: RenderedPage[]; appName: Record<Language, string> };

  const manifest = JSON.parse(readFileSync(join(outDir, '.vite/manifest.json'), 'utf8')) as Manifest;
  const groups = JSON.parse(readFileSync(join(root, 'src/i18n/message-groups.json'), 'utf8')) as MessageGroupsConfig;
  const chains = routeChains(readFileSync(join(root, 'src/routeTree.gen.ts'), 'utf8'));
  const prerendered: Record<string, PrerenderedHtml> = {};
  for (const page of rendered.pages) {
    const expected = PRERENDERED_ROUTES.find((route) => new RegExp(routePattern(route)).test(page.path));
    if (page.routeId !== expected) throw new Error(`${page.path} rendered route ${page.routeId}, not ${expected}`);
    prerendered[page.path] = { title: page.title, html: page.html };
  }
  const file: PagesFile = { appName: rendered.appName, routes: routeHints(manifest, chains, groups), prerendered };
  mkdirSync(join(outDir, '.portal'), { recursive: true });
  writeFileSync(join(outDir, PAGES_FILE), `${JSON.stringify(file)}\n`);
  return file;
}
