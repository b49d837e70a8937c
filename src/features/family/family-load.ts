import { chunk } from '../../ui/chunk.ts';

/**
 * The family feature (its statecharts, the page and the home view). The route starts this download
 * from its loader, alongside the route's own chunk and messages, so it is under way before the
 * page's loading state shows (docs/decisions/family-views.md, "Size").
 */
export const loadFamilyPage = () => chunk(import('./family-page.tsx'));
