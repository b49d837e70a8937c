import { createFileRoute } from '@tanstack/react-router';
import { EmailVerificationPage } from '../../../features/email-verification/email-verification-page.tsx';
import { VerifySearchSchema } from '../../../features/email-verification/verify-search.ts';

/** Public: the link works signed out. A missing token reads as an invalid link. */
export const Route = createFileRoute('/{-$lang}/contact-emails/verify')({
  validateSearch: VerifySearchSchema,
  component: VerifyRoute,
});

function VerifyRoute() {
  const { token } = Route.useSearch();
  return <EmailVerificationPage kind="contact" token={token ?? ''} />;
}
