import { studentMemberUpgradeMachine } from '../../../machines/upgrade/student-member-upgrade.machine.ts';
import { upgradeActors } from '../../api/upgrade.ts';
import { usePasswordPolicy } from '../../shell/app-context.tsx';
import { StudentMemberUpgradeView } from './student-member-upgrade-view.tsx';
import { useWizardPage } from './wizard-page.ts';

const liveMachine = studentMemberUpgradeMachine.provide({ actors: upgradeActors });

/** The upgrade, resumed where the server's progress is, with the server's new-password policy. */
export function StudentMemberUpgradePage() {
  const policy = usePasswordPolicy();
  const { actor, close } = useWizardPage(liveMachine, { policy });
  return <StudentMemberUpgradeView actor={actor} onClose={close} />;
}
