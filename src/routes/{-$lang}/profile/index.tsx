import { createFileRoute } from '@tanstack/react-router';
import { BasicProfilePending, BasicProfileRouteView } from '../../../features/profile/basic/basic-profile-route-view.tsx';

/** Signed in only: the parent /profile route sends visitors to the login page first. Personal details. */
export const Route = createFileRoute('/{-$lang}/profile/')({
  component: () => <BasicProfileRouteView section="personal" />,
  pendingComponent: () => <BasicProfilePending section="personal" />,
});
