import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { storybookTest } from '@storybook/addon-vitest/vitest-plugin';
import { playwright } from '@vitest/browser-playwright';
import { parseSync, Visitor } from 'oxc-parser';
import { defineConfig } from 'vitest/config';
import { chromiumLaunchOptions, settledContextOptions } from './test/support/e2e-chromium.ts';

installNode20Polyfills();

const root = fileURLToPath(new URL('.', import.meta.url));

/**
 * Browser projects render the app's own components, so they take the app's Vite config
 * (React, message-id injection, aliases). Until it exists, React alone is enough.
 */
const appConfig = existsSync(`${root}vite.config.ts`) ? './vite.config.ts' : undefined;

/**
 * Every package the browser code imports, so Vite optimises them all before the first test. A
 * package found later (a view's lazy import, a story's new dependency) makes Vite re-optimise and
 * reload mid-run: on a fresh clone that shows up as duplicate-React hook errors and iframes that
 * never become ready.
 */
function browserDependencies(): string[] {
  const found = new Set(['react', 'react-dom', 'react-dom/client', 'react/jsx-runtime', 'react/jsx-dev-runtime']);
  const skip = /^(?:node:|virtual:|vitest|@vitest\/|storybook|@storybook\/|\.|\/)|\.css$|\?/;
  const add = (specifier: unknown) => {
    if (typeof specifier === 'string' && !skip.test(specifier)) found.add(specifier);
  };
  const visit = (path: string) => {
    if (!existsSync(path)) return;
    if (statSync(path).isDirectory()) {
      for (const name of readdirSync(path)) if (name !== 'node_modules') visit(join(path, name));
      return;
    }
    if (!/\.(?:tsx?|mts)$/.test(path) || path.endsWith('.d.ts')) return;
    const { program } = parseSync(path, readFileSync(path, 'utf8'), { sourceType: 'module' });
    new Visitor({
      ImportDeclaration: (node) => {
        if (node.importKind !== 'type') add(node.source.value);
      },
      ImportExpression: (node) => {
        if (node.source.type === 'Literal') add(node.source.value);
      },
    }).visit(program);
  };
  // What the browser projects load: the app, the stories and their harness, the machines, and
  // the emails' composition the email stories render (react-email, @formatjs/intl; not the rest
  // of server/mail, which delivers with Node's modules).
  const emails = ['email-document.tsx', 'render.ts', 'intl.ts', 'messages.ts', 'templates.ts', 'security-templates.ts'].map((file) => `server/mail/${file}`);
  for (const path of ['src', 'stories', 'machines', 'contract', 'test/component', 'test/view', 'test/support/graph.ts', '.storybook/preview.tsx', ...emails]) {
    visit(join(root, path));
  }
  return [...found].sort();
}

const optimizeDeps = { include: browserDependencies() };

// A fresh object per project: Vitest writes the expanded instances back into it.
const browser = () => ({
  enabled: true,
  headless: true,
  provider: playwright({ launchOptions: chromiumLaunchOptions, contextOptions: settledContextOptions }),
  instances: [{ browser: 'chromium' as const }],
  screenshotFailures: false,
});

export default defineConfig({
  test: {
    // Two cores are shared with other work: one browser page and one node worker at a time is
    // as fast as more here, and far steadier.
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          environment: 'node',
          // A guard against a hang, not a speed check: walking the largest machines' graphs takes
          // 2–4 s alone and over 7 s on two cores shared with the browser projects (a CI run).
          testTimeout: 30_000,
          include: ['test/unit/**/*.test.ts', 'contract/**/*.test.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'model',
          environment: 'node',
          // A guard against a hang, not a speed check: walking the largest machines' graphs takes
          // 2–4 s alone and over 7 s on two cores shared with the browser projects (a CI run).
          testTimeout: 30_000,
          include: ['test/model/**/*.test.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'server',
          environment: 'node',
          include: ['test/server/**/*.test.ts'],
          globalSetup: ['test/server/global-setup.ts'],
          // Each file boots its own database (PGlite, or a schema on PostgreSQL) and hashes
          // passwords: one file at a time keeps argon2 and PGlite from starving each other.
          fileParallelism: false,
          // The files share one worker's modules: isolated, each of the 56 files spent about 4 s
          // importing the server (Hono, Kysely, PGlite, ExcelJS, oidc-provider) before its first
          // test, 212 s of a CI run; shared, the whole project ran in 169 s on a quiet machine.
          // Every file makes its own servers and databases and restores its spies. One worker
          // without isolation is a pool of its own for Vitest: the project runs as a second group,
          // after the others, instead of beside them.
          isolate: false,
          sequence: { groupOrder: 1 },
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: appConfig ?? true,
        plugins: appConfig ? [] : [react()],
        optimizeDeps,
        // vite.config.ts pins the dev server's port; here several runs (and engineers) share the
        // machine, so a browser project takes the next free port instead of failing.
        server: { strictPort: false },
        test: {
          name: 'component',
          include: ['test/component/**/*.test.tsx'],
          browser: browser(),
        },
      },
      {
        extends: appConfig ?? true,
        plugins: appConfig ? [] : [react()],
        optimizeDeps,
        server: { strictPort: false },
        test: {
          name: 'view',
          include: ['test/view/**/*.test.tsx'],
          browser: browser(),
        },
      },
      {
        extends: appConfig ?? true,
        plugins: [storybookTest({ configDir: `${root}.storybook` })],
        optimizeDeps,
        server: { strictPort: false },
        test: {
          name: 'storybook',
          // A large flow's statechart story draws and axe-checks thousands of nodes: family-details'
          // took 19 s on a loaded machine, over the default 15 s.
          testTimeout: 45_000,
          browser: browser(),
        },
      },
    ],
  },
});

/**
 * Vitest 5 is written for Node 22 (its reporter calls Map.groupBy on every failure, its snapshot
 * writer Object.groupBy, its watcher Promise.withResolvers). This machine runs Node 20: without
 * these, a failing test crashes the reporter instead of being reported.
 */
function installNode20Polyfills() {
  const groupBy = <T, K>(items: Iterable<T>, key: (item: T, index: number) => K) => {
    const groups = new Map<K, T[]>();
    let index = 0;
    for (const item of items) {
      const k = key(item, index++);
      const group = groups.get(k);
      if (group) group.push(item);
      else groups.set(k, [item]);
    }
    return groups;
  };
  const map = Map as unknown as { groupBy?: typeof groupBy };
  map.groupBy ??= groupBy;
  const object = Object as unknown as { groupBy?: (items: Iterable<unknown>, key: (item: unknown, index: number) => PropertyKey) => object };
  object.groupBy ??= (items, key) => Object.assign(Object.create(null) as object, Object.fromEntries(groupBy(items, key)));
  const promise = Promise as unknown as { withResolvers?: () => object };
  promise.withResolvers ??= () => {
    let resolve: (value: unknown) => void = () => {};
    let reject: (reason?: unknown) => void = () => {};
    const p = new Promise((res, rej) => {
      resolve = res;
      reject = rej;
    });
    return { promise: p, resolve, reject };
  };
}
