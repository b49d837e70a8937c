import { createRouter, type RouterHistory } from '@tanstack/react-router';
import { routeTree } from './routeTree.gen.ts';
import type { RouterContext } from './routes/__root.tsx';
import { PendingPage, RouteErrorPage } from './shell/route-status.tsx';

export interface PrerenderOptions {
  /** A memory history at the page to render. */
  history: RouterHistory;
}

/**
 * The app's router. A plain function over `createRouter` keeps every route type (the Register
 * declaration below uses its exact return type). `prerender` builds the router the build uses to
 * render public pages to HTML (scripts/prerender-entry.ts): server mode, no scroll restoration
 * (whose server part is an inline script, which the CSP refuses).
 */
export function createAppRouter(context: RouterContext, prerender?: PrerenderOptions) {
  return createRouter({
    routeTree,
    context,
    defaultPreload: 'intent',
    defaultPendingComponent: PendingPage,
    defaultErrorComponent: RouteErrorPage,
    scrollRestoration: !prerender,
    ...(prerender ? { history: prerender.history, isServer: true } : {}),
  });
}

export type AppRouter = ReturnType<typeof createAppRouter>;

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
