import { ANALYTICS_ENABLED_AT_START } from '../contract/constants.ts';

/** Where a page view goes; the default sends a beacon to VITE_ANALYTICS_URL when it is set. */
export type PageViewTransport = (view: { path: string; at: string }) => void;

export interface Analytics {
  enable(): void;
  disable(): void;
  readonly enabled: boolean;
  /** Records a page view; does nothing while disabled. Only the path is sent, never the query. */
  trackPageView(path: string): void;
}

export function createAnalytics(transport: PageViewTransport | null, enabledAtStart = ANALYTICS_ENABLED_AT_START): Analytics {
  let enabled = enabledAtStart;
  return {
    enable() {
      enabled = true;
    },
    disable() {
      enabled = false;
    },
    get enabled() {
      return enabled;
    },
    trackPageView(path) {
      if (!enabled || !transport) return;
      // Queries carry link tokens (reset, activation): strip them whatever the caller passed.
      const clean = path.split(/[?#]/)[0] ?? '/';
      transport({ path: clean, at: new Date().toISOString() });
    },
  };
}

function beaconTransport(url: string | undefined): PageViewTransport | null {
  if (!url) return null;
  return (view) => {
    const body = JSON.stringify(view);
    if (typeof navigator !== 'undefined' && typeof navigator.sendBeacon === 'function') {
      navigator.sendBeacon(url, new Blob([body], { type: 'application/json' }));
    }
  };
}

/** The app's adapter: off at start-up (SPEC §9) until something calls `enable()`. */
export const analytics: Analytics = createAnalytics(beaconTransport(import.meta.env?.VITE_ANALYTICS_URL));
