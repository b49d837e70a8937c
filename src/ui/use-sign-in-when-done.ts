import { useNavigate } from '@tanstack/react-router';
import { useCallback, useMemo } from 'react';
import type { User } from '../../contract/schemas/account.ts';
import { useLanguage } from '../i18n/i18n-provider.tsx';
import { useAppActors } from '../shell/app-context.tsx';
import { inAppPath } from '../shell/search.ts';

/** The two ends of a sign-in, whichever method it took. */
export interface SignInCompletion {
  /** The session signs in and the page goes on to the destination, replacing the login page in the history. */
  signedIn: (user: User) => void;
  /** A school administrator's password was right: on to the second factor, the destination going along. */
  secondFactor: () => void;
}

/**
 * The one sign-in completion of every method (password, one-time password, QR code, second
 * factor, Google): the destination is `redirectTo` when it is a path of this site (checked here
 * again, `inAppPath`), else the profile.
 */
export function useSignInCompletion(redirectTo?: string | undefined): SignInCompletion {
  const { session } = useAppActors();
  const navigate = useNavigate();
  const lang = useLanguage();
  const destination = inAppPath(redirectTo);
  return useMemo(
    () => ({
      signedIn: (user: User) => {
        session.send({ type: 'session.signedIn', user });
        if (destination) void navigate({ href: destination, replace: true });
        else void navigate({ to: '/{-$lang}/profile', params: { lang }, replace: true });
      },
      secondFactor: () => {
        void navigate({ to: '/{-$lang}/mfa-login', params: { lang }, search: destination ? { redirect: destination } : {}, replace: true });
      },
    }),
    [session, navigate, destination, lang],
  );
}

/**
 * The snapshot listener of a login flow's page: once the flow is done with a user, the sign-in
 * completes (`useSignInCompletion`): on to `redirectTo` when given, else to the profile. Pass it to
 * `useActorRef(machine, options, listener)`.
 */
export function useSignInWhenDone(
  redirectTo?: string | undefined,
): (snapshot: { status: string; output?: User | null | undefined }) => void {
  const { signedIn } = useSignInCompletion(redirectTo);
  return useCallback(
    (snapshot) => {
      if (snapshot.status !== 'done' || !snapshot.output) return;
      signedIn(snapshot.output);
    },
    [signedIn],
  );
}
