import { Suspense, type ComponentType } from 'react';
import { useIntl } from 'react-intl';
import { Page } from '../../ui/page.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import { upgradeMessages as m } from './upgrade-messages.ts';

/**
 * The page under an upgrade wizard's dialog: its title at once, the dialog (`LazyPage`, downloaded
 * beside the route's chunk) once its code is here.
 */
export function WizardRoute({ title, LazyPage }: { title: string; LazyPage: ComponentType }) {
  const intl = useIntl();
  return (
    <Page title={title}>
      <Suspense fallback={<Spinner label={intl.formatMessage(m.loading)} />}>
        <LazyPage />
      </Suspense>
    </Page>
  );
}
