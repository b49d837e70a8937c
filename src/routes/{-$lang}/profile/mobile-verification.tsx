import { createFileRoute } from '@tanstack/react-router';
import { loadMobileVerificationPage } from '../../../features/mobile-verification/mobile-verification-load.ts';
import { MobileVerificationRouteView } from '../../../features/mobile-verification/mobile-verification-route-view.tsx';

/** Signed in only: the parent /profile route sends visitors to the login page first. */
export const Route = createFileRoute('/{-$lang}/profile/mobile-verification')({
  // Neither is awaited: both download beside the route's chunk while the loading state shows.
  // The calls module is imported here, not at the top, to stay out of every page's start-up code.
  // A failed read of the number only leaves it unshown; the form still works.
  loader: () => {
    void loadMobileVerificationPage().catch(() => undefined);
    const current = import('../../../api/profile-mobile.ts').then((api) => api.fetchProfileMobile()).catch(() => null);
    return { current };
  },
  component: MobileVerificationRoute,
});

function MobileVerificationRoute() {
  const { current } = Route.useLoaderData();
  return <MobileVerificationRouteView current={current} />;
}
