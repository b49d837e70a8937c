import { createFileRoute, redirect } from '@tanstack/react-router';
import * as v from 'valibot';
import { ActivationPage } from '../../features/activation/activation-page.tsx';

/** `?code=` of the emailed activation link; anything unusable reads as no code. */
const ActivationSearchSchema = v.object({
  code: v.fallback(v.optional(v.pipe(v.string(), v.trim(), v.nonEmpty(), v.maxLength(200))), undefined),
});

export const Route = createFileRoute('/{-$lang}/user-activate')({
  validateSearch: ActivationSearchSchema,
  beforeLoad: ({ search, params }) => {
    // A link without its code is a cut or mistyped address (SPEC §8 wrong URL).
    if (!search.code) throw redirect({ to: '/{-$lang}/user-activate-invalid', params, search: { reason: 'wrongUrl' }, replace: true });
  },
  component: UserActivateRoute,
});

function UserActivateRoute() {
  const { code } = Route.useSearch();
  return <ActivationPage kind="user" code={code ?? ''} />;
}
