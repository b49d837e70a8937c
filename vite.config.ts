import formatjs from '@formatjs/vite-plugin';
import { parse } from '@formatjs/icu-messageformat-parser';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { groupOfMessage, isMessageGroup } from './src/i18n/message-groups.ts';

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
      const cut = Object.entries(messages).filter(([key]) => groupOfMessage(key) === group);
      const out = Object.fromEntries(command === 'build' ? cut.map(([key, text]) => [key, parse(text)]) : cut);
      // A JS module: with the query the file is no longer treated as JSON. JSON.parse of a
      // string literal is also the fastest way to ship a large object literal.
      return { code: `export default JSON.parse(${JSON.stringify(JSON.stringify(out))});`, map: null, moduleType: 'js' };
    },
  };
}

export default defineConfig(({ command }) => ({
  plugins: [
    // Must run before the React plugin: it generates src/routeTree.gen.ts and splits each
    // route's components into their own chunk.
    tanstackRouter({
      target: 'react',
      routesDirectory: './src/routes',
      generatedRouteTree: './src/routeTree.gen.ts',
      autoCodeSplitting: true,
      quoteStyle: 'single',
      semicolons: true,
    }),
    // Ids are explicit; in builds the English defaults and translator notes are dropped.
    messageGroups(command),
    ...(command === 'build' ? [formatjs({ removeDefaultMessage: true })] : []),
    react(),
  ],
  resolve: {
    alias:
      command === 'build' ? [{ find: /^@formatjs\/icu-messageformat-parser$/, replacement: '@formatjs/icu-messageformat-parser/no-parser.js' }] : [],
  },
  build: {
    // The server reads dist/.vite/manifest.json to add preload hints per route.
    manifest: true,
    target: 'es2022',
    sourcemap: true,
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
