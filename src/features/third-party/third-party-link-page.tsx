import { useNavigate } from '@tanstack/react-router';
import { useActorRef } from '@xstate/react';
import { useCallback } from 'react';
import type { SnapshotFrom } from 'xstate';
import { thirdPartyLinkMachine } from '../../../machines/third-party/third-party-link.machine.ts';
import { ssoActors } from '../../api/sso.ts';
import { useLanguage } from '../../i18n/i18n-provider.tsx';
import { useAppActors } from '../../shell/app-context.tsx';
import { ThirdPartyLinkView } from './third-party-link-view.tsx';

const liveMachine = thirdPartyLinkMachine.provide({ actors: { attach: ssoActors.attach } });

/** Attaches the waiting identity; then signed in (profile) or, for administrators, the second factor. */
export function ThirdPartyLinkPage() {
  const { session } = useAppActors();
  const navigate = useNavigate();
  const lang = useLanguage();
  const onSnapshot = useCallback(
    (snapshot: SnapshotFrom<typeof liveMachine>) => {
      if (snapshot.status !== 'done' || !snapshot.output) return;
      if (snapshot.output.status === 'secondFactor') {
        void navigate({ to: '/{-$lang}/mfa-login', params: { lang }, replace: true });
        return;
      }
      session.send({ type: 'session.signedIn', user: snapshot.output.user });
      void navigate({ to: '/{-$lang}/profile', params: { lang }, replace: true });
    },
    [session, navigate, lang],
  );
  const actor = useActorRef(liveMachine, { input: {} }, onSnapshot);
  return <ThirdPartyLinkView actor={actor} />;
}
