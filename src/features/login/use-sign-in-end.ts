import { useNavigate } from '@tanstack/react-router';
import { useCallback } from 'react';
import type { LoginAnswer } from '../../../contract/schemas/account.ts';
import { useLanguage } from '../../i18n/i18n-provider.tsx';
import { useAppActors } from '../../shell/app-context.tsx';

/**
 * Where a password sign-in goes once its machine is done (the password login and the third-party
 * link): a school administrator on to the second factor (no session yet; the destination goes
 * along), anyone else signed in and on to `redirectTo` or the profile.
 */
export function useSignInEnd(redirectTo?: string) {
  const { session } = useAppActors();
  const navigate = useNavigate();
  const lang = useLanguage();
  return useCallback(
    (snapshot: { status: string; output?: LoginAnswer | undefined }) => {
      if (snapshot.status !== 'done' || !snapshot.output) return;
      if (snapshot.output.status === 'secondFactor') {
        void navigate({ to: '/{-$lang}/mfa-login', params: { lang }, search: redirectTo ? { redirect: redirectTo } : {}, replace: true });
        return;
      }
      session.send({ type: 'session.signedIn', user: snapshot.output.user });
      if (redirectTo) void navigate({ href: redirectTo, replace: true });
      else void navigate({ to: '/{-$lang}/profile', params: { lang }, replace: true });
    },
    [session, navigate, redirectTo, lang],
  );
}
