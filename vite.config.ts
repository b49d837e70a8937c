import formatjs from '@formatjs/vite-plugin';
import { parse } from '@formatjs/icu-messageformat-parser';
import { gzipAsync as zopfliGzip } from '@gfx/zopfli';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import { parseSync, Visitor } from 'oxc-parser';
import { defineConfig, type Plugin, type ResolvedConfig } from 'vite';
import { groupOfMessage, isMessageGroup, isServerOnlyMessage } from './src/i18n/message-groups.ts';

/** The API server of `npm run dev` (scripts/dev.mjs starts it on this port). */
const API_ORIGIN = process.env.API_ORIGIN ?? 'http://localhost:3000';
const proxied = { target: API_ORIGIN, changeOrigin: false };

const LOCALE_FILE = /\/locales\/[a-z_]+\.json\?(?:.*&)?group=([A-Za-z]+)/;

/**
 * `locales/<lang>.json?group=<group>` is cut to the ids of that message group (see
 * src/i18n/message-groups.ts), so each page downloads only the messages it shows.
 * Builds also ship them pre-parsed (ICU → AST), so the browser needs no ICU parser: the parser
 * is swapped for formatjs' no-parser build below. `npm run check:messages` keeps every locale
 * complete, so no English fallback has to be parsed at run time either.
 */
function messageGroups(command: 'build' | 'serve'): Plugin {
  return {
    name: 'portal:messages',
    enforce: 'pre',
    transform(source, id) {
      const match = LOCALE_FILE.exec(id);
      if (!match) return null;
      const group = match[1] ?? '';
      if (!isMessageGroup(group)) this.error(`Unknown message group "${group}" in ${id}`);
      const messages = JSON.parse(source) as Record<string, string>;
      const cut = Object.entries(messages).filter(([key]) => !isServerOnlyMessage(key) && groupOfMessage(key) === group);
      const out = Object.fromEntries(command === 'build' ? cut.map(([key, text]) => [key, parse(text)]) : cut);
      // A JS module: with the query the file is no longer treated as JSON. JSON.parse of a
      // string literal is also the fastest way to ship a large object literal.
      return { code: `export default JSON.parse(${JSON.stringify(JSON.stringify(out))});`, map: null, moduleType: 'js' };
    },
  };
}

/**
 * After the browser build of the app (not Storybook's, not the server-side build it starts
 * itself), writes dist/.portal/pages.json: per-route preload hints and the pre-rendered public
 * pages that server/spa.ts puts into index.html (scripts/prerender.ts).
 */
function prerender(): Plugin {
  let resolved: ResolvedConfig | undefined;
  return {
    name: 'portal:prerender',
    apply: (config, { command }) => command === 'build' && !config.build?.ssr,
    configResolved(config) {
      resolved = config;
    },
    async writeBundle() {
      if (!resolved || !APP_OUT_DIRS.some((dir) => resolve(resolved!.root, resolved!.build.outDir) === resolve(resolved!.root, dir))) return;
      const started = Date.now();
      const { writePagesFile } = await import('./scripts/prerender.ts');
      const pages = await writePagesFile(resolved.root, resolved.build.outDir, resolved.mode);
      resolved.logger.info(`pre-rendered ${Object.keys(pages.prerendered).length} pages, hints for ${pages.routes.length} routes in ${Date.now() - started} ms`);
    },
  };
}

/** Libraries every page runs at start (the lazy ones, Radix and zxcvbn, stay in their own chunks). */
const START_VENDOR =
  /\/node_modules\/(?:react|react-dom|scheduler|use-sync-external-store|@tanstack\/[^/]+|xstate|@xstate\/react|react-intl|@formatjs\/[^/]+|intl-messageformat|valibot)\//;

/**
 * What every page runs: the shell (with the language layout route), i18n, the UI kit, the API
 * client with the account calls, the contract's core and account schemas, the session machines.
 * A feature's own files (its API calls, schemas, machines, views) stay in its route's chunks.
 */
const START_APP = new RegExp(
  [
    String.raw`/src/(?:shell|i18n|ui)/`,
    String.raw`/src/routes/\{-\$lang\}/route\.tsx`,
    // The router and the route tree (each route file's own part, not its split components): every
    // page runs them right after the shared code; one file compresses better than two (issue 26).
    String.raw`/src/(?:start-app|router|analytics)\.tsx?$`,
    String.raw`/src/routeTree\.gen\.ts$`,
    String.raw`/src/routes/.+\.tsx?$`,
    String.raw`/src/features/features\.module\.css$`,
    String.raw`/src/api/(?:client|calls|actors)\.ts`,
    String.raw`/contract/(?:[\w-]+|schemas/(?:account|common))\.ts`,
    String.raw`/machines/(?:form|shell/session\.machine|shell/fatal-error\.machine)\.ts`,
  ].join('|'),
);
/**
 * Not in the start group: the fatal-error dialog (Radix) and the password-strength estimator load on
 * demand; the reCAPTCHA widget, the password meter, radio and checkbox groups, the new-password fields,
 * the email-sent page, the sign-up parts (terms, robot check), the service checkboxes, the link-check
 * pages, the confirmation dialog, the code entry (with its field and countdown), the phone layout of
 * tables (stacked-table) and the dialogs' page lock (remove-scroll, which only Radix imports) go with
 * the pages that use them (measured: −1.4 KiB gzip on every page that has none of them; issue 26: see
 * docs/decisions/performance.md).
 */
const LAZY_APP =
  /\/src\/ui\/(?:fatal-error-dialog|dialog|lazy-dialog|confirm-dialog|password-strength|zxcvbn|recaptcha|password-meter|radio-group|checkbox-group|choice-fieldset|new-password|email-sent-page|sign-up-parts|terms-acceptance|service-checkboxes|link-check-pages|code-entry|code-field|use-countdown|stacked-table|remove-scroll)/;

/**
 * The profile's calls and schemas: out of `shared` since the browser's field messages take their
 * year ranges from contract/schemas/years.ts, one chunk for the pages that read a profile (the
 * profile pages, the upgrades, the verification links). Not the teacher and parent profiles'
 * (contract/calls|schemas/teacher-profile.ts, parent-profile.ts, with the teaching subjects): only
 * their own pages download them (issue 26, item 14).
 */
const PROFILE_CONTRACT = /\/contract\/(?:calls\/(?:profile|answers)|schemas\/profile)\.ts$/;

const CALL_FILE = /\/contract\/calls\/[\w-]+\.ts$/;

/**
 * A call's `summary` is for docs/api.md and the OpenAPI document, which the server and the scripts
 * read from source. The browser never shows it: builds cut the property out of each declaration
 * (measured: −0.6 KiB gzip on /profile, more on pages with many calls). Its `codes` and
 * `bodyLimit` are the server's and the docs' too (the browser shows whatever refusal comes, and
 * its statecharts name the codes they route on themselves), and its `response` schema is read
 * only where answers are checked (src/api/client.ts `CHECK_ANSWERS`: development and tests), so
 * builds cut them as well, and with them the answer schemas no other code uses (issue 26, item 14).
 */
const BUILD_ONLY_CALL_KEYS = new Set(['summary', 'codes', 'bodyLimit', 'response']);

function dropCallSummaries(): Plugin {
  return {
    name: 'portal:drop-call-summaries',
    apply: 'build',
    transform(code, id) {
      if (!CALL_FILE.test(id)) return null;
      const { program } = parseSync(id, code, { sourceType: 'module' });
      const cuts: [number, number][] = [];
      new Visitor({
        CallExpression: (node) => {
          const options = node.arguments[0];
          if (node.callee.type !== 'Identifier' || node.callee.name !== 'declareCall' || options?.type !== 'ObjectExpression') return;
          for (const property of options.properties) {
            if (property.type === 'Property' && property.key.type === 'Identifier' && !property.computed && BUILD_ONLY_CALL_KEYS.has(property.key.name)) {
              cuts.push([property.start, property.end]);
            }
          }
        },
      }).visit(program);
      if (cuts.length === 0) return null;
      let out = '';
      let at = 0;
      for (const [start, end] of cuts.sort((a, b) => a[0] - b[0])) {
        out += code.slice(at, start);
        // The comma after the property goes with it.
        at = code[end] === ',' ? end + 1 : end;
      }
      return { code: out + code.slice(at), map: null };
    },
  };
}

const COMPRESSIBLE = /\.(?:js|css|svg|json|wasm)$/;

/**
 * Writes `.br` (quality 11) and `.gz` beside every compressible file under dist/assets, which
 * server/spa.ts sends to browsers that accept them: hashed files never change, so they are
 * compressed once, as hard as possible, instead of on every request. The `.gz` files come from
 * Zopfli (a slower encoder of ordinary gzip streams): 3–4% smaller than zlib's level 9, which is
 * ~4.5 KiB off every page's start (docs/decisions/performance.md); files over ZOPFLI_MAX_BYTES
 * (the lazy password-strength dictionaries, the QR code reader's wasm) use level 9, where Zopfli would cost seconds;
 * the start chunk (`shared`, ≈450 KiB with the libraries) always gets Zopfli, as every page loads it.
 */
const ZOPFLI_MAX_BYTES = 400 * 1024;
const BROTLI_MAX_BYTES = 1024 * 1024;

function precompress(): Plugin {
  let resolved: ResolvedConfig | undefined;
  return {
    name: 'portal:precompress',
    apply: (config, { command }) => command === 'build' && !config.build?.ssr,
    configResolved(config) {
      resolved = config;
    },
    async writeBundle() {
      if (!resolved || !APP_OUT_DIRS.some((dir) => resolve(resolved!.root, resolved!.build.outDir) === resolve(resolved!.root, dir))) return;
      const assets = resolve(resolved.root, resolved.build.outDir, resolved.build.assetsDir);
      const files = (await readdir(assets)).filter((file) => COMPRESSIBLE.test(file));
      await Promise.all(
        files.map(async (file) => {
          const source = await readFile(join(assets, file));
          const [br, gz] = await Promise.all([
            // Quality 9 for the QR code reader's ~1 MiB wasm: 11 took most of a minute for ~3% less.
            promisify(brotliCompress)(source, { params: { [zlib.BROTLI_PARAM_QUALITY]: source.length > BROTLI_MAX_BYTES ? 9 : 11, [zlib.BROTLI_PARAM_SIZE_HINT]: source.length } }),
            source.length <= ZOPFLI_MAX_BYTES || file.startsWith('shared-') ? zopfliGzip(source, { numiterations: 5 }) : promisify(gzip)(source, { level: 9 }),
          ]);
          // Every size (issue 26): the small route splits and message groups a page loads by the
          // dozen were sent as they are below 1 KiB (≈2 KiB per /profile page); a sibling is
          // written only when it is smaller than the file.
          await Promise.all([
            br.length < source.length ? writeFile(join(assets, `${file}.br`), br) : undefined,
            gz.length < source.length ? writeFile(join(assets, `${file}.gz`), gz) : undefined,
          ]);
        }),
      );
    },
  };
}

/**
 * Radix's dialog locks the page behind it with react-remove-scroll (≈3.3 KiB br with its helpers,
 * on every page that opens a dialog at start); the root's `overflow: hidden` does the same in the
 * browsers the portal supports (issue 26; src/ui/remove-scroll.tsx). In every mode, so the tests
 * and stories run what ships.
 */
const REMOVE_SCROLL_ALIAS = { find: /^react-remove-scroll$/, replacement: resolve(import.meta.dirname, 'src/ui/remove-scroll.tsx') };

/** The app's own builds: the shipped one, and the journeys' (recording) one. */
const APP_OUT_DIRS = ['dist', 'dist-e2e'];

/**
 * The journeys' build (RECORD_STATES=1, scripts/start.mjs builds it into dist-e2e/): every
 * `@xstate/react` import of src/ gets src/shell/record-states.ts (and `xstate`,
 * record-states-xstate.ts, for the actors started with createActor), which records the states the
 * app's machines pass through for `npm run coverage:machines` (docs/testers.md). Not in the
 * shipped build.
 */
function recordStates(): Plugin {
  const recorders: Record<string, string> = {
    '@xstate/react': resolve(import.meta.dirname, 'src/shell/record-states.ts'),
    // The session and fatal error actors are started with createActor (src/shell/app-actors.ts).
    xstate: resolve(import.meta.dirname, 'src/shell/record-states-xstate.ts'),
  };
  const own = new Set(Object.values(recorders));
  const src = resolve(import.meta.dirname, 'src');
  return {
    name: 'portal-record-states',
    enforce: 'pre',
    resolveId(source, importer) {
      const recorder = recorders[source];
      if (!recorder || !importer || own.has(importer) || !importer.startsWith(src)) return null;
      return recorder;
    },
  };
}

export default defineConfig(({ command }) => ({
  plugins: [
    ...(process.env.RECORD_STATES === '1' ? [recordStates()] : []),
    // Must run before the React plugin: it generates src/routeTree.gen.ts and splits each
    // route's components into their own chunk.
    tanstackRouter({
      target: 'react',
      routesDirectory: './src/routes',
      generatedRouteTree: './src/routeTree.gen.ts',
      autoCodeSplitting: true,
      // A route's pending component (the profile frame and menu, a page outline) goes with its
      // component: otherwise it stays in the route tree, which every page runs at start, and
      // with it the profile layout, its loaders and messages (≈3.7 KiB on pages outside /profile).
      // The router loads a matched route's pending component before it offers the pending state.
      codeSplittingOptions: { defaultBehavior: [['component', 'pendingComponent'], ['errorComponent'], ['notFoundComponent']] },
      quoteStyle: 'single',
      semicolons: true,
    }),
    // Ids are explicit; in builds the English defaults and translator notes are dropped.
    messageGroups(command),
    dropCallSummaries(),
    ...(command === 'build' ? [formatjs({ removeDefaultMessage: true })] : []),
    react(),
    prerender(),
    precompress(),
  ],
  resolve: {
    alias:
      command === 'build'
        ? [
            { find: /^@formatjs\/icu-messageformat-parser$/, replacement: '@formatjs/icu-messageformat-parser/no-parser.js' },
            // React 19 has useSyncExternalStore: @xstate/react's shims for React 17 are dead weight on every page.
            { find: /^use-sync-external-store\/shim\/with-selector(?:\.js)?$/, replacement: 'use-sync-external-store/with-selector.js' },
            { find: /^use-sync-external-store\/shim(?:\/index\.js)?$/, replacement: resolve(import.meta.dirname, 'src/ui/use-sync-external-store.ts') },
            REMOVE_SCROLL_ALIAS,
          ]
        : [REMOVE_SCROLL_ALIAS],
  },
  build: {
    // The server reads dist/.vite/manifest.json to add preload hints per route.
    manifest: true,
    // Every browser of the es2022 target but Safari 16 knows `modulepreload`; without it a
    // preloaded chunk is fetched when imported, a little later (issue 26: −0.3 KiB on every page).
    modulePreload: {
      polyfill: false,
      // The route tree's lazy route chunks (in `shared`) are imported with no list of the chunks
      // they import in turn: the list named ~110 hashed files, 0.7 KiB br on every page (issue 26,
      // item 14). A page's own route chunks are in the server's preload hints (from the manifest);
      // on a later navigation the router loads the next route on intent (hover, touch), so its
      // imports follow one round trip after it. Lazy parts imported from feature chunks (a page's
      // form, dialogs, message groups) keep their lists.
      resolveDependencies: (_file, deps, { hostId }) => (/(?:^|\/)shared-[\w-]+\.js$/.test(hostId) ? [] : deps),
    },
    target: 'es2022',
    sourcemap: true,
    rolldownOptions: {
      output: {
        // Fewer, larger chunks for what every page runs at start: the automatic split cut it
        // into ~25 files (each a request, a link to add and a module to instantiate).
        codeSplitting: {
          groups: [
            // Vite's preload helper, which src/main.tsx uses: alone, so the entry imports nothing big.
            { name: 'preload-helper', test: /vite\/preload-helper/, priority: 30 },
            // The libraries and the app's start-up code every page runs, in one chunk (issue 26): as two
            // (`vendor`, `shared`) each was compressed alone and `shared` imported ~45 names from
            // `vendor`; one file is ≈2.5 KiB smaller on the wire, on every page.
            // Not global.css: src/main.tsx imports it, and would then import the whole group.
            {
              name: 'shared',
              test: (id: string) => START_VENDOR.test(id) || (START_APP.test(id) && !LAZY_APP.test(id) && !/\/src\/ui\/(?:global|tokens)\.css$/.test(id)),
              priority: 20,
            },
            // The profile calls and schemas: every page that reads a profile needs them all (two files otherwise).
            { name: 'profile-contract', test: PROFILE_CONTRACT, priority: 5 },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    strictPort: true,
    proxy: {
      '/api': proxied,
      '/auth': proxied,
      '/dev': proxied,
      // The server renders the 404 page; the SPA only sends the browser there.
      '^/404\\.html$': proxied,
    },
  },
  preview: { port: 4173 },
}));
