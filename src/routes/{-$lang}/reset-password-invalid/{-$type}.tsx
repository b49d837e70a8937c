import { createFileRoute } from '@tanstack/react-router';
import { InvalidLinkPage } from '../../../features/invalid-link/invalid-link-page.tsx';
import { linkReason } from '../../../shell/search.ts';

export const Route = createFileRoute('/{-$lang}/reset-password-invalid/{-$type}')({
  component: ResetPasswordInvalidRoute,
});

function ResetPasswordInvalidRoute() {
  const { type } = Route.useParams();
  return <InvalidLinkPage link="reset" reason={linkReason(type)} />;
}
