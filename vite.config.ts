import formatjs from '@formatjs/vite-plugin';
import { parse } from '@formatjs/icu-messageformat-parser';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

/** The API server of `npm run dev` (scripts/dev.mjs starts it on this port). */
const API_ORIGIN = process.env.API_ORIGIN ?? 'http://localhost:3000';
const proxied = { target: API_ORIGIN, changeOrigin: false };

const LOCALE_FILE = /\/locales\/[a-z_]+\.json$/;

/**
 * Production builds ship messages pre-parsed (ICU → AST), so the browser needs no ICU parser:
 * the parser is swapped for formatjs' no-parser build below. `npm run check:messages` keeps every
 * locale complete, so no English fallback has to be parsed at run time either.
 */
function precompiledMessages(): Plugin {
  return {
    name: 'portal:precompiled-messages',
    apply: 'build',
    enforce: 'pre',
    transform(source, id) {
      if (!LOCALE_FILE.test(id)) return null;
      const messages = JSON.parse(source) as Record<string, string>;
      const compiled = Object.fromEntries(Object.entries(messages).map(([key, text]) => [key, parse(text)]));
      return { code: JSON.stringify(compiled), map: null };
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
    ...(command === 'build' ? [formatjs({ removeDefaultMessage: true }), precompiledMessages()] : []),
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
