import { lazy } from 'react';
import { useIntl } from 'react-intl';
import { loadFullUpgradePage } from './full-upgrade-load.ts';
import { fullUpgradeMessages as f } from './full-upgrade-messages.ts';
import { WizardRoute } from './wizard-route.tsx';

const LazyPage = lazy(() => loadFullUpgradePage().then((module) => ({ default: module.FullMemberUpgradePage })));

/** The page under the dialog: its title at once, the dialog once its code is here. */
export function FullUpgradeRouteView() {
  const intl = useIntl();
  return <WizardRoute title={intl.formatMessage(f.title)} LazyPage={LazyPage} />;
}
