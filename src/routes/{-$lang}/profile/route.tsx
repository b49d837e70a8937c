import { createFileRoute, redirect } from '@tanstack/react-router';
import { ProfileLayout } from '../../../features/profile/profile-layout.tsx';
import { ProfilePending } from '../../../features/profile/profile-lazy.tsx';
import { profileMessages } from '../../../features/profile/profile-messages.ts';
import { settledSession } from '../../../shell/session-gate.ts';
import { signInRedirect } from '../../../shell/sign-in-redirect.ts';

/** Everything under /profile needs a session; signed-out visitors go to the login page, which brings them back (a link's code kept aside: src/shell/sign-in-redirect.ts). */
export const Route = createFileRoute('/{-$lang}/profile')({
  beforeLoad: async ({ context, params, location }) => {
    const session = await settledSession(context.session);
    if (!session.matches('signedIn')) {
      throw redirect({ to: '/{-$lang}/login', params: { lang: params.lang }, search: { redirect: signInRedirect(location) }, replace: true });
    }
  },
  component: ProfileLayout,
  pendingComponent: ProfileLayoutPending,
});

/** While the session is checked: the frame, the menu and a page outline, not a bare spinner. */
function ProfileLayoutPending() {
  return <ProfilePending title={profileMessages.editProfile} framed />;
}
