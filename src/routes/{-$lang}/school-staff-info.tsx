import { createFileRoute, redirect } from '@tanstack/react-router';
import { ProfileLayout } from '../../features/profile/profile-layout.tsx';
import { ProfilePending } from '../../features/profile/profile-lazy.tsx';
import { profileMessages } from '../../features/profile/profile-messages.ts';
import { SchoolStaffRouteView } from '../../features/profile/school-staff/school-staff-route-view.tsx';
import { settledSession } from '../../shell/session-gate.ts';
import { requirePermission } from './profile/-permission-gate.ts';

/** Signed in, teacher profile permission and a school-based teacher (SPEC §2, §6), else the 403 page. */
export const Route = createFileRoute('/{-$lang}/school-staff-info')({
  beforeLoad: async ({ context, params, location }) => {
    const session = await settledSession(context.session);
    if (!session.matches('signedIn')) {
      throw redirect({ to: '/{-$lang}/login', params: { lang: params.lang }, search: { redirect: location.href }, replace: true });
    }
    await requirePermission(context.session, params.lang, 'profile.teacher', ['SCHOOL_BASED_TEACHER']);
  },
  component: SchoolStaffInfoRoute,
  pendingComponent: SchoolStaffInfoPending,
});

/** In the profile frame, with the menu, like the pages under /profile. */
function SchoolStaffInfoRoute() {
  return (
    <ProfileLayout>
      <SchoolStaffRouteView />
    </ProfileLayout>
  );
}

function SchoolStaffInfoPending() {
  return <ProfilePending title={profileMessages.schoolStaff} framed />;
}
