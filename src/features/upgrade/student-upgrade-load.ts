import { chunk } from '../../ui/chunk.ts';

/** The dialog and its machine download beside the route's chunk, never with /profile's first load. */
export const loadStudentUpgradePage = () => chunk(import('./student-member-upgrade-page.tsx'));
