import { createFileRoute } from '@tanstack/react-router';
import { QrLoginPage } from '../../features/login-qr/qr-login-page.tsx';
import { RedirectSearchSchema } from '../../shell/search.ts';

/** `?redirect=` is where the sign-in goes on to, as on the password login page. */
export const Route = createFileRoute('/{-$lang}/qr-login')({
  validateSearch: RedirectSearchSchema,
  component: QrLoginRoute,
});

function QrLoginRoute() {
  const { redirect } = Route.useSearch();
  return <QrLoginPage redirectTo={redirect} />;
}
