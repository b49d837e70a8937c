import { createFileRoute, redirect } from '@tanstack/react-router';
import { settledSession } from '../../shell/session-gate.ts';

/** Home: the profile when signed in, else the login page. */
export const Route = createFileRoute('/{-$lang}/')({
  beforeLoad: async ({ context, params }) => {
    const session = await settledSession(context.session);
    throw redirect({
      to: session.matches('signedIn') ? '/{-$lang}/profile' : '/{-$lang}/login',
      params: { lang: params.lang },
      replace: true,
    });
  },
});
