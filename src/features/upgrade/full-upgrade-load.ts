import { chunk } from '../../ui/chunk.ts';

/** The dialog, its machine and the mobile verification it invokes download beside the route's chunk, never with /profile's first load. */
export const loadFullUpgradePage = () => chunk(import('./full-member-upgrade-page.tsx'));
