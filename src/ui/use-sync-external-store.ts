// Builds alias `use-sync-external-store/shim` here (vite.config.ts): React 19 has the hook itself.
export { useSyncExternalStore } from 'react';
