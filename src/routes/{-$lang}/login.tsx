import { createFileRoute } from '@tanstack/react-router';
import { LoginPage } from '../../features/login/login-page.tsx';
import { RedirectSearchSchema } from '../../shell/search.ts';

export const Route = createFileRoute('/{-$lang}/login')({
  validateSearch: RedirectSearchSchema,
  component: LoginRoute,
});

function LoginRoute() {
  const { redirect } = Route.useSearch();
  return <LoginPage redirectTo={redirect} />;
}
