import { createHash } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import { join, resolve, sep } from 'node:path';
import { gzipSync } from 'node:zlib';
import { Hono, type Context } from 'hono';
import { getMimeType } from 'hono/utils/mime';
import { DEFAULT_LANGUAGE, HTML_LANG, isLanguage, type Language } from '../contract/index.ts';

/** The language a page path names in its first segment (`/en/login` → en), else the default. */
export function languageOfPath(path: string): Language {
  const first = path.split('/')[1] ?? '';
  return isLanguage(first) ? first : DEFAULT_LANGUAGE;
}

/**
 * What the build knows about the pages (dist/.portal/pages.json, written by scripts/prerender.ts
 * after `vite build`): per route, the files its first render needs; per public page and
 * language, its pre-rendered markup and title.
 */
export const PAGES_FILE = '.portal/pages.json';

export interface RouteHints {
  /** The route's full path in the route tree, e.g. `/{-$lang}/login`. */
  route: string;
  /** Source of a RegExp matching the URL paths of the route in any of our languages. */
  pattern: string;
  /** Stylesheets the page needs at once, besides index.html's own (paths under the build). */
  css: string[];
  /** Scripts the page needs at once, besides index.html's own, per language (its messages differ). */
  js: Record<Language, string[]>;
}

export interface PrerenderedHtml {
  /** The page's document title, plain text. */
  title: string;
  /** The markup of `#root`. */
  html: string;
}

export interface PagesFile {
  /** The title of pages that are not pre-rendered (until they set their own), per language. */
  appName: Record<Language, string>;
  /** Most specific first: a path takes the first route whose pattern matches. */
  routes: RouteHints[];
  /** By URL path, e.g. `/en/login`. */
  prerendered: Record<string, PrerenderedHtml>;
}

/** The additions to index.html for one request. */
export interface PageHints {
  title: string;
  css: readonly string[];
  js: readonly string[];
  /** Markup for `#root`, when the build pre-rendered this URL. */
  prerendered?: string;
}

export interface IndexHtmlContext {
  lang: Language;
  /** The requested path, for per-route additions. */
  path: string;
  page?: PageHints;
}

const compiledPatterns = new WeakMap<RouteHints, RegExp>();

function patternOf(route: RouteHints): RegExp {
  let pattern = compiledPatterns.get(route);
  if (!pattern) {
    pattern = new RegExp(route.pattern);
    compiledPatterns.set(route, pattern);
  }
  return pattern;
}

/**
 * The hints for a request: the route's files in the path's language, and the pre-rendered page
 * when there is one for this path and the URL has no query (markup rendered without the query
 * could differ from what the app renders with it, e.g. links that keep it).
 */
export function pageHints(pages: PagesFile, path: string, lang: Language, hasQuery: boolean): PageHints {
  const route = pages.routes.find((candidate) => patternOf(candidate).test(path));
  const prerendered = hasQuery ? undefined : pages.prerendered[path];
  return {
    title: prerendered?.title ?? pages.appName[lang],
    css: route?.css ?? [],
    js: route?.js[lang] ?? [],
    ...(prerendered ? { prerendered: prerendered.html } : {}),
  };
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/**
 * The one place index.html is adapted per request: `<html lang>`; with the build's hints, the
 * page's title, its stylesheets and `modulepreload` links (so the route's chunks and messages
 * download with the entry, not after it), and the pre-rendered markup in `#root`. No inline
 * script: the CSP allows none. A pre-rendered root is `inert` until the app has hydrated it
 * (src/start-app.tsx), so nothing can be submitted before the app handles it.
 */
export function renderIndexHtml(html: string, { lang, path, page }: IndexHtmlContext): string {
  const tag = HTML_LANG[lang];
  let out = html.replace(/<html\b([^>]*)>/i, (_match, attributes: string) => {
    const rest = attributes.replace(/\s+lang\s*=\s*("[^"]*"|'[^']*'|[^\s>]+)/i, '');
    return `<html lang="${tag}"${rest}>`;
  });
  if (!page) return out;
  out = out.replace(/<title>[\s\S]*?<\/title>/i, () => `<title>${escapeHtml(page.title)}</title>`);
  const unlinked = (files: readonly string[]) => files.filter((file) => !out.includes(`"/${file}"`));
  const styles = unlinked(page.css).map((file) => `<link rel="stylesheet" crossorigin href="/${escapeHtml(file)}">`);
  const scripts = unlinked(page.js);
  const markup = page.prerendered;
  // A pre-rendered page shows with its HTML and CSS alone. Its scripts are not fetched before it
  // has painted (they would share the connection with the CSS it waits for): src/main.tsx
  // preloads the `data-modules` list right after the first paint, all at once.
  const preloads = markup === undefined ? scripts.map((file) => `<link rel="modulepreload" crossorigin href="/${escapeHtml(file)}">`) : [];
  const links = [...styles, ...preloads];
  if (links.length > 0) out = out.replace(/<\/head>/i, () => `  ${links.join('\n    ')}\n  </head>`);
  if (markup === undefined) return out;
  const modules = scripts.map((file) => `/${file}`).join(' ');
  return out.replace(
    /<div id="root"><\/div>/,
    () => `<div id="root" data-prerendered="${escapeHtml(path)}" data-modules="${escapeHtml(modules)}" inert>${markup}</div>`,
  );
}

/** The server's own 404 page (SPEC §2 /404.html), in the three languages at once, with a link home. */
export function notFoundPage(): string {
  return `<!doctype html>
<html lang="${HTML_LANG.zh_hant}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>找不到頁面 · Page not found · 找不到页面</title>
<style>
body { font-family: system-ui, "Noto Sans CJK TC", "Noto Sans CJK SC", sans-serif; margin: 0; padding: 3rem 1.5rem; color: #1a1a1a; background: #fff; line-height: 1.6; }
main { max-width: 36rem; margin: 0 auto; }
h1 { font-size: 1.5rem; margin: 0 0 .25rem; }
section { margin-bottom: 2rem; }
a { color: #1d4ed8; }
a:focus-visible { outline: 3px solid #fbbf24; outline-offset: 2px; }
</style>
</head>
<body>
<main>
<section lang="${HTML_LANG.zh_hant}">
<h1>找不到頁面</h1>
<p>你要找的頁面不存在或已被移除。</p>
<p><a href="/zh_hant/">返回主頁</a></p>
</section>
<section lang="${HTML_LANG.en}">
<h1>Page not found</h1>
<p>The page you are looking for does not exist or has been removed.</p>
<p><a href="/en/">Go to the home page</a></p>
</section>
<section lang="${HTML_LANG.zh_hans}">
<h1>找不到页面</h1>
<p>你要找的页面不存在或已被删除。</p>
<p><a href="/zh_hans/">返回主页</a></p>
</section>
</main>
</body>
</html>
`;
}

/** Paths the SPA fallback never answers: they belong to the API, auth and dev areas. */
export function isReservedPath(path: string): boolean {
  return /^\/(api|auth|dev)(\/|$)/.test(path);
}

type Encoding = 'br' | 'gzip';
const ENCODING_SUFFIX: Record<Encoding, string> = { br: '.br', gzip: '.gz' };
const COMPRESSIBLE_FILE = /\.(?:js|css|svg|json|wasm)$/;

/** The encodings of ours an `Accept-Encoding` header allows, best first (`q=0` refuses one). */
export function acceptedEncodings(header: string | undefined): Encoding[] {
  const allowed = new Set<string>();
  for (const part of (header ?? '').toLowerCase().split(',')) {
    const [name = '', ...params] = part.trim().split(';');
    const q = params.map((param) => /^\s*q=([\d.]+)\s*$/.exec(param)?.[1]).find((value) => value !== undefined);
    if (q === undefined || Number(q) > 0) allowed.add(name.trim());
  }
  return (['br', 'gzip'] as const).filter((encoding) => allowed.has(encoding));
}

async function isFile(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isFile();
  } catch {
    return false;
  }
}

const ASSET_CACHE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';

/** A file under `root` named by a URL path, or null for anything odd (dot segments, hidden files, backslashes, NUL). */
function filePath(root: string, urlPath: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return null;
  }
  if (/(^|\/)\.|\\|\0/.test(decoded)) return null;
  const full = resolve(root, `.${decoded}`);
  return full.startsWith(`${root}${sep}`) ? full : null;
}

/**
 * Serves the built app from `staticDir`: hashed files under /assets/ cached for a year, other
 * files and index.html revalidated every time; any other GET answers index.html so the client
 * router decides (a missing /assets/ file stays 404: a stale chunk must fail, not parse HTML).
 */
export function spaRoutes(staticDir: string): Hono {
  const root = resolve(staticDir);
  const indexPath = join(root, 'index.html');
  const pagesPath = join(root, PAGES_FILE);
  let cached: { mtimeMs: number; html: string } | null = null;
  let cachedPages: { mtimeMs: number; pages: PagesFile | null } | null = null;

  async function indexHtml(): Promise<{ html: string; mtimeMs: number } | null> {
    try {
      const info = await stat(indexPath);
      if (!cached || cached.mtimeMs !== info.mtimeMs) cached = { mtimeMs: info.mtimeMs, html: await readFile(indexPath, 'utf8') };
      return cached;
    } catch {
      return null;
    }
  }

  /** The build's pages file, or null without one (a build from before it existed, or a custom STATIC_DIR). */
  async function pagesFile(): Promise<PagesFile | null> {
    let mtimeMs: number;
    try {
      mtimeMs = (await stat(pagesPath)).mtimeMs;
    } catch {
      return null;
    }
    if (!cachedPages || cachedPages.mtimeMs !== mtimeMs) {
      let pages: PagesFile | null = null;
      try {
        pages = JSON.parse(await readFile(pagesPath, 'utf8')) as PagesFile;
      } catch {
        // Half-written or broken: serve plain index.html rather than fail the page.
      }
      cachedPages = { mtimeMs, pages };
    }
    return cachedPages.pages;
  }

  async function serveIndex(c: Context): Promise<Response> {
    const index = await indexHtml();
    c.header('Cache-Control', REVALIDATE);
    if (index === null) return c.text('The web app is not built yet: run `npm run build` (npm start does it for you).', 503);
    const lang = languageOfPath(c.req.path);
    const pages = await pagesFile();
    const hasQuery = new URL(c.req.url).search !== '';
    const page = pages ? pageHints(pages, c.req.path, lang, hasQuery) : undefined;
    const body = renderIndexHtml(index.html, { lang, path: c.req.path, ...(page ? { page } : {}) });
    const gzipped = acceptedEncodings(c.req.header('accept-encoding')).includes('gzip');
    const etag = `W/"${createHash('sha1').update(body).digest('base64url').slice(0, 20)}${gzipped ? '-gzip' : ''}"`;
    c.header('ETag', etag);
    c.header('Vary', 'Accept-Encoding');
    if (c.req.header('if-none-match') === etag) return c.body(null, 304);
    if (!gzipped) return c.html(body);
    c.header('Content-Type', 'text/html; charset=UTF-8');
    c.header('Content-Encoding', 'gzip');
    return c.body(gzipSync(body, { level: 6 }));
  }

  /**
   * A file from the build, or null when there is none. Sent as its precompressed `.br` or `.gz`
   * sibling (written by the build) when the browser accepts that encoding.
   */
  async function serveFile(c: Context, cacheControl: string): Promise<Response | null> {
    const path = filePath(root, c.req.path);
    if (path === null || path === indexPath) return null;
    let info;
    try {
      info = await stat(path);
    } catch {
      return null;
    }
    if (!info.isFile()) return null;
    let sent = path;
    let encoding: Encoding | null = null;
    for (const candidate of acceptedEncodings(c.req.header('accept-encoding'))) {
      const sibling = `${path}${ENCODING_SUFFIX[candidate]}`;
      if (await isFile(sibling)) {
        sent = sibling;
        encoding = candidate;
        break;
      }
    }
    const etag = `W/"${info.size.toString(36)}-${Math.trunc(info.mtimeMs).toString(36)}${encoding ? `-${encoding}` : ''}"`;
    c.header('Cache-Control', cacheControl);
    c.header('ETag', etag);
    c.header('Content-Type', getMimeType(path) ?? 'application/octet-stream');
    if (COMPRESSIBLE_FILE.test(path)) c.header('Vary', 'Accept-Encoding');
    if (encoding) c.header('Content-Encoding', encoding);
    if (c.req.header('if-none-match') === etag) return c.body(null, 304);
    return c.body(await readFile(sent));
  }

  const app = new Hono();
  app.get('/404.html', (c) => {
    c.header('Cache-Control', REVALIDATE);
    return c.html(notFoundPage(), 404);
  });
  app.get('/', serveIndex);
  app.get('/index.html', serveIndex);
  app.get('/assets/*', async (c) => (await serveFile(c, ASSET_CACHE)) ?? c.text('Not found', 404));
  app.get('*', async (c, next) => {
    if (isReservedPath(c.req.path)) return next();
    return (await serveFile(c, REVALIDATE)) ?? serveIndex(c);
  });
  return app;
}
