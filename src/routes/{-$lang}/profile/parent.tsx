import { createFileRoute } from '@tanstack/react-router';
import { ParentProfileRouteView } from '../../../features/profile/parent/parent-profile-route-view.tsx';
import { requirePermission } from './-permission-gate.ts';

/** Signed in (parent route) with the parent profile permission, else the 403 page. */
export const Route = createFileRoute('/{-$lang}/profile/parent')({
  beforeLoad: ({ context, params }) => requirePermission(context.session, params.lang, 'profile.parent'),
  component: ParentProfileRouteView,
});
