import { lazy, Suspense } from 'react';
import { useIntl } from 'react-intl';
import { Page } from '../../ui/page.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import { loadFullUpgradePage } from './full-upgrade-load.ts';
import { fullUpgradeMessages as f } from './full-upgrade-messages.ts';
import { upgradeMessages as m } from './upgrade-messages.ts';

const LazyPage = lazy(() => loadFullUpgradePage().then((module) => ({ default: module.FullMemberUpgradePage })));

/** The page under the dialog: its title at once, the dialog once its code is here. */
export function FullUpgradeRouteView() {
  const intl = useIntl();
  return (
    <Page title={intl.formatMessage(f.title)}>
      <Suspense fallback={<Spinner label={intl.formatMessage(m.loading)} />}>
        <LazyPage />
      </Suspense>
    </Page>
  );
}
