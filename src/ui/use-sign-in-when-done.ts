import { useNavigate } from '@tanstack/react-router';
import { useCallback } from 'react';
import type { User } from '../../contract/schemas/account.ts';
import { useLanguage } from '../i18n/i18n-provider.tsx';
import { useAppActors } from '../shell/app-context.tsx';

/**
 * The snapshot listener of a login flow's page: once the flow is done with a user, the session
 * signs in and the page goes on to `redirectTo` when given, else to the profile (replacing the
 * login page in the history). Pass it to `useActorRef(machine, options, listener)`.
 */
export function useSignInWhenDone(
  redirectTo?: string | undefined,
): (snapshot: { status: string; output?: User | null | undefined }) => void {
  const { session } = useAppActors();
  const navigate = useNavigate();
  const lang = useLanguage();
  return useCallback(
    (snapshot) => {
      if (snapshot.status !== 'done' || !snapshot.output) return;
      session.send({ type: 'session.signedIn', user: snapshot.output });
      if (redirectTo) void navigate({ href: redirectTo, replace: true });
      else void navigate({ to: '/{-$lang}/profile', params: { lang }, replace: true });
    },
    [session, navigate, redirectTo, lang],
  );
}
