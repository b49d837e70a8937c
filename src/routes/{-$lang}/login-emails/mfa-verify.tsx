import { createFileRoute } from '@tanstack/react-router';
import { EmailVerificationPage, tokenOf } from '../../../features/email-verification/email-verification-page.tsx';

/**
 * Public: the two-factor link works from any device, signed out. `?code=` is read in the page's
 * own chunk, as on the other link pages; a missing or malformed code reads as an invalid link.
 */
export const Route = createFileRoute('/{-$lang}/login-emails/mfa-verify')({
  component: MfaVerifyRoute,
});

function MfaVerifyRoute() {
  const search: Record<string, unknown> = Route.useSearch();
  const token = tokenOf(search.code);
  return <EmailVerificationPage key={token} kind="mfa" token={token} />;
}
