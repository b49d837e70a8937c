import { createFileRoute } from '@tanstack/react-router';
import { InvalidLinkPage } from '../../features/invalid-link/invalid-link-page.tsx';
import { ReasonSearchSchema } from '../../shell/search.ts';

export const Route = createFileRoute('/{-$lang}/user-activate-invalid')({
  validateSearch: ReasonSearchSchema,
  component: UserActivateInvalidRoute,
});

function UserActivateInvalidRoute() {
  const { reason } = Route.useSearch();
  return <InvalidLinkPage link="activation" reason={reason} />;
}
