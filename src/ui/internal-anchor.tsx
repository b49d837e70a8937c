import type { AnchorHTMLAttributes, MouseEvent } from 'react';

export type NavigateHandler = (href: string) => void;

/** A plain left click without modifiers is the app's to handle; anything else is the browser's. */
export function isPlainClick(event: MouseEvent<HTMLAnchorElement>): boolean {
  return event.button === 0 && !event.defaultPrevented && !event.metaKey && !event.altKey && !event.ctrlKey && !event.shiftKey;
}

export interface InternalAnchorProps extends AnchorHTMLAttributes<HTMLAnchorElement> {
  href: string;
  /** Client-side navigation; without it the link loads the page like any link. */
  onNavigate?: NavigateHandler | undefined;
}

/** A real link (works without the router, opens in new tabs) that navigates client-side when it can. */
export function InternalAnchor({ href, onNavigate, onClick, ...rest }: InternalAnchorProps) {
  return (
    <a
      {...rest}
      href={href}
      onClick={(event) => {
        onClick?.(event);
        if (onNavigate && isPlainClick(event)) {
          event.preventDefault();
          onNavigate(href);
        }
      }}
    />
  );
}
