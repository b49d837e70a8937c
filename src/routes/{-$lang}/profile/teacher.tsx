import { createFileRoute } from '@tanstack/react-router';
import { TeacherProfileRouteView } from '../../../features/profile/teacher/teacher-profile-route-view.tsx';
import { requirePermission } from './-permission-gate.ts';

/** Signed in (parent route) with the teacher profile permission, else the 403 page. */
export const Route = createFileRoute('/{-$lang}/profile/teacher')({
  beforeLoad: ({ context, params }) => requirePermission(context.session, params.lang, 'profile.teacher'),
  component: TeacherProfileRouteView,
});
