import { createRootRouteWithContext, Outlet } from '@tanstack/react-router';
import { AppActorsProvider } from '../shell/app-context.tsx';
import type { AppActors } from '../shell/app-actors.ts';

/** What every route's `beforeLoad` and `loader` receive: the app's long-lived actors. */
export type RouterContext = AppActors;

export const Route = createRootRouteWithContext<RouterContext>()({
  component: Root,
});

function Root() {
  const { session, fatalError } = Route.useRouteContext();
  return (
    <AppActorsProvider actors={{ session, fatalError }}>
      <Outlet />
    </AppActorsProvider>
  );
}
