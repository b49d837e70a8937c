import { RouterProvider } from '@tanstack/react-router';
import { StrictMode, startTransition, useLayoutEffect, type ReactNode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { analytics } from './analytics.ts';
import { answerOwnLocalesDirectly } from './i18n/intl-shortcuts.ts';
import { createAppRouter } from './router.tsx';
import { startAppActors } from './shell/app-actors.ts';

/** Runs once React has committed the first render into the page (hydrated or rendered). */
function Committed({ onCommit, children }: { onCommit: () => void; children: ReactNode }) {
  useLayoutEffect(onCommit, [onCommit]);
  return children;
}

export interface StartOptions {
  /**
   * The container holds the HTML the build pre-rendered for this very URL (server/spa.ts marks it
   * `data-prerendered` and `inert`): take it over with hydration instead of rendering anew.
   */
  hydrate: boolean;
}

/** Lets the browser handle input and paint between steps of the start-up. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * Starts the app's actors and router and renders into `container`. A pre-rendered page is not
 * touched until the router has loaded everything the page needs (its chunks, messages, settings),
 * so the first commit hydrates the same markup: nothing on screen changes, and the page becomes
 * usable (`inert` removed) at that moment. The steps run in separate tasks, so none of them holds
 * the main thread for long while the page is already on screen.
 */
export async function startApp(container: HTMLElement, { hydrate }: StartOptions): Promise<void> {
  const prerendered = container.hasChildNodes();
  answerOwnLocalesDirectly();
  const actors = startAppActors();
  if (prerendered) await nextTask();
  const router = createAppRouter({ session: actors.session, fatalError: actors.fatalError });
  router.subscribe('onResolved', ({ toLocation }) => analytics.trackPageView(toLocation.pathname));

  const usable = () => container.removeAttribute('inert');
  const app = (
    <StrictMode>
      <Committed onCommit={usable}>
        <RouterProvider router={router} />
      </Committed>
    </StrictMode>
  );

  if (!prerendered) {
    createRoot(container).render(app);
    return;
  }
  await nextTask();
  await router.load();
  await nextTask();
  if (hydrate) {
    // What the build rendered is TanStack Router's server output: no Suspense around the root
    // match. `ssr` makes the client render the same tree (as it does after server rendering).
    router.ssr = { manifest: undefined };
    // As a transition, hydration yields to the browser every few milliseconds instead of
    // holding the main thread for the whole tree.
    startTransition(() => {
      hydrateRoot(container, app);
    });
  } else {
    // Markup for another URL (say, the same path with a #fragment): replaced in one commit.
    createRoot(container).render(app);
  }
}
