import { useNavigate } from '@tanstack/react-router';
import { useActorRef } from '@xstate/react';
import { useCallback } from 'react';
import type { SnapshotFrom } from 'xstate';
import { studentMemberUpgradeMachine } from '../../../machines/upgrade/student-member-upgrade.machine.ts';
import { upgradeActors } from '../../api/upgrade.ts';
import { useLanguage } from '../../i18n/i18n-provider.tsx';
import { useAppActors, usePasswordPolicy } from '../../shell/app-context.tsx';
import { StudentMemberUpgradeView } from './student-member-upgrade-view.tsx';

const liveMachine = studentMemberUpgradeMachine.provide({ actors: upgradeActors });

/**
 * Starts the upgrade (it reads the server's progress first, so a reload or a reopened dialog
 * resumes at the step reached). When it is done, the session takes the upgraded user at once:
 * the menu and the Family page follow the new category without signing in again.
 */
export function StudentMemberUpgradePage() {
  const { session } = useAppActors();
  const navigate = useNavigate();
  const lang = useLanguage();
  const policy = usePasswordPolicy();
  const onSnapshot = useCallback(
    (snapshot: SnapshotFrom<typeof liveMachine>) => {
      if (snapshot.status === 'done' && snapshot.output) session.send({ type: 'session.signedIn', user: snapshot.output });
    },
    [session],
  );
  const actor = useActorRef(liveMachine, { input: { policy } }, onSnapshot);
  const close = () => void navigate({ to: '/{-$lang}/profile', params: { lang } });
  return <StudentMemberUpgradeView actor={actor} onClose={close} />;
}
