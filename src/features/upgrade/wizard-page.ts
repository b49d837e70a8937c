import { useNavigate } from '@tanstack/react-router';
import { useActorRef } from '@xstate/react';
import { useCallback } from 'react';
import type { ActorRefFrom, AnyStateMachine, InputFrom, SnapshotFrom } from 'xstate';
import type { User } from '../../../contract/schemas/account.ts';
import { useLanguage } from '../../i18n/i18n-provider.tsx';
import { useAppActors } from '../../shell/app-context.tsx';

/**
 * Starts an upgrade wizard's machine (it reads the server's progress first, so a reload or a
 * reopened dialog resumes at the step reached). When it is done, the session takes the upgraded
 * user at once: the menu and the pages follow the new category without signing in again.
 * `close` leaves for the profile (the progress stays on the server).
 */
export function useWizardPage<TMachine extends AnyStateMachine>(machine: TMachine, input: InputFrom<TMachine>): { actor: ActorRefFrom<TMachine>; close: () => void } {
  const { session } = useAppActors();
  const navigate = useNavigate();
  const lang = useLanguage();
  const onSnapshot = useCallback(
    (snapshot: SnapshotFrom<TMachine>) => {
      const { status, output } = snapshot as { status: string; output?: User };
      if (status === 'done' && output) session.send({ type: 'session.signedIn', user: output });
    },
    [session],
  );
  const actor = useActorRef(machine, { input }, onSnapshot) as ActorRefFrom<TMachine>;
  const close = () => void navigate({ to: '/{-$lang}/profile', params: { lang } });
  return { actor, close };
}
