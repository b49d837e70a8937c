import { lazy, Suspense } from 'react';
import { useIntl } from 'react-intl';
import { Page } from '../../ui/page.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import { loadStudentUpgradePage } from './student-upgrade-load.ts';
import { upgradeMessages as m } from './upgrade-messages.ts';

const LazyPage = lazy(() => loadStudentUpgradePage().then((module) => ({ default: module.StudentMemberUpgradePage })));

/** The page under the dialog: its title at once, the dialog once its code is here. */
export function StudentUpgradeRouteView() {
  const intl = useIntl();
  return (
    <Page title={intl.formatMessage(m.studentTitle)}>
      <Suspense fallback={<Spinner label={intl.formatMessage(m.loading)} />}>
        <LazyPage />
      </Suspense>
    </Page>
  );
}
