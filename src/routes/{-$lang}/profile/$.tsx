import { createFileRoute, redirect } from '@tanstack/react-router';

/** Any unknown child of /profile goes to the basic profile (SPEC §2). */
export const Route = createFileRoute('/{-$lang}/profile/$')({
  beforeLoad: ({ params }) => {
    throw redirect({ to: '/{-$lang}/profile', params: { lang: params.lang }, replace: true });
  },
});
