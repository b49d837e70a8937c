import { createFileRoute } from '@tanstack/react-router';
import { BasicProfilePending, BasicProfileRouteView } from '../../../features/profile/basic/basic-profile-route-view.tsx';

/** Signed in only: the parent /profile route sends visitors to the login page first. Login and contact emails, mobile, linked sign-ins. */
export const Route = createFileRoute('/{-$lang}/profile/emails')({
  component: () => <BasicProfileRouteView section="emails" />,
  pendingComponent: () => <BasicProfilePending section="emails" />,
});
