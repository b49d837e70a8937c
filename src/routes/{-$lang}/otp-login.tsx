import { createFileRoute } from '@tanstack/react-router';
import { OtpLoginPage } from '../../features/otp-login/otp-login-page.tsx';
import { RedirectSearchSchema } from '../../shell/search.ts';

/** `?redirect=` is where the sign-in goes on to, as on the password login page. */
export const Route = createFileRoute('/{-$lang}/otp-login')({
  validateSearch: RedirectSearchSchema,
  component: OtpLoginRoute,
});

function OtpLoginRoute() {
  const { redirect } = Route.useSearch();
  return <OtpLoginPage redirectTo={redirect} />;
}
