import { createFileRoute, redirect } from '@tanstack/react-router';
import * as v from 'valibot';
import { ResetPasswordPage } from '../../features/reset-password/reset-password-page.tsx';

/** `?token=` of the emailed reset link; anything unusable reads as no token. */
const ResetSearchSchema = v.object({
  token: v.fallback(v.optional(v.pipe(v.string(), v.trim(), v.nonEmpty(), v.maxLength(200))), undefined),
});

export const Route = createFileRoute('/{-$lang}/reset-password')({
  validateSearch: ResetSearchSchema,
  beforeLoad: ({ search, params }) => {
    // A link without its token is a cut or mistyped address (SPEC §8 wrong URL).
    if (!search.token) throw redirect({ to: '/{-$lang}/reset-password-invalid/{-$type}', params: { lang: params.lang, type: 'wrongUrl' }, replace: true });
  },
  component: ResetPasswordRoute,
});

function ResetPasswordRoute() {
  const { token } = Route.useSearch();
  return <ResetPasswordPage token={token ?? ''} />;
}
