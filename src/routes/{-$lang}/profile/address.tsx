import { createFileRoute } from '@tanstack/react-router';
import { BasicProfilePending, BasicProfileRouteView } from '../../../features/profile/basic/basic-profile-route-view.tsx';

/** Signed in only: the parent /profile route sends visitors to the login page first. Address and newsletters. */
export const Route = createFileRoute('/{-$lang}/profile/address')({
  component: () => <BasicProfileRouteView section="address" />,
  pendingComponent: () => <BasicProfilePending section="address" />,
});
