import { useNavigate } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import { useCallback } from 'react';
import type { SnapshotFrom } from 'xstate';
import type { UpgradeKind } from '../../../contract/schemas/upgrade.ts';
import { upgradeReminderMachine } from '../../../machines/upgrade/upgrade-reminder.machine.ts';
import { upgradeReminderActors } from '../../api/upgrade.ts';
import { useLanguage } from '../../i18n/i18n-provider.tsx';
import { useAppActors } from '../../shell/app-context.tsx';
import { UpgradeReminderView } from './upgrade-reminder-view.tsx';

const liveUpgradeReminderMachine = upgradeReminderMachine.provide({ actors: upgradeReminderActors });

/** The upgrade each category may make, as the profile menu offers it. */
function upgradeKindOf(category: string | null): UpgradeKind | null {
  if (category === 'STUDENT') return 'studentMember';
  if (category === 'PUBLIC') return 'fullMember';
  return null;
}

/** "Continue your upgrade" on the profile page, for the accounts that may upgrade (docs/decisions/wizard.md). */
export function UpgradeReminder() {
  const { session } = useAppActors();
  const kind = useSelector(session, (snapshot) => upgradeKindOf(snapshot.context.user?.category ?? null));
  return kind ? <UpgradeReminderOf key={kind} kind={kind} /> : null;
}

function UpgradeReminderOf({ kind }: { kind: UpgradeKind }) {
  const navigate = useNavigate();
  const lang = useLanguage();
  const onSnapshot = useCallback(
    (snapshot: SnapshotFrom<typeof upgradeReminderMachine>) => {
      if (!snapshot.matches('followed')) return;
      void navigate({ to: kind === 'studentMember' ? '/{-$lang}/profile/student-upgrade' : '/{-$lang}/profile/full-upgrade', params: { lang } });
    },
    [navigate, lang, kind],
  );
  const actor = useActorRef(liveUpgradeReminderMachine, { input: { kind } }, onSnapshot);
  return <UpgradeReminderView actor={actor} />;
}
