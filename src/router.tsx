import { createRouter } from '@tanstack/react-router';
import { routeTree } from './routeTree.gen.ts';
import type { RouterContext } from './routes/__root.tsx';
import { PendingPage, RouteErrorPage } from './shell/route-status.tsx';

/**
 * The app's router. A plain function over `createRouter` keeps every route type (the Register
 * declaration below uses its exact return type).
 */
export function createAppRouter(context: RouterContext) {
  return createRouter({
    routeTree,
    context,
    defaultPreload: 'intent',
    defaultPendingComponent: PendingPage,
    defaultErrorComponent: RouteErrorPage,
    scrollRestoration: true,
  });
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
