import { createFileRoute } from '@tanstack/react-router';
import { StudentUpgradeRouteView } from '../../../features/upgrade/student-upgrade-route-view.tsx';

/**
 * The student-member upgrade dialog over its own page, so a reload reopens it (the machine then
 * resumes at the server's step). Signed in only: the parent /profile route sends visitors to the
 * login page first; the server refuses accounts that cannot upgrade, and the dialog says so.
 * No loader: whatever the route tree holds is in every page's first download.
 */
export const Route = createFileRoute('/{-$lang}/profile/student-upgrade')({
  component: StudentUpgradeRouteView,
});
