import { describe, expect, it } from 'vitest';
import { accountFor, BUDGET_BYTES, combine, countsAgainstBudget, displayPath, INITIAL_BUDGET_BYTES, measure, messageGroupsOf, messageKeys, pageUrl, routeChains, routePages, type Manifest } from '../../scripts/size.mjs';

const routeTree = `
import { Route as rootRouteImport } from './routes/__root';
import { Route as LangRouteImport } from './routes/{-$lang}/route';
import { Route as LangLoginRouteImport } from './routes/{-$lang}/login';
import { Route as LangProfileRouteRouteImport } from './routes/{-$lang}/profile/route';
import { Route as LangProfileIndexRouteImport } from './routes/{-$lang}/profile/index';
import { Route as LangSplatRouteImport } from './routes/{-$lang}/$';

const LangRoute = LangRouteImport.update({ id: '/{-$lang}', path: '/{-$lang}', getParentRoute: () => rootRouteImport } as any);
const LangLoginRoute = LangLoginRouteImport.update({ id: '/login', path: '/login', getParentRoute: () => LangRoute } as any);
const LangProfileRouteRoute = LangProfileRouteRouteImport.update({ id: '/profile', path: '/profile', getParentRoute: () => LangRoute } as any);
const LangProfileIndexRoute = LangProfileIndexRouteImport.update({ id: '/', path: '/', getParentRoute: () => LangProfileRouteRoute } as any);
const LangSplatRoute = LangSplatRouteImport.update({ id: '/$', path: '/$', getParentRoute: () => LangRoute } as any);

export interface FileRoutesByFullPath {
  '/{-$lang}': typeof LangRouteWithChildren;
  '/{-$lang}/login': typeof LangLoginRoute;
  '/{-$lang}/profile': typeof LangProfileRouteRouteWithChildren;
  '/{-$lang}/profile/': typeof LangProfileIndexRoute;
  '/{-$lang}/$': typeof LangSplatRoute;
}
`;

const manifest: Manifest = {
  'index.html': { file: 'assets/index.js', isEntry: true, imports: ['_vendor.js'], css: ['assets/index.css'], dynamicImports: ['locales/zh_hant.json'] },
  '_vendor.js': { file: 'assets/vendor.js' },
  '_form.js': { file: 'assets/form.js', css: ['assets/form.css'] },
  'src/routes/{-$lang}/login.tsx?tsr-split=component': { file: 'assets/login.js', isDynamicEntry: true, imports: ['_form.js', '_vendor.js'] },
  'src/routes/{-$lang}/login.tsx?tsr-split=errorComponent': { file: 'assets/login-error.js', isDynamicEntry: true },
  // The component split holds the pending component too (vite.config.ts codeSplittingOptions).
  'src/routes/{-$lang}/profile/route.tsx?tsr-split=component---pendingComponent': { file: 'assets/profile-layout.js', isDynamicEntry: true },
  'src/routes/{-$lang}/profile/index.tsx?tsr-split=component': { file: 'assets/profile.js', isDynamicEntry: true, imports: ['_form.js'] },
  'src/routes/{-$lang}/$.tsx?tsr-split=component': { file: 'assets/not-found.js', isDynamicEntry: true },
  'locales/zh_hant.json': { file: 'assets/zh_hant.js', isDynamicEntry: true },
  'locales/en.json': { file: 'assets/en.js', isDynamicEntry: true },
  'node_modules/@zxcvbn-ts/core/index.js': { file: 'assets/zxcvbn.js', isDynamicEntry: true },
};

const sizes: Record<string, number> = {
  'assets/index.js': 1000,
  'assets/vendor.js': 50_000,
  'assets/index.css': 300,
  'assets/form.js': 2000,
  'assets/form.css': 100,
  'assets/login.js': 700,
  'assets/login-error.js': 99_999,
  'assets/profile-layout.js': 400,
  'assets/profile.js': 800,
  'assets/not-found.js': 200,
  'assets/zh_hant.js': 5000,
  'assets/en.js': 4000,
  'assets/zxcvbn.js': 230_000,
};
const gzipSize = (file: string) => sizes[file] ?? 0;

describe('npm run size', () => {
  it('finds the pages of the route tree, each with the route files from the root down', () => {
    expect(routePages(routeTree)).toEqual([
      { fullPath: '/{-$lang}/login', files: ['src/routes/__root', 'src/routes/{-$lang}/route', 'src/routes/{-$lang}/login'] },
      { fullPath: '/{-$lang}/profile/', files: ['src/routes/__root', 'src/routes/{-$lang}/route', 'src/routes/{-$lang}/profile/route', 'src/routes/{-$lang}/profile/index'] },
      { fullPath: '/{-$lang}/$', files: ['src/routes/__root', 'src/routes/{-$lang}/route', 'src/routes/{-$lang}/$'] },
    ]);
  });

  it('shows each page in the default language', () => {
    expect(displayPath('/{-$lang}/users/register')).toBe('/zh_hant/users/register');
    expect(displayPath('/{-$lang}/profile/')).toBe('/zh_hant/profile');
    expect(displayPath('/{-$lang}/$')).toBe('/zh_hant/*');
    expect(displayPath('/{-$lang}/reset-password-invalid/{-$type}')).toBe('/zh_hant/reset-password-invalid/[type]');
  });

  it('counts the entry, its imports, the route chunks on the way with their CSS, and the default messages', () => {
    const { rows } = measure(manifest, routePages(routeTree), gzipSize, 'locales/zh_hant.json');
    const login = rows.find((row) => row.path === '/zh_hant/login');
    // entry 1000 + vendor 50000 + login 700 + form 2000 + messages 5000; css 300 + 100.
    expect(login).toMatchObject({ jsBytes: 58_700, cssBytes: 400, total: 59_100, over: false });
    const profile = rows.find((row) => row.path === '/zh_hant/profile');
    expect(profile?.jsBytes).toBe(1000 + 50_000 + 400 + 800 + 2000 + 5000);
  });

  it('leaves error components, other languages and libraries loaded on demand to the lazy list', () => {
    const { lazy } = measure(manifest, routePages(routeTree), gzipSize, 'locales/zh_hant.json');
    expect(lazy.map((chunk) => chunk.file)).toEqual(['assets/zxcvbn.js', 'assets/login-error.js', 'assets/en.js']);
  });

  it('flags a page over the budget', () => {
    const heavy: Record<string, number> = { ...sizes, 'assets/vendor.js': INITIAL_BUDGET_BYTES };
    const { rows } = measure(manifest, routePages(routeTree), (file) => heavy[file] ?? 0, 'locales/zh_hant.json');
    expect(rows.every((row) => row.over)).toBe(true);
  });

  it('knows the route ids on the way to each page', () => {
    expect(routeChains(routeTree).map((page) => page.routeIds)).toEqual([
      ['__root__', '/{-$lang}', '/{-$lang}/login'],
      ['__root__', '/{-$lang}', '/{-$lang}/profile', '/{-$lang}/profile/'],
      ['__root__', '/{-$lang}', '/{-$lang}/$'],
    ]);
  });

  it("counts core plus the message groups of the page's routes, and every group for a route not listed", () => {
    const config = {
      groups: { core: [], login: ['login.'], profile: ['profile.'], family: ['family.'] },
      routes: { __root__: [], '/{-$lang}': [], '/{-$lang}/login': ['login'], '/{-$lang}/profile': ['profile'] },
    };
    expect(messageGroupsOf(config, ['__root__', '/{-$lang}', '/{-$lang}/login'])).toEqual(['core', 'login']);
    expect(messageGroupsOf(config, ['__root__', '/{-$lang}', '/{-$lang}/profile', '/{-$lang}/profile/'])).toEqual(['core', 'login', 'profile', 'family']);
    expect(messageKeys(config, ['__root__', '/{-$lang}', '/{-$lang}/login'])).toEqual(['locales/zh_hant.json?group=core', 'locales/zh_hant.json?group=login']);

    const grouped: Manifest = {
      ...manifest,
      'locales/zh_hant.json?group=core': { file: 'assets/zh_hant-core.js', isDynamicEntry: true },
      'locales/zh_hant.json?group=login': { file: 'assets/zh_hant-login.js', isDynamicEntry: true },
    };
    const groupSizes: Record<string, number> = { ...sizes, 'assets/zh_hant-core.js': 2500, 'assets/zh_hant-login.js': 700 };
    const { rows, lazy } = measure(grouped, routeChains(routeTree), (file) => groupSizes[file] ?? 0, (page) => messageKeys(config, page.routeIds).filter((key) => !key.includes('profile') && !key.includes('family')));
    // entry 1000 + vendor 50000 + login 700 + form 2000 + core 2500 + login messages 700.
    expect(rows.find((row) => row.path === '/zh_hant/login')?.jsBytes).toBe(56_900);
    expect(lazy.map((chunk) => chunk.file)).not.toContain('assets/zh_hant-core.js');
  });

  it('refuses to measure a page whose message group was not built, rather than under-count it', () => {
    expect(() => measure(manifest, routeChains(routeTree), gzipSize, () => ['locales/zh_hant.json?group=login'])).toThrow(/group=login/);
  });

  it('counts the chunks the entry always imports at start', () => {
    const booted: Manifest = {
      ...manifest,
      'index.html': { ...manifest['index.html']!, dynamicImports: ['src/app.tsx'] },
      'src/app.tsx': { file: 'assets/app.js', isDynamicEntry: true, imports: ['_vendor.js'] },
    };
    const { rows } = measure(booted, routePages(routeTree), (file) => (file === 'assets/app.js' ? 3000 : gzipSize(file)), 'locales/zh_hant.json', ['src/app.tsx']);
    expect(rows.find((row) => row.path === '/zh_hant/login')?.jsBytes).toBe(58_700 + 3000);
  });

  it('opens each page at a URL of its own, signed in where the page needs a session', () => {
    expect(pageUrl('/zh_hant/login')).toBe('/zh_hant/login');
    expect(pageUrl('/zh_hant/*')).toBe('/zh_hant/no-such-page');
    expect(pageUrl('/zh_hant/profile/*')).toBe('/zh_hant/profile/no-such-page');
    expect(pageUrl('/zh_hant/reset-password-invalid/[type]')).toBe('/zh_hant/reset-password-invalid');
    expect(accountFor('/zh_hant/login')).toBeNull();
    expect(accountFor('/zh_hant/profile')).toBe('demo_public1');
    expect(accountFor('/zh_hant/profile/family')).toBe('demo_public1');
    expect(accountFor('/zh_hant/profile/teacher')).toBe('demo_teacher1');
    expect(accountFor('/zh_hant/school-staff-info')).toBe('demo_teacher1');
    expect(accountFor('/zh_hant/profile-like')).toBeNull();
    expect(accountFor('/zh_hant/profile/student-upgrade')).toBe('demo_student3');
    expect(accountFor('/zh_hant/profile/full-upgrade')).toBe('demo_public9');
    expect(accountFor('/zh_hant/org_account')).toBe('demo_schoolreader1');
    expect(accountFor('/zh_hant/org_account/sso-export')).toBe('demo_schoolreader1');
  });

  it('counts scripts and stylesheets, whatever fetched them, and nothing else', () => {
    expect(countsAgainstBudget('http://x/assets/app.js', 'script')).toBe(true);
    expect(countsAgainstBudget('http://x/assets/app.css', 'stylesheet')).toBe(true);
    expect(countsAgainstBudget('http://x/assets/zh_hant-core.js', 'other')).toBe(true);
    expect(countsAgainstBudget('http://x/api/session', 'fetch')).toBe(false);
    expect(countsAgainstBudget('http://x/zh_hant/login', 'document')).toBe(false);
    expect(countsAgainstBudget('http://x/assets/logo.svg', 'image')).toBe(false);
  });

  it('sets the wire figure beside the initial one, and holds only the wire figure to the 150 KiB budget', () => {
    expect(BUDGET_BYTES).toBe(150 * 1024);
    const initial = [
      { path: '/zh_hant/login', jsBytes: 0, cssBytes: 0, total: 140_000, over: false },
      { path: '/zh_hant/profile', jsBytes: 0, cssBytes: 0, total: 149_000, over: true },
      { path: '/zh_hant/403', jsBytes: 0, cssBytes: 0, total: 100, over: false },
    ];
    const wire = new Map([
      ['/zh_hant/login', { bytes: BUDGET_BYTES, files: 15 }],
      ['/zh_hant/profile', { bytes: BUDGET_BYTES + 1, files: 30 }],
    ]);
    expect(combine(initial, wire)).toEqual([
      { path: '/zh_hant/login', initial: 140_000, wire: BUDGET_BYTES, files: 15, over: false },
      { path: '/zh_hant/profile', initial: 149_000, wire: BUDGET_BYTES + 1, files: 30, over: true },
      { path: '/zh_hant/403', initial: 100, wire: null, files: 0, over: false },
    ]);
  });
});
