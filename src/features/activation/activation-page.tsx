import { useNavigate } from '@tanstack/react-router';
import { useActorRef } from '@xstate/react';
import { useCallback, useRef } from 'react';
import type { SnapshotFrom } from 'xstate';
import { activationMachine, type ActivationKind } from '../../../machines/activation/activation.machine.ts';
import { apiActors } from '../../api/actors.ts';
import { useLanguage } from '../../i18n/i18n-provider.tsx';
import { useAppActors, usePasswordPolicy } from '../../shell/app-context.tsx';
import { invalidLinkReason } from '../../ui/invalid-link-reason.ts';
import { ActivationView } from './activation-view.tsx';

const liveActivationMachine = activationMachine.provide({
  actors: { checkRecord: apiActors.checkRecord, activate: apiActors.activate, subscribe: apiActors.subscribe },
});

type ActivationSnapshot = SnapshotFrom<typeof liveActivationMachine>;

/** True once the password is set: the server has signed the new account in. */
function isActivated(snapshot: ActivationSnapshot): boolean {
  return snapshot.matches('subscribe') || snapshot.matches('subscribing') || snapshot.matches('done');
}

/**
 * Starts the activation flow for the link's code. Once the password is set, the session actor
 * learns who is signed in (the server set the cookie); a used, expired or unknown link leaves
 * for the invalid-link page of the page's kind.
 */
export function ActivationPage({ kind, code }: { kind: ActivationKind; code: string }) {
  const { session } = useAppActors();
  const navigate = useNavigate();
  const lang = useLanguage();
  const policy = usePasswordPolicy();
  // Only so the session is asked once, not on every newsletter tick: not flow state.
  const sessionTold = useRef(false);

  const onSnapshot = useCallback(
    (snapshot: ActivationSnapshot) => {
      if (isActivated(snapshot) && !sessionTold.current) {
        sessionTold.current = true;
        session.send({ type: 'session.refresh' });
      }
      const reason = invalidLinkReason(snapshot);
      if (!reason) return;
      // Replace: going back must not land on a page that only redirects again.
      const to = kind === 'buyer' ? '/{-$lang}/buyer-activate-invalid' : '/{-$lang}/user-activate-invalid';
      void navigate({ to, params: { lang }, search: { reason }, replace: true });
    },
    [session, navigate, lang, kind],
  );
  const actor = useActorRef(liveActivationMachine, { input: { encryptCode: code, kind, policy } }, onSnapshot);
  return <ActivationView actor={actor} />;
}
