// The server-side build (vite.config.ts, `portal:prerender`) bundles this file to render the
// public pages to HTML with the app's own router and components, as the browser's first render
// will: signed out, no settings, the page's messages. Nothing here runs in the browser.
import { createMemoryHistory, RouterProvider } from '@tanstack/react-router';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { createIntl } from 'react-intl';
import { createActor, fromPromise } from 'xstate';
import { HTML_LANG, LANGUAGES, isLanguage, type Language } from '../contract/languages.ts';
import type { User } from '../contract/schemas/account.ts';
import { fatalErrorMachine } from '../machines/shell/fatal-error.machine.ts';
import { sessionMachine } from '../machines/shell/session.machine.ts';
import { appMessages } from '../src/i18n/app-messages.ts';
import { loadMessageGroups, loadedMessages } from '../src/i18n/messages.ts';
import { createAppRouter } from '../src/router.tsx';

export interface PrerenderedPage {
  /** The URL path rendered, e.g. `/zh_hant/login`. */
  path: string;
  lang: Language;
  /** The route id the path resolved to. */
  routeId: string;
  /** The markup of `#root`. */
  html: string;
  /** The document title the page sets once mounted (plain text). */
  title: string;
}

const ENTITIES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#x27;': "'", '&#39;': "'" };

function textOf(html: string): string {
  return html.replace(/<[^>]*>/g, '').replace(/&(?:amp|lt|gt|quot|#x27|#39);/g, (entity) => ENTITIES[entity] ?? entity);
}

/** Nothing may reach the network while rendering: what a page fetches belongs to the browser. */
function offline(): void {
  globalThis.fetch = () => Promise.reject(new TypeError('no network while pre-rendering'));
}

/**
 * Renders one page. Refuses (throws) when the path does not end on a page in its language: a
 * redirect, a not-found or an error would be pre-rendered as if it were the page.
 */
export async function prerenderPage(path: string): Promise<PrerenderedPage> {
  offline();
  const lang = path.split('/')[1];
  if (!isLanguage(lang)) throw new Error(`${path}: the first segment must be a language`);
  // Signed out as far as the first render knows: the session's question stays open.
  const session = createActor(
    sessionMachine.provide({
      actors: {
        fetchMe: fromPromise<User, void>(() => new Promise<User>(() => undefined)),
        logout: fromPromise<void, void>(async () => undefined),
      },
    }),
    { input: {} },
  );
  const fatalError = createActor(fatalErrorMachine, { input: {} });
  session.start();
  fatalError.start();

  const router = createAppRouter({ session, fatalError }, { history: createMemoryHistory({ initialEntries: [path] }) });
  await router.load();
  const state = router.state;
  const leaf = state.matches.at(-1);
  if (state.location.pathname !== path) throw new Error(`${path}: redirected to ${state.location.pathname}`);
  if (!leaf || leaf.routeId.endsWith('/$')) throw new Error(`${path}: no page matches`);
  for (const match of state.matches) {
    if (match.status !== 'success') throw new Error(`${path}: ${match.routeId} is ${match.status}${match.error ? `: ${String(match.error)}` : ''}`);
  }

  const html = renderToString(createElement(RouterProvider, { router }));
  session.stop();
  fatalError.stop();

  const heading = /<h1\b[^>]*>([\s\S]*?)<\/h1>/.exec(html)?.[1];
  if (heading === undefined) throw new Error(`${path}: the page has no h1`);
  const intl = createIntl({ locale: HTML_LANG[lang], defaultLocale: 'en', messages: loadedMessages(lang) ?? {} });
  const title = intl.formatMessage(appMessages.titleTemplate, { page: textOf(heading), app: intl.formatMessage(appMessages.name) });
  return { path, lang, routeId: leaf.routeId, html, title };
}

/** The product name per language (the title of pages that are not pre-rendered, until they set theirs). */
export async function appNames(): Promise<Record<Language, string>> {
  const names = {} as Record<Language, string>;
  for (const lang of LANGUAGES) {
    const messages = await loadMessageGroups(lang, ['core']);
    names[lang] = createIntl({ locale: HTML_LANG[lang], defaultLocale: 'en', messages }).formatMessage(appMessages.name);
  }
  return names;
}
