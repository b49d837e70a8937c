import { use } from 'react';
import { chunk } from '../../ui/chunk.ts';
import type { MobileVerificationViewProps } from './mobile-verification-view.tsx';

type ViewModule = typeof import('./mobile-verification-view.tsx');

let loaded: ViewModule | null = null;
let loading: Promise<ViewModule> | null = null;

/**
 * The view (with its calling-code table) for a flow that embeds it at a later step: the full-member
 * upgrade downloads it with its steps, not with its first screen (docs/decisions/performance.md,
 * "Per-page budget"). Its own page (/profile/mobile-verification) imports the view directly.
 */
export function loadMobileVerificationView(): Promise<ViewModule> {
  loading ??= chunk(import('./mobile-verification-view.tsx')).then(
    (module) => (loaded = module),
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}

/** The view once `loadMobileVerificationView` has brought it (no fallback then); suspends until it has. */
export function LazyMobileVerificationView(props: MobileVerificationViewProps) {
  const { MobileVerificationView } = loaded ?? use(loadMobileVerificationView());
  return <MobileVerificationView {...props} />;
}
