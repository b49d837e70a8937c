import { createFileRoute } from '@tanstack/react-router';
import { loadStudentUpgradePage } from '../../../features/upgrade/student-upgrade-load.ts';
import { StudentUpgradeRouteView } from '../../../features/upgrade/student-upgrade-route-view.tsx';

/**
 * The student-member upgrade dialog over its own page, so a reload reopens it (the machine then
 * resumes at the server's step). Signed in only: the parent /profile route sends visitors to the
 * login page first; the server refuses accounts that cannot upgrade, and the dialog says so.
 */
export const Route = createFileRoute('/{-$lang}/profile/student-upgrade')({
  // Not awaited: the dialog downloads beside the route's chunk while the page's spinner shows.
  loader: () => {
    void loadStudentUpgradePage().catch(() => undefined);
  },
  component: StudentUpgradeRouteView,
});
