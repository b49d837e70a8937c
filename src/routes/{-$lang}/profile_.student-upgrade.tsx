import { createFileRoute, redirect } from '@tanstack/react-router';
import { StudentUpgradeRouteView } from '../../features/upgrade/student-upgrade-route-view.tsx';
import { settledSession } from '../../shell/session-gate.ts';

/**
 * The student-member upgrade dialog over its own page, so a reload reopens it (the machine then
 * resumes at the server's step). At /profile/student-upgrade but outside the profile frame (the
 * dialog covers it; its menu and messages were 2 KiB of this page's first download). Signed in
 * only; the server refuses accounts that cannot upgrade, and the dialog says so.
 * No loader: whatever the route tree holds is in every page's first download.
 */
export const Route = createFileRoute('/{-$lang}/profile_/student-upgrade')({
  beforeLoad: async ({ context, params, location }) => {
    const session = await settledSession(context.session);
    if (!session.matches('signedIn')) {
      throw redirect({ to: '/{-$lang}/login', params: { lang: params.lang }, search: { redirect: location.href }, replace: true });
    }
  },
  component: StudentUpgradeRouteView,
});
