import { useNavigate } from '@tanstack/react-router';
import { useActorRef } from '@xstate/react';
import { useCallback } from 'react';
import type { SnapshotFrom } from 'xstate';
import { passwordLoginMachine } from '../../../machines/login/password-login.machine.ts';
import { apiActors } from '../../api/actors.ts';
import { useLanguage } from '../../i18n/i18n-provider.tsx';
import { useAppActors } from '../../shell/app-context.tsx';
import { ThirdPartySignIn, useOutcomeNavigation } from '../third-party/index.ts';
import { LoginView } from './login-view.tsx';

const loginMachine = passwordLoginMachine.provide({ actors: { login: apiActors.login } });

/** Starts the login flow; once it is done, signs the session in and goes on (or on to the second factor). */
export function LoginPage({ redirectTo }: { redirectTo?: string | undefined }) {
  const { session } = useAppActors();
  const navigate = useNavigate();
  const lang = useLanguage();

  const onSnapshot = useCallback(
    (snapshot: SnapshotFrom<typeof loginMachine>) => {
      if (snapshot.status !== 'done' || !snapshot.output) return;
      if (snapshot.output.status === 'secondFactor') {
        // No session yet: the second factor comes first, and the destination goes along.
        void navigate({ to: '/{-$lang}/mfa-login', params: { lang }, search: redirectTo ? { redirect: redirectTo } : {}, replace: true });
        return;
      }
      session.send({ type: 'session.signedIn', user: snapshot.output.user });
      if (redirectTo) void navigate({ href: redirectTo, replace: true });
      else void navigate({ to: '/{-$lang}/profile', params: { lang }, replace: true });
    },
    [session, navigate, redirectTo, lang],
  );
  const actor = useActorRef(loginMachine, { input: {} }, onSnapshot);
  const onOutcome = useOutcomeNavigation(redirectTo);
  return <LoginView actor={actor} thirdParty={<ThirdPartySignIn purpose="signIn" onOutcome={onOutcome} />} />;
}
