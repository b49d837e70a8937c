import { useSyncExternalStore } from 'react';

const subscribe = () => () => undefined;

/**
 * False while React renders on the server (the build's pre-rendering) or hydrates that markup,
 * true in every other render: components whose first render depends on what only the browser
 * knows (the session, the server's settings) show the pre-rendered state until hydration is done,
 * so the markup matches, and React re-renders them at once afterwards.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
