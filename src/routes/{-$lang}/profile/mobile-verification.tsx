import { createFileRoute } from '@tanstack/react-router';
import { fetchProfileMobile } from '../../../api/verification.ts';
import { loadMobileVerificationPage } from '../../../features/mobile-verification/mobile-verification-load.ts';
import { MobileVerificationRouteView } from '../../../features/mobile-verification/mobile-verification-route-view.tsx';

/** Signed in only: the parent /profile route sends visitors to the login page first. */
export const Route = createFileRoute('/{-$lang}/profile/mobile-verification')({
  // Neither is awaited: both download beside the route's chunk while the loading state shows.
  // A failed read of the number only leaves it unshown; the form still works.
  loader: () => {
    void loadMobileVerificationPage().catch(() => undefined);
    return { current: fetchProfileMobile().catch(() => null) };
  },
  component: MobileVerificationRoute,
});

function MobileVerificationRoute() {
  const { current } = Route.useLoaderData();
  return <MobileVerificationRouteView current={current} />;
}
