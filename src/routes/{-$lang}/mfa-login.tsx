import { createFileRoute } from '@tanstack/react-router';
import { MfaLoginPage } from '../../features/mfa-login/mfa-login-page.tsx';
import { RedirectSearchSchema } from '../../shell/search.ts';

/** Public: the pending sign-in's cookie, not a session, says who is logging in. */
export const Route = createFileRoute('/{-$lang}/mfa-login')({
  validateSearch: RedirectSearchSchema,
  component: MfaLoginRoute,
});

function MfaLoginRoute() {
  const { redirect } = Route.useSearch();
  return <MfaLoginPage redirectTo={redirect} />;
}
