import { useEffect } from 'react';

/**
 * What counts as the user's first act on a page: a pointer pressed or a key pressed (Tab
 * included). Not `focus`: a page that focuses a field itself would fetch at once.
 */
const FIRST_INTERACTION = ['pointerdown', 'keydown'] as const;

/**
 * Calls `load` once, on the user's first pointer or key press on `target`; returns the cleanup.
 * For code a page does not need to show itself but must have soon after the user acts (dialogs):
 * it stays out of what the page downloads before the network is idle (the size budget,
 * docs/decisions/performance.md), and a lazy component still loads it on demand if it is needed
 * before any interaction.
 */
export function prefetchOnFirstInteraction(target: EventTarget, load: () => Promise<unknown>): () => void {
  let done = false;
  const remove = () => {
    for (const type of FIRST_INTERACTION) target.removeEventListener(type, prefetch, { capture: true });
  };
  function prefetch() {
    if (done) return;
    done = true;
    remove();
    void load().catch(() => undefined);
  }
  for (const type of FIRST_INTERACTION) target.addEventListener(type, prefetch, { capture: true, passive: true });
  return remove;
}

/** `prefetchOnFirstInteraction` on the window, for as long as the component is mounted. */
export function usePrefetchOnFirstInteraction(load: () => Promise<unknown>): void {
  useEffect(() => prefetchOnFirstInteraction(window, load), [load]);
}
