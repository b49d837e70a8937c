import { chunk } from '../../ui/chunk.ts';

/**
 * The page with libphonenumber-js (~34 KiB gzip) downloads beside the route's own chunk, never
 * with the first page (docs/decisions/verification-views.md). Apart so the route's loader, which
 * is not split from the route tree, pulls in nothing else.
 */
export const loadMobileVerificationPage = () => chunk(import('./mobile-verification-page.tsx'));
