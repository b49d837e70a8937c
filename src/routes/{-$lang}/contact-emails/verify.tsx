import { createFileRoute } from '@tanstack/react-router';
import { EmailVerificationPage, tokenOf } from '../../../features/email-verification/email-verification-page.tsx';

/**
 * Public: the link works signed out. The token is read in the page's own chunk (no
 * `validateSearch`, which would put the check in every page's start-up code); a missing or
 * malformed token reads as an invalid link.
 */
export const Route = createFileRoute('/{-$lang}/contact-emails/verify')({
  component: VerifyRoute,
});

function VerifyRoute() {
  const search: Record<string, unknown> = Route.useSearch();
  const token = tokenOf(search.token);
  // Keyed by the token: another link opened in the same tab starts a new check.
  return <EmailVerificationPage key={token} kind="contact" token={token} />;
}
