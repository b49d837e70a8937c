import { forwardRef, useLayoutEffect, type ElementType, type ReactNode } from 'react';

/**
 * The page lock behind a modal dialog, in place of react-remove-scroll (vite.config.ts aliases the
 * package here; issue 26, docs/decisions/performance.md). Radix's dialog renders
 * `<RemoveScroll as={Slot} allowPinchZoom shards={…}>` around its overlay: this keeps that
 * component's shape and locks the page the way browsers now honour, `overflow: hidden` on the
 * root element, with the scrollbar's width given back as padding so nothing shifts. The library's
 * wheel and touch interception (for old iOS Safari, which ignored the root's overflow) and its
 * ~3.3 KiB go. The dialog's own content scrolls as before (`overflow: auto` in dialog.module.css).
 */

let locks = 0;
let saved: { overflow: string; paddingRight: string } | null = null;

function lockPage(): void {
  locks += 1;
  if (locks > 1) return;
  const root = document.documentElement;
  const scrollbar = window.innerWidth - root.clientWidth;
  saved = { overflow: root.style.overflow, paddingRight: root.style.paddingRight };
  root.style.overflow = 'hidden';
  if (scrollbar > 0) root.style.paddingRight = `${scrollbar}px`;
}

function unlockPage(): void {
  locks = Math.max(0, locks - 1);
  if (locks > 0 || !saved) return;
  const root = document.documentElement;
  root.style.overflow = saved.overflow;
  root.style.paddingRight = saved.paddingRight;
  saved = null;
}

export interface RemoveScrollProps {
  as?: ElementType;
  children?: ReactNode;
  enabled?: boolean;
  /** Accepted for the library's signature: pinch zoom is never blocked here. */
  allowPinchZoom?: boolean;
  /** Accepted for the library's signature: with the root locked, every layer above it scrolls. */
  shards?: unknown;
}

export const RemoveScroll = forwardRef<HTMLElement, RemoveScrollProps>(function RemoveScroll(
  { as: Component = 'div', children, enabled = true, allowPinchZoom: _allowPinchZoom, shards: _shards, ...rest },
  ref,
) {
  useLayoutEffect(() => {
    if (!enabled) return undefined;
    lockPage();
    return unlockPage;
  }, [enabled]);
  return (
    <Component ref={ref} {...rest}>
      {children}
    </Component>
  );
});
