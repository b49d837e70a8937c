import { createFileRoute, redirect } from '@tanstack/react-router';
import { FullUpgradeRouteView } from '../../features/upgrade/full-upgrade-route-view.tsx';
import { settledSession } from '../../shell/session-gate.ts';

/**
 * The full-member upgrade dialog over its own page, as the student-member one
 * (profile_.student-upgrade.tsx): a reload reopens it at the server's step. Signed in only; the
 * server refuses accounts that cannot upgrade, and the dialog says so. No loader.
 */
export const Route = createFileRoute('/{-$lang}/profile_/full-upgrade')({
  beforeLoad: async ({ context, params, location }) => {
    const session = await settledSession(context.session);
    if (!session.matches('signedIn')) {
      throw redirect({ to: '/{-$lang}/login', params: { lang: params.lang }, search: { redirect: location.href }, replace: true });
    }
  },
  component: FullUpgradeRouteView,
});
