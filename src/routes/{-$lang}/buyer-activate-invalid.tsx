import { createFileRoute } from '@tanstack/react-router';
import { InvalidLinkPage } from '../../features/invalid-link/invalid-link-page.tsx';
import { ReasonSearchSchema } from '../../shell/search.ts';

export const Route = createFileRoute('/{-$lang}/buyer-activate-invalid')({
  validateSearch: ReasonSearchSchema,
  component: BuyerActivateInvalidRoute,
});

function BuyerActivateInvalidRoute() {
  const { reason } = Route.useSearch();
  return <InvalidLinkPage link="buyerActivation" reason={reason} />;
}
