import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { acceptedEncodings, PAGES_FILE, pageHints, renderIndexHtml, spaRoutes, type PagesFile } from '../../server/spa.ts';

const INDEX = `<!doctype html>
<html lang="zh-Hant-HK">
  <head>
    <title>Account Portal</title>
    <script type="module" crossorigin src="/assets/index.js"></script>
    <link rel="stylesheet" crossorigin href="/assets/index.css">
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>
`;

function pagesFile(): PagesFile {
  const js = (lang: string) => ['assets/app.js', 'assets/vendor.js', `assets/${lang}-core.js`, `assets/${lang}-login.js`, 'assets/login.js'];
  return {
    appName: { zh_hant: '帳戶服務平台', en: 'Account Portal', zh_hans: '账户服务平台' },
    routes: [
      { route: '/{-$lang}/login', pattern: '^/(?:zh_hant|en|zh_hans)/login/?$', css: ['assets/app.css', 'assets/index.css'], js: { zh_hant: js('zh_hant'), en: js('en'), zh_hans: js('zh_hans') } },
      { route: '/{-$lang}/$', pattern: '^/(?:zh_hant|en|zh_hans)(?:/.*)?/?$', css: ['assets/app.css'], js: { zh_hant: ['assets/app.js'], en: ['assets/app.js'], zh_hans: ['assets/app.js'] } },
    ],
    prerendered: { '/en/login': { title: 'Log in – Account Portal & <friends>', html: '<main><h1>Log in</h1></main>' } },
  };
}

describe('the page hints', () => {
  it('gives a route its files in the language of the path, and the pre-rendered page with its title', () => {
    const hints = pageHints(pagesFile(), '/en/login', 'en', false);
    expect(hints.js).toEqual(['assets/app.js', 'assets/vendor.js', 'assets/en-core.js', 'assets/en-login.js', 'assets/login.js']);
    expect(hints.title).toBe('Log in – Account Portal & <friends>');
    expect(hints.prerendered).toBe('<main><h1>Log in</h1></main>');
  });

  it('does not use the pre-rendered page when the URL has a query, whose links it would not keep', () => {
    const hints = pageHints(pagesFile(), '/en/login', 'en', true);
    expect(hints.prerendered).toBeUndefined();
    expect(hints.title).toBe('Account Portal');
    expect(hints.js).toContain('assets/en-login.js');
  });

  it('takes the first route that matches, and only the app name as title for pages not pre-rendered', () => {
    const notPrerendered = pageHints(pagesFile(), '/zh_hant/login', 'zh_hant', false);
    expect(notPrerendered.title).toBe('帳戶服務平台');
    expect(notPrerendered).not.toHaveProperty('prerendered');
    expect(pageHints(pagesFile(), '/zh_hans/no/such/page', 'zh_hans', false)).toMatchObject({ title: '账户服务平台', js: ['assets/app.js'] });
    expect(pageHints(pagesFile(), '/login', 'zh_hant', false)).toMatchObject({ css: [], js: [] });
  });
});

describe('renderIndexHtml with hints', () => {
  it('sets the title (escaped), links stylesheets and preloads modules not in index.html yet', () => {
    const html = renderIndexHtml(INDEX, { lang: 'zh_hant', path: '/zh_hant/login', page: pageHints(pagesFile(), '/zh_hant/login', 'zh_hant', false) });
    expect(html).toContain('<html lang="zh-Hant-HK">');
    expect(html).toContain('<title>帳戶服務平台</title>');
    expect(html).toContain('<link rel="stylesheet" crossorigin href="/assets/app.css">');
    expect(html.match(/href="\/assets\/index\.css"/g)).toHaveLength(1);
    expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/zh_hant-login.js">');
    expect(html.indexOf('modulepreload')).toBeLessThan(html.indexOf('</head>'));
    expect(html).toContain('<div id="root"></div>');
  });

  it('puts pre-rendered markup in an inert root and leaves its scripts to after the first paint', () => {
    const html = renderIndexHtml(INDEX, { lang: 'en', path: '/en/login', page: pageHints(pagesFile(), '/en/login', 'en', false) });
    expect(html).toContain('<title>Log in – Account Portal &#38; &#60;friends&#62;</title>');
    expect(html).toContain(
      '<div id="root" data-prerendered="/en/login" data-modules="/assets/app.js /assets/vendor.js /assets/en-core.js /assets/en-login.js /assets/login.js" inert><main><h1>Log in</h1></main></div>',
    );
    expect(html).not.toContain('modulepreload');
    expect(html).toContain('<link rel="stylesheet" crossorigin href="/assets/app.css">');
    expect(html).not.toMatch(/<script(?![^>]*\bsrc=)/);
  });
});

describe('Accept-Encoding', () => {
  it('prefers brotli, then gzip, and honours q=0', () => {
    expect(acceptedEncodings('gzip, deflate, br, zstd')).toEqual(['br', 'gzip']);
    expect(acceptedEncodings('gzip;q=0.5, br;q=0')).toEqual(['gzip']);
    expect(acceptedEncodings('identity')).toEqual([]);
    expect(acceptedEncodings(undefined)).toEqual([]);
  });
});

describe('serving the build', () => {
  function build(): string {
    const dir = mkdtempSync(join(tmpdir(), 'portal-spa-'));
    mkdirSync(join(dir, 'assets'));
    mkdirSync(join(dir, '.portal'));
    writeFileSync(join(dir, 'index.html'), INDEX);
    writeFileSync(join(dir, PAGES_FILE), JSON.stringify(pagesFile()));
    const script = 'export const app = "portal";\n'.repeat(100);
    writeFileSync(join(dir, 'assets', 'app.js'), script);
    writeFileSync(join(dir, 'assets', 'app.js.gz'), gzipSync(script));
    writeFileSync(join(dir, 'assets', 'app.js.br'), 'brotli bytes');
    return dir;
  }

  it('answers a pre-rendered page with its markup, and the same path with a query without it', async () => {
    const app = spaRoutes(build());
    const page = await app.request('/en/login');
    expect(page.status).toBe(200);
    const text = await page.text();
    expect(text).toContain('<h1>Log in</h1>');
    expect(text).toContain('<html lang="en">');
    const withQuery = await (await app.request('/en/login?redirect=/en/profile')).text();
    expect(withQuery).toContain('<div id="root"></div>');
    expect(withQuery).toContain('modulepreload');
  });

  it('gzips the page for browsers that accept it, and revalidates it by content', async () => {
    const app = spaRoutes(build());
    const gzipped = await app.request('/en/login', { headers: { 'accept-encoding': 'gzip, br' } });
    expect(gzipped.headers.get('content-encoding')).toBe('gzip');
    expect(gzipped.headers.get('vary')).toBe('Accept-Encoding');
    expect(gunzipSync(Buffer.from(await gzipped.arrayBuffer())).toString('utf8')).toContain('<h1>Log in</h1>');
    const etag = gzipped.headers.get('etag') ?? '';
    const again = await app.request('/en/login', { headers: { 'accept-encoding': 'gzip, br', 'if-none-match': etag } });
    expect(again.status).toBe(304);
    const other = await app.request('/zh_hant/login', { headers: { 'accept-encoding': 'gzip, br' } });
    expect(other.headers.get('etag')).not.toBe(etag);
  });

  it('sends the precompressed file the browser accepts, else the file itself', async () => {
    const app = spaRoutes(build());
    const br = await app.request('/assets/app.js', { headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(br.headers.get('content-type')).toMatch(/javascript/);
    expect(br.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(await br.text()).toBe('brotli bytes');
    const gz = await app.request('/assets/app.js', { headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    expect(gunzipSync(Buffer.from(await gz.arrayBuffer())).toString('utf8')).toMatch(/^export const app/);
    expect(gz.headers.get('etag')).not.toBe(br.headers.get('etag'));
    const plain = await app.request('/assets/app.js');
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(await plain.text()).toMatch(/^export const app/);
  });

  it('keeps the build notes to itself', async () => {
    const app = spaRoutes(build());
    const response = await app.request(`/${PAGES_FILE}`);
    expect(await response.text()).not.toContain('"prerendered"');
  });

  it('serves plain index.html when the pages file is broken', async () => {
    const dir = build();
    writeFileSync(join(dir, PAGES_FILE), '{"appName":');
    const text = await (await spaRoutes(dir).request('/en/login')).text();
    expect(text).toContain('<div id="root"></div>');
    expect(text).toContain('<html lang="en">');
  });
});
