/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Base of the API calls; `/api` when unset. */
  readonly VITE_API_BASE?: string;
  /** Base of the session calls; `/auth` when unset. */
  readonly VITE_AUTH_BASE?: string;
  /** Where page views are sent once analytics is enabled; nothing is sent when unset. */
  readonly VITE_ANALYTICS_URL?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
