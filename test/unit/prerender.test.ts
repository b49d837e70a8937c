import { describe, expect, it } from 'vitest';
import { PRERENDERED_ROUTES, routeHints, routePattern, routeRank } from '../../scripts/prerender.ts';
import type { Manifest, PageChain } from '../../scripts/size.mjs';

const matches = (fullPath: string, path: string) => new RegExp(routePattern(fullPath)).test(path);

describe('route patterns for the server', () => {
  it('matches a page in each of our languages only', () => {
    expect(matches('/{-$lang}/users/register', '/en/users/register')).toBe(true);
    expect(matches('/{-$lang}/users/register', '/zh_hans/users/register/')).toBe(true);
    expect(matches('/{-$lang}/users/register', '/fr/users/register')).toBe(false);
    expect(matches('/{-$lang}/users/register', '/users/register')).toBe(false);
    expect(matches('/{-$lang}/users/register', '/en/users/register/more')).toBe(false);
  });

  it('reads optional params, splats, index routes and dots literally', () => {
    expect(matches('/{-$lang}/reset-password-invalid/{-$type}', '/en/reset-password-invalid')).toBe(true);
    expect(matches('/{-$lang}/reset-password-invalid/{-$type}', '/en/reset-password-invalid/used')).toBe(true);
    expect(matches('/{-$lang}/profile/$', '/en/profile/a/b')).toBe(true);
    expect(matches('/{-$lang}/', '/zh_hant')).toBe(true);
    expect(matches('/{-$lang}/', '/zh_hant/')).toBe(true);
    expect(matches('/{-$lang}/404.html', '/en/404xhtml')).toBe(false);
  });

  it('ranks static routes before dynamic ones and splats last, deeper splats first', () => {
    const ranked = ['/{-$lang}/$', '/{-$lang}/profile/$', '/{-$lang}/reset-password-invalid/{-$type}', '/{-$lang}/profile/password', '/{-$lang}/login'].sort(
      (a, b) => routeRank(a) - routeRank(b),
    );
    expect(ranked.indexOf('/{-$lang}/profile/password')).toBeLessThan(ranked.indexOf('/{-$lang}/profile/$'));
    expect(ranked.indexOf('/{-$lang}/profile/$')).toBeLessThan(ranked.indexOf('/{-$lang}/$'));
    expect(ranked.at(-1)).toBe('/{-$lang}/$');
  });

  it('pre-renders only public pages', () => {
    for (const route of PRERENDERED_ROUTES) expect(route).not.toMatch(/profile|\$(?!lang)/);
  });
});

describe('route hints', () => {
  const manifest: Manifest = {
    'index.html': { file: 'assets/index.js', isEntry: true, imports: ['_preload.js'], dynamicImports: ['src/start-app.tsx'], css: ['assets/index.css'] },
    '_preload.js': { file: 'assets/preload.js' },
    'src/start-app.tsx': { file: 'assets/start-app.js', isDynamicEntry: true, imports: ['_vendor.js', '_shared.js'], dynamicImports: ['src/routes/{-$lang}/login.tsx?tsr-split=component'] },
    '_vendor.js': { file: 'assets/vendor.js' },
    '_shared.js': { file: 'assets/shared.js', imports: ['_preload.js'], css: ['assets/shared.css'] },
    'src/routes/{-$lang}/login.tsx?tsr-split=component': { file: 'assets/login.js', isDynamicEntry: true, imports: ['_shared.js'], css: ['assets/login.css'] },
    'src/routes/{-$lang}/login.tsx?tsr-split=errorComponent': { file: 'assets/login-error.js', isDynamicEntry: true },
    'locales/zh_hant.json?group=core': { file: 'assets/zh_hant-core.js', isDynamicEntry: true },
    'locales/zh_hant.json?group=login': { file: 'assets/zh_hant-login.js', isDynamicEntry: true },
    'locales/en.json?group=core': { file: 'assets/en-core.js', isDynamicEntry: true },
    'locales/en.json?group=login': { file: 'assets/en-login.js', isDynamicEntry: true },
    'locales/zh_hans.json?group=core': { file: 'assets/zh_hans-core.js', isDynamicEntry: true },
    'locales/zh_hans.json?group=login': { file: 'assets/zh_hans-login.js', isDynamicEntry: true },
  };
  const pages: PageChain[] = [
    { fullPath: '/{-$lang}/login', files: ['src/routes/__root', 'src/routes/{-$lang}/route', 'src/routes/{-$lang}/login'], routeIds: ['__root__', '/{-$lang}', '/{-$lang}/login'] },
  ];
  const groups = { groups: { core: [], login: ['login.'] }, routes: { __root__: [], '/{-$lang}': [], '/{-$lang}/login': ['login'] } };

  it('lists the app, the route chunks and the messages of each language, without what index.html has', () => {
    const [login] = routeHints(manifest, pages, groups);
    expect(login?.route).toBe('/{-$lang}/login');
    expect(login?.js.en).toEqual(['assets/start-app.js', 'assets/vendor.js', 'assets/shared.js', 'assets/login.js', 'assets/en-core.js', 'assets/en-login.js']);
    expect(login?.js.zh_hant).toContain('assets/zh_hant-login.js');
    expect(login?.js.zh_hant).not.toContain('assets/en-login.js');
    expect(login?.css).toEqual(['assets/shared.css', 'assets/login.css']);
    expect(login?.js.en).not.toContain('assets/login-error.js');
    expect(login?.js.en).not.toContain('assets/preload.js');
  });
});
