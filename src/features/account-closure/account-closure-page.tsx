import { useNavigate } from '@tanstack/react-router';
import { useActorRef } from '@xstate/react';
import { useCallback, useRef } from 'react';
import type { SnapshotFrom } from 'xstate';
import { accountClosureMachine } from '../../../machines/account-closure/account-closure.machine.ts';
import { stepUpMachine } from '../../../machines/step-up/index.ts';
import { accountClosureActors } from '../../api/account-closure.ts';
import { stepUpActors } from '../../api/step-up.ts';
import { useAppActors } from '../../shell/app-context.tsx';
import { useLanguage } from '../../i18n/i18n-provider.tsx';
import { AccountClosureView } from './account-closure-view.tsx';

const liveAccountClosureMachine = accountClosureMachine.provide({
  actors: { ...accountClosureActors, stepUp: stepUpMachine.provide({ actors: stepUpActors }) },
});

/**
 * Close my account with the real calls. Once closed the server has ended the session: the page
 * goes to the signed-out confirmation (/account-closed, outside the signed-in area, so the
 * profile's guard does not send it to the login page) and then tells the session.
 */
export function AccountClosurePage() {
  const { session } = useAppActors();
  const navigate = useNavigate();
  const lang = useLanguage();
  const left = useRef(false);
  const onSnapshot = useCallback(
    (snapshot: SnapshotFrom<typeof accountClosureMachine>) => {
      if (!snapshot.matches('closed') || snapshot.context.eraseAt === null || left.current) return;
      left.current = true;
      void navigate({ to: '/{-$lang}/account-closed', params: { lang }, search: { eraseAt: snapshot.context.eraseAt }, replace: true }).then(() =>
        session.send({ type: 'session.refresh' }),
      );
    },
    [navigate, lang, session],
  );
  const actor = useActorRef(liveAccountClosureMachine, { input: {} }, onSnapshot);
  return <AccountClosureView actor={actor} />;
}
