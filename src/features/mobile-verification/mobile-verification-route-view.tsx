import { lazy, Suspense, use } from 'react';
import { useIntl } from 'react-intl';
import type { MobileState } from '../../../contract/schemas/profile.ts';
import { Page } from '../../ui/page.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import { loadMobileVerificationPage } from './mobile-verification-load.ts';
import { mobileVerificationMessages as m } from './mobile-verification-messages.ts';

const LazyPage = lazy(() => loadMobileVerificationPage().then((module) => ({ default: module.MobileVerificationPage })));

function Loading() {
  const intl = useIntl();
  return (
    <Page title={intl.formatMessage(m.title)}>
      <Spinner label={intl.formatMessage(m.loading)} />
    </Page>
  );
}

function WithNumber({ current }: { current: Promise<MobileState | null> }) {
  return <LazyPage current={use(current)} />;
}

/** What the route mounts: the loading state at once, the page once its code and the profile's number are here. */
export function MobileVerificationRouteView({ current }: { current: Promise<MobileState | null> }) {
  return (
    <Suspense fallback={<Loading />}>
      <WithNumber current={current} />
    </Suspense>
  );
}
