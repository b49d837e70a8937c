import { useNavigate } from '@tanstack/react-router';
import { useActorRef } from '@xstate/react';
import { useCallback } from 'react';
import type { SnapshotFrom } from 'xstate';
import { mfaLoginMachine } from '../../../machines/mfa-login/mfa-login.machine.ts';
import { mfaActors } from '../../api/mfa-login.ts';
import { useLanguage } from '../../i18n/i18n-provider.tsx';
import { useAppActors } from '../../shell/app-context.tsx';
import { MfaLoginView } from './mfa-login-view.tsx';

const liveMachine = mfaLoginMachine.provide({ actors: mfaActors });

/** Starts the second step; once it completes, signs the session in and goes where the login page was asked to. */
export function MfaLoginPage({ redirectTo }: { redirectTo?: string | undefined }) {
  const { session } = useAppActors();
  const navigate = useNavigate();
  const lang = useLanguage();

  const onSnapshot = useCallback(
    (snapshot: SnapshotFrom<typeof liveMachine>) => {
      if (snapshot.status !== 'done' || !snapshot.output) return;
      session.send({ type: 'session.signedIn', user: snapshot.output });
      if (redirectTo) void navigate({ href: redirectTo, replace: true });
      else void navigate({ to: '/{-$lang}/profile', params: { lang }, replace: true });
    },
    [session, navigate, redirectTo, lang],
  );
  const actor = useActorRef(liveMachine, { input: {} }, onSnapshot);
  return <MfaLoginView actor={actor} />;
}
