import { lazy } from 'react';
import { useIntl } from 'react-intl';
import { loadStudentUpgradePage } from './student-upgrade-load.ts';
import { upgradeMessages as m } from './upgrade-messages.ts';
import { WizardRoute } from './wizard-route.tsx';

const LazyPage = lazy(() => loadStudentUpgradePage().then((module) => ({ default: module.StudentMemberUpgradePage })));

/** The page under the dialog: its title at once, the dialog once its code is here. */
export function StudentUpgradeRouteView() {
  const intl = useIntl();
  return <WizardRoute title={intl.formatMessage(m.studentTitle)} LazyPage={LazyPage} />;
}
