import { readFile, stat } from 'node:fs/promises';
import { join, resolve, sep } from 'node:path';
import { Hono, type Context } from 'hono';
import { getMimeType } from 'hono/utils/mime';
import { DEFAULT_LANGUAGE, HTML_LANG, isLanguage, type Language } from '../contract/index.ts';

/** The language a page path names in its first segment (`/en/login` → en), else the default. */
export function languageOfPath(path: string): Language {
  const first = path.split('/')[1] ?? '';
  return isLanguage(first) ? first : DEFAULT_LANGUAGE;
}

export interface IndexHtmlContext {
  lang: Language;
  /** The requested path, for per-route additions. */
  path: string;
}

/** The one place index.html is adapted per request: `<html lang>` now, preload hints later. */
export function renderIndexHtml(html: string, { lang }: IndexHtmlContext): string {
  const tag = HTML_LANG[lang];
  return html.replace(/<html\b([^>]*)>/i, (_match, attributes: string) => {
    const rest = attributes.replace(/\s+lang\s*=\s*("[^"]*"|'[^']*'|[^\s>]+)/i, '');
    return `<html lang="${tag}"${rest}>`;
  });
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
  let cached: { mtimeMs: number; html: string } | null = null;

  async function indexHtml(): Promise<{ html: string; mtimeMs: number } | null> {
    try {
      const info = await stat(indexPath);
      if (!cached || cached.mtimeMs !== info.mtimeMs) cached = { mtimeMs: info.mtimeMs, html: await readFile(indexPath, 'utf8') };
      return cached;
    } catch {
      return null;
    }
  }

  async function serveIndex(c: Context): Promise<Response> {
    const index = await indexHtml();
    c.header('Cache-Control', REVALIDATE);
    if (index === null) return c.text('The web app is not built yet: run `npm run build` (npm start does it for you).', 503);
    const lang = languageOfPath(c.req.path);
    const etag = `W/"${Math.trunc(index.mtimeMs).toString(36)}-${lang}"`;
    c.header('ETag', etag);
    if (c.req.header('if-none-match') === etag) return c.body(null, 304);
    return c.html(renderIndexHtml(index.html, { lang, path: c.req.path }));
  }

  /** A file from the build, or null when there is none. */
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
    const etag = `W/"${info.size.toString(36)}-${Math.trunc(info.mtimeMs).toString(36)}"`;
    c.header('Cache-Control', cacheControl);
    c.header('ETag', etag);
    c.header('Content-Type', getMimeType(path) ?? 'application/octet-stream');
    if (c.req.header('if-none-match') === etag) return c.body(null, 304);
    return c.body(await readFile(path));
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
